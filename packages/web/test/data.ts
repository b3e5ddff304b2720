import { GENERATION_DEFAULTS, UI_SETTINGS_DEFAULTS } from "@content-studio/contract";
import type { AiServiceInfoResponse, SessionInfo, User, UserList } from "@content-studio/contract";
import { buildExampleRepoSettings } from "./examples-fixtures";
import { ok, type FakeResponse } from "./fake-api";

let sequence = 0;

export function buildUser(overrides: Partial<User> = {}): User {
  sequence += 1;
  return {
    id: `user-${sequence}`,
    name: `User ${sequence}`,
    email: `user${sequence}@example.com`,
    role: "editor",
    active: true,
    createdAt: "2026-01-15T09:00:00.000Z",
    ...overrides,
  };
}

const AI_SERVICE_INFO: AiServiceInfoResponse = {
  provider: "openai",
  model: "gpt-4o-mini",
  providerLabel: "OpenAI",
  providers: [],
  can: { change: false },
};

/** Routes for the session and the startup data (empty reference lists). */
export function startupRoutes(session: SessionInfo): Record<string, FakeResponse> {
  return {
    "GET /api/session": ok(session),
    "GET /api/ai-service-info": ok(AI_SERVICE_INFO),
    "GET /api/personas": ok([]),
    "GET /api/industries": ok([]),
    "GET /api/buying-stages": ok(["awareness", "consideration", "decision"]),
    "GET /api/me/settings": ok(UI_SETTINGS_DEFAULTS),
  };
}

/**
 * GET /api/users as the server answers an admin (`me`): every action on others, no role change,
 * deactivation or password reset of their own account.
 */
export function usersAnswer(users: User[], me?: User): UserList {
  return {
    users: users.map((u) => {
      const other = u.id !== (me ?? users.find((x) => x.role === "admin"))?.id;
      return { ...u, can: { changeRole: other, deactivate: other, resetPassword: other } };
    }),
    can: { create: true },
  };
}

/** The settings a viewer's dashboard reads as it opens (defaults; nothing may be changed). */
export function viewerSettingsRoutes(): Record<string, FakeResponse> {
  return {
    "GET /api/settings/generation": ok({
      ...GENERATION_DEFAULTS,
      can: { edit: false, generate: false },
    }),
    "GET /api/settings/example-repository": ok(buildExampleRepoSettings()),
  };
}
