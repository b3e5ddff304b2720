import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type {
  ContentType,
  GenerationEvent,
  IngestJob,
  QualityReport,
} from "@content-studio/contract";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { SessionUser } from "../src/plugins/access";
import { AI_PROVIDER_SETTING } from "../src/modules/ai/ai-provider.service";
import { adminResetPassword } from "../src/modules/users/password-reset.service";
import { getCompanyProfile } from "../src/modules/reference/company-profile.service";
import { getGenerationSettings } from "../src/modules/settings/generation-settings";
import { EXAMPLE_REPO_SETTING, GENERATION_SETTING } from "../src/modules/settings/stored-settings";
import { findIngestRun } from "../src/modules/examples/examples.repository";
import { exportBrief } from "../src/modules/campaigns/campaigns.service";
import { insertKit } from "../src/modules/campaigns/kit.repository";
import { createToken } from "../src/modules/tokens/tokens.service";
import { readSetting, writeSetting } from "../src/modules/settings/settings.repository";
import { BANNED_PHRASES_SETTING } from "../src/modules/settings/banned-phrases";
import { WEBHOOK_ALLOW_LIST_SETTING } from "../src/modules/webhooks/webhook-allow-list";
import { createWebhook, sendTestEvent } from "../src/modules/webhooks/webhooks.service";
import { createConnection } from "../src/modules/publishing/publishing-connections.service";
import { saveSsoSettings, ssoCallbackUrl } from "../src/modules/sso/sso.service";
import type { SmtpFake } from "./fakes/smtp-server";
import { startFakeIdentityProvider, type FakeIdentityProvider } from "./fakes/oidc-provider";
import { exampleMarkdown, multipartBody } from "./fixtures/examples";
import { Agent, type TestApp } from "./helper";
import {
  buildAccount,
  buildBrief,
  briefInput,
  buildContentItem,
  buildEditedContentItem,
  buildExample,
  buildFact,
  buildImportPreview,
  buildSignedIn,
  buildTrashedContentItem,
  exampleInput,
  factInput,
  glossaryTermInput,
  intentCsv,
  multipartFile,
  unique,
  uniqueAddress,
} from "./support/factories";
import { VALID_REQUEST } from "./support/generation";

export type Caller = "anonymous" | "viewer" | "editor" | "admin";

/** What a case may use to build its records and check them. */
export interface CaseContext {
  t: TestApp;
  caller: Caller;
  /** The caller's account; null for anonymous. */
  user: SessionUser | null;
  /** Accounts the arrange steps act as where a record needs an author (never the caller's). */
  actors: { admin: SessionUser; editor: SessionUser };
  smtp: SmtpFake;
  /** EXAMPLES_ROOT of the app: server-folder ingests read below it. */
  examplesRoot: string;
}

/** The request a case sends, built fresh for each caller. */
export interface Arranged {
  /** Values for the route's `:name` segments. */
  params?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A multipart body (uploads); sent instead of `body`. */
  multipart?: { payload: Buffer; headers: Record<string, string> };
  /**
   * Sends the request as this client instead of the caller's shared one: routes that change the
   * caller's own account or session act on a fresh account of the caller's role.
   */
  agent?: Agent;
  remoteAddress?: string;
}

/**
 * One state-changing route, driven with a valid request: `arrange` builds fresh records and the
 * request, `snapshot` reads what the route would change, `expectEffect` checks that the change
 * happened (it gets the snapshot taken before the request).
 */
export interface RouteCase<A extends Arranged = Arranged> {
  /** Status of an allowed call. */
  status: number;
  /** Callers whose allowed call is checked for its effect; default: the lowest allowed role and admin. */
  effectCallers?: Caller[];
  /** The route only works on a database without any account (first-admin setup). */
  emptyDatabase?: boolean;
  arrange(ctx: CaseContext): Promise<A>;
  snapshot(ctx: CaseContext, arranged: A): Promise<unknown>;
  expectEffect(
    ctx: CaseContext,
    arranged: A,
    res: LightMyRequestResponse,
    before: unknown,
  ): Promise<void>;
}

/** The check of a case on one record (`arranged.id`), given the answer. */
type RecordEffect = (
  ctx: CaseContext,
  arranged: Arranged & { id: string },
  res: LightMyRequestResponse,
) => Promise<void>;

/** Erases a case's own arranged type (methods are checked bivariantly). */
const routeCase = <A extends Arranged>(c: RouteCase<A>): RouteCase => c;

const dataOf = <T>(res: LightMyRequestResponse): T => res.json<{ data: T }>().data;

/** The actor a record is made by: the caller when it may, else the stand-in of the same rank. */
const authorOf = (ctx: CaseContext, min: "editor" | "admin"): SessionUser => {
  if (ctx.user && (ctx.user.role === "admin" || ctx.user.role === min)) return ctx.user;
  return min === "admin" ? ctx.actors.admin : ctx.actors.editor;
};

/**
 * Routes on the caller's own account act on a fresh signed-in account of the caller's role (a
 * viewer's for an anonymous caller, who sends without its session): its id and password, and
 * the client to send as.
 */
async function ownFreshAccount(ctx: CaseContext) {
  const session = await buildSignedIn(ctx.t, ctx.caller === "anonymous" ? "viewer" : ctx.caller);
  return {
    userId: session.user.id,
    password: session.password,
    agent: ctx.caller === "anonymous" ? ctx.t.anonymous : session.agent,
  };
}

/** Number of audit entries of the action (about the target when one is given). */
async function auditCount(t: TestApp, action: string, targetId?: string): Promise<number> {
  let query = t.db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("action", "=", action);
  if (targetId !== undefined) query = query.where("target_id", "=", targetId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

async function countRows(
  t: TestApp,
  table:
    "content_item" | "example" | "user" | "intent_dataset" | "intent_import" | "campaign_brief",
): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const userRow = (t: TestApp, id: string) =>
  t.db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
const userByEmail = (t: TestApp, email: string) =>
  t.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
const passwordHash = async (t: TestApp, userId: string) =>
  (
    await t.db
      .selectFrom("account")
      .select("password")
      .where("userId", "=", userId)
      .where("providerId", "=", "credential")
      .executeTakeFirst()
  )?.password ?? null;
const preferencesOf = (t: TestApp, userId: string) =>
  t.db.selectFrom("user_preference").selectAll().where("user_id", "=", userId).executeTakeFirst();
const sessionsOf = (t: TestApp, userId: string) =>
  t.db.selectFrom("session").select("id").where("userId", "=", userId).execute();
const contentRow = (t: TestApp, id: string) =>
  t.db.selectFrom("content_item").selectAll().where("id", "=", id).executeTakeFirst();
const exampleRow = (t: TestApp, id: string) =>
  t.db.selectFrom("example").selectAll().where("id", "=", id).executeTakeFirst();
const factRow = (t: TestApp, id: string) =>
  t.db.selectFrom("proof_fact").selectAll().where("id", "=", id).executeTakeFirst();
const examplesTitled = (t: TestApp, title: string) =>
  t.db.selectFrom("example").selectAll().where("title", "=", title).execute();
const eventsOf = (t: TestApp, itemId: string) =>
  t.db
    .selectFrom("content_item_event")
    .select(["kind", "version", "from_status", "to_status"])
    .where("content_item_id", "=", itemId)
    .orderBy("seq")
    .execute();

/** A content item, its versions, its events and its audit entries: what a library route changes. */
async function itemState(t: TestApp, id: string) {
  const versions = await t.db
    .selectFrom("content_item_version")
    .select(["version", "headline", "body"])
    .where("content_item_id", "=", id)
    .orderBy("version")
    .execute();
  const audit = await t.db
    .selectFrom("audit_log")
    .select("action")
    .where("target_id", "=", id)
    .orderBy("at")
    .execute();
  return {
    item: (await contentRow(t, id)) ?? null,
    versions,
    events: await eventsOf(t, id),
    audit: audit.map((a) => a.action),
  };
}
type ItemState = Awaited<ReturnType<typeof itemState>>;

async function settingState(t: TestApp, key: string) {
  return {
    value: (await readSetting(t.db, key)) ?? null,
    audit: await auditCount(t, settingAction(key), key),
  };
}
function settingAction(key: string): string {
  return (
    {
      [AI_PROVIDER_SETTING]: "settings.ai_provider_changed",
      [GENERATION_SETTING]: "settings.generation_changed",
      [BANNED_PHRASES_SETTING]: "settings.banned_phrases_changed",
      [EXAMPLE_REPO_SETTING]: "settings.example_repository_changed",
    }[key] ?? "unknown"
  );
}
type SettingState = Awaited<ReturnType<typeof settingState>>;

/** Library routes: one fresh item per caller; the state read is the item's whole history. */
function libraryCase(
  status: number,
  make: (ctx: CaseContext) => Promise<string>,
  request: (id: string) => Omit<Arranged, "params"> & { params?: Record<string, string> },
  effect: (after: ItemState, before: ItemState, res: LightMyRequestResponse, id: string) => void,
): RouteCase {
  return routeCase<Arranged & { id: string }>({
    status,
    async arrange(ctx) {
      const id = await make(ctx);
      const r = request(id);
      return { ...r, params: { id, ...r.params }, id };
    },
    snapshot: (ctx, a) => itemState(ctx.t, a.id),
    async expectEffect(ctx, a, res, before) {
      effect(await itemState(ctx.t, a.id), before as ItemState, res, a.id);
    },
  });
}

/** Settings routes (admin only): the body changes the stored value; an audit entry records it. */
function settingCase(key: string, next: (ctx: CaseContext) => Promise<unknown>): RouteCase {
  return routeCase<Arranged>({
    status: 200,
    async arrange(ctx) {
      return { body: await next(ctx) };
    },
    snapshot: (ctx) => settingState(ctx.t, key),
    async expectEffect(ctx, a, res, before) {
      const after = await settingState(ctx.t, key);
      expect(after.value).not.toEqual((before as SettingState).value);
      expect(after.audit).toBe((before as SettingState).audit + 1);
      expect(res.json()).toMatchObject({ success: true });
    },
  });
}

/** Routes that answer from the body without storing anything: the check is a real answer. */
function answerCase(
  body: () => unknown,
  expectAnswer: (res: LightMyRequestResponse) => void,
  params?: (ctx: CaseContext) => Promise<Record<string, string>>,
): RouteCase {
  return routeCase<Arranged>({
    status: 200,
    async arrange(ctx) {
      return { body: body(), ...(params ? { params: await params(ctx) } : {}) };
    },
    snapshot: async (ctx, a) =>
      a.params?.id ? ((await contentRow(ctx.t, a.params.id)) ?? null) : null,
    async expectEffect(ctx, a, res, before) {
      expectAnswer(res);
      // Nothing is stored: the item (when there is one) is as it was.
      if (a.params?.id) expect(await contentRow(ctx.t, a.params.id)).toEqual(before);
    },
  });
}

/**
 * Routes on one record (a webhook endpoint, a publishing connection): `build` makes a fresh one
 * per caller; the change is one more audit entry of `action` on it.
 */
function auditedRecordCase(
  build: (ctx: CaseContext) => Promise<string>,
  status: number,
  action: string,
  body?: () => unknown,
): RouteCase {
  return routeCase<Arranged & { id: string }>({
    status,
    async arrange(ctx) {
      const id = await build(ctx);
      return { ...(body ? { body: body() } : {}), id, params: { id } };
    },
    snapshot: async (ctx, a) => auditCount(ctx.t, action, a.id),
    async expectEffect(ctx, a, _res, before) {
      expect(await auditCount(ctx.t, action, a.id)).toBe((before as number) + 1);
    },
  });
}

/**
 * Generation routes: a fresh topic per caller; one more content item, the one `storedId` reads
 * from the answer, with that topic.
 */
function generationCase(storedId: (res: LightMyRequestResponse) => string): RouteCase {
  return routeCase<Arranged & { topic: string }>({
    status: 200,
    async arrange() {
      const topic = unique("Should-cost analysis");
      return { topic, body: { ...VALID_REQUEST, contentTopic: topic } };
    },
    snapshot: (ctx) => countRows(ctx.t, "content_item"),
    async expectEffect(ctx, a, res, before) {
      const id = storedId(res);
      expect(await countRows(ctx.t, "content_item")).toBe((before as number) + 1);
      expect((await contentRow(ctx.t, id))?.topic).toBe(a.topic);
    },
  });
}

const SECTIONS = {
  headline: "Should-cost reviews that catch aerospace cost overruns before design freeze",
  introduction:
    "Most aerospace programs discover cost problems after design freeze, when changes are slow and expensive.",
  body: "<h2>Why cost surprises arrive late</h2><p>Engineers lock in most product cost during design, yet cost data arrives after release.</p><h2>How a review works</h2><ul><li>Set a target cost per part.</li><li>Review gaps at every gate.</li></ul>",
  conclusion: "Download the should-cost evaluation checklist for your next program review.",
};

function generationEvents(res: LightMyRequestResponse): GenerationEvent[] {
  return res.body
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as GenerationEvent);
}

/**
 * Every state-changing route ("METHOD /api/path", as in route-access.ts) with a valid request
 * and the change it makes. The authorization matrix sends each refused caller the same request
 * and checks that nothing changed, and checks the effect for the allowed ones.
 */
export const ROUTE_CASES: Record<string, RouteCase> = {
  // ---- system ----
  "POST /api/change-ai-provider": routeCase<Arranged>({
    status: 200,
    async arrange(ctx) {
      // Another provider is current, so choosing the built-in writer is a change.
      await writeSetting(
        ctx.t.db,
        AI_PROVIDER_SETTING,
        { provider: "openai", model: "gpt-4o-mini" },
        null,
      );
      return { body: { provider: "builtin", model: "content-studio-writer-1" } };
    },
    snapshot: (ctx) => settingState(ctx.t, AI_PROVIDER_SETTING),
    async expectEffect(ctx, a, res, before) {
      const after = await settingState(ctx.t, AI_PROVIDER_SETTING);
      expect(after.value).toEqual({ provider: "builtin", model: "content-studio-writer-1" });
      expect(after.audit).toBe((before as SettingState).audit + 1);
      expect(dataOf<{ provider: string }>(res)).toMatchObject({ provider: "builtin" });
    },
  }),

  // ---- auth ----
  "POST /api/setup/admin": routeCase<Arranged & { email: string }>({
    status: 201,
    emptyDatabase: true,
    effectCallers: ["anonymous"],
    async arrange() {
      const email = `${unique("first-admin")}@example.test`.toLowerCase();
      return { email, body: { name: "First Admin", email, password: "Sturdy-Setup-Passphrase-7" } };
    },
    snapshot: (ctx) => countRows(ctx.t, "user"),
    async expectEffect(ctx, a, res, before) {
      expect(await countRows(ctx.t, "user")).toBe((before as number) + 1);
      const user = await userByEmail(ctx.t, a.email);
      expect(user.role).toBe("admin");
      expect(await sessionsOf(ctx.t, user.id)).toHaveLength(1);
      expect(String(res.headers["set-cookie"])).toMatch(/session_token=/);
    },
  }),

  "POST /api/auth/sign-in/email": routeCase<Arranged & { userId: string }>({
    status: 200,
    async arrange(ctx) {
      const account = await buildAccount(ctx.t, "viewer");
      return {
        userId: account.user.id,
        // A fresh client: a signed-in caller's own session stays as it is.
        agent: new Agent(ctx.t.app),
        remoteAddress: uniqueAddress(),
        body: { email: account.email, password: account.password },
      };
    },
    snapshot: async (ctx, a) => ({
      sessions: (await sessionsOf(ctx.t, a.userId)).length,
      audit: await auditCount(ctx.t, "auth.sign_in", a.userId),
    }),
    async expectEffect(ctx, a, res) {
      expect(await sessionsOf(ctx.t, a.userId)).toHaveLength(1);
      expect(await auditCount(ctx.t, "auth.sign_in", a.userId)).toBe(1);
      expect((await a.agent!.get("/api/session")).json()).toMatchObject({
        data: { user: { id: a.userId } },
      });
      expect(dataOf<{ user: { id: string } }>(res).user.id).toBe(a.userId);
    },
  }),

  "POST /api/auth/sign-out": routeCase<Arranged & { userId: string }>({
    status: 200,
    // Signing out changes something only for a signed-in caller.
    effectCallers: ["viewer", "admin"],
    async arrange(ctx) {
      const role = ctx.caller === "anonymous" ? "viewer" : ctx.caller;
      const session = await buildSignedIn(ctx.t, role);
      return {
        userId: session.user.id,
        agent: ctx.caller === "anonymous" ? new Agent(ctx.t.app) : session.agent,
      };
    },
    snapshot: async (ctx, a) => (await sessionsOf(ctx.t, a.userId)).length,
    async expectEffect(ctx, a) {
      expect(await sessionsOf(ctx.t, a.userId)).toHaveLength(0);
      expect((await a.agent!.get("/api/session")).json()).toMatchObject({ data: { user: null } });
    },
  }),

  // ---- users ----
  "POST /api/users": routeCase<Arranged & { email: string }>({
    status: 201,
    async arrange() {
      const email = `${unique("new-user")}@example.test`.toLowerCase();
      return {
        email,
        body: {
          name: "New Editor",
          email,
          password: "Sturdy-Created-Passphrase-3",
          role: "editor",
        },
      };
    },
    snapshot: async (ctx, a) => ({
      users: await ctx.t.db.selectFrom("user").select("id").where("email", "=", a.email).execute(),
      audit: await auditCount(ctx.t, "user.created"),
    }),
    async expectEffect(ctx, a, res, before) {
      const user = await userByEmail(ctx.t, a.email);
      expect(user.role).toBe("editor");
      expect(dataOf<{ id: string }>(res).id).toBe(user.id);
      expect(await auditCount(ctx.t, "user.created", user.id)).toBe(1);
      expect(await auditCount(ctx.t, "user.created")).toBe((before as { audit: number }).audit + 1);
    },
  }),

  "PATCH /api/users/:id": routeCase<Arranged & { userId: string }>({
    status: 200,
    async arrange(ctx) {
      const target = await buildSignedIn(ctx.t, "viewer");
      return { userId: target.user.id, params: { id: target.user.id }, body: { role: "editor" } };
    },
    snapshot: async (ctx, a) => ({
      user: await userRow(ctx.t, a.userId),
      sessions: (await sessionsOf(ctx.t, a.userId)).length,
      audit: await auditCount(ctx.t, "user.role_changed", a.userId),
    }),
    async expectEffect(ctx, a) {
      expect((await userRow(ctx.t, a.userId))?.role).toBe("editor");
      // A role change ends the user's sessions at once.
      expect(await sessionsOf(ctx.t, a.userId)).toHaveLength(0);
      expect(await auditCount(ctx.t, "user.role_changed", a.userId)).toBe(1);
    },
  }),

  // ---- company profile ----
  "PUT /api/company-profile": routeCase<Arranged & { companyName: string }>({
    status: 200,
    async arrange(ctx) {
      const companyName = unique("Acme Costing");
      const current = await getCompanyProfile(ctx.t.db);
      return { companyName, body: { ...current, companyName } };
    },
    snapshot: async (ctx) => ({
      profile: await getCompanyProfile(ctx.t.db),
      audit: await auditCount(ctx.t, "company.profile_changed"),
    }),
    async expectEffect(ctx, a, res, before) {
      expect((await getCompanyProfile(ctx.t.db)).companyName).toBe(a.companyName);
      expect(await auditCount(ctx.t, "company.profile_changed")).toBe(
        (before as { audit: number }).audit + 1,
      );
    },
  }),

  // ---- account ----
  "PUT /api/me/settings": routeCase<Arranged & { userId: string }>({
    status: 200,
    async arrange(ctx) {
      return {
        ...(await ownFreshAccount(ctx)),
        body: { darkMode: true, accentColor: "teal", compactMode: true },
      };
    },
    snapshot: async (ctx, a) => ({
      prefs: (await preferencesOf(ctx.t, a.userId)) ?? null,
      audit: await auditCount(ctx.t, "account.preferences_changed", a.userId),
    }),
    async expectEffect(ctx, a) {
      expect(await preferencesOf(ctx.t, a.userId)).toMatchObject({
        dark_mode: true,
        accent_color: "teal",
        compact_mode: true,
      });
      expect(await auditCount(ctx.t, "account.preferences_changed", a.userId)).toBe(1);
    },
  }),

  "PATCH /api/me": routeCase<Arranged & { userId: string; name: string }>({
    status: 200,
    async arrange(ctx) {
      const name = unique("Renamed");
      return { ...(await ownFreshAccount(ctx)), name, body: { name } };
    },
    snapshot: async (ctx, a) => ({
      user: await userRow(ctx.t, a.userId),
      audit: await auditCount(ctx.t, "account.name_changed", a.userId),
    }),
    async expectEffect(ctx, a) {
      expect((await userRow(ctx.t, a.userId))?.name).toBe(a.name);
      expect(await auditCount(ctx.t, "account.name_changed", a.userId)).toBe(1);
    },
  }),

  "POST /api/me/password": routeCase<Arranged & { userId: string }>({
    status: 200,
    async arrange(ctx) {
      const own = await ownFreshAccount(ctx);
      return {
        ...own,
        body: { currentPassword: own.password, newPassword: "Another-Sturdy-Phrase-81" },
      };
    },
    snapshot: async (ctx, a) => ({
      hash: await passwordHash(ctx.t, a.userId),
      audit: await auditCount(ctx.t, "account.password_changed", a.userId),
    }),
    async expectEffect(ctx, a, res, before) {
      expect(await passwordHash(ctx.t, a.userId)).not.toBe((before as { hash: string }).hash);
      expect(await auditCount(ctx.t, "account.password_changed", a.userId)).toBe(1);
      // The session that changed the password stays signed in.
      expect((await a.agent!.get("/api/session")).json()).toMatchObject({
        data: { user: { id: a.userId } },
      });
    },
  }),

  "POST /api/users/:id/password-reset": routeCase<Arranged & { userId: string }>({
    status: 200,
    async arrange(ctx) {
      const target = await buildAccount(ctx.t, "viewer");
      return {
        userId: target.user.id,
        params: { id: target.user.id },
        body: { mode: "temporary", password: "Temporary-Sturdy-Phrase-55" },
      };
    },
    snapshot: async (ctx, a) => ({
      hash: await passwordHash(ctx.t, a.userId),
      user: await userRow(ctx.t, a.userId),
      audit: await auditCount(ctx.t, "password.reset_temporary_set", a.userId),
    }),
    async expectEffect(ctx, a, res, before) {
      expect(await passwordHash(ctx.t, a.userId)).not.toBe((before as { hash: string }).hash);
      expect((await userRow(ctx.t, a.userId))?.mustChangePassword).toBe(true);
      expect(await auditCount(ctx.t, "password.reset_temporary_set", a.userId)).toBe(1);
    },
  }),

  "POST /api/auth/forgot-password": routeCase<Arranged & { userId: string; email: string }>({
    status: 200,
    async arrange(ctx) {
      const account = await buildAccount(ctx.t, "viewer");
      return {
        userId: account.user.id,
        email: account.email,
        remoteAddress: uniqueAddress(),
        body: { email: account.email },
      };
    },
    snapshot: async (ctx, a) => ({
      tokens: await ctx.t.db
        .selectFrom("password_reset_token")
        .select("id")
        .where("user_id", "=", a.userId)
        .execute(),
      audit: await auditCount(ctx.t, "password.reset_requested", a.userId),
    }),
    async expectEffect(ctx, a) {
      const mail = await ctx.smtp.waitForMessage(a.email);
      expect(mail.text).toMatch(/\/reset-password#token=[\w-]{40,}/);
      const tokens = await ctx.t.db
        .selectFrom("password_reset_token")
        .selectAll()
        .where("user_id", "=", a.userId)
        .execute();
      expect(tokens.map((row) => row.kind)).toEqual(["email"]);
      expect(await auditCount(ctx.t, "password.reset_requested", a.userId)).toBe(1);
    },
  }),

  "POST /api/auth/reset-password": routeCase<Arranged & { userId: string }>({
    status: 200,
    async arrange(ctx) {
      const account = await buildAccount(ctx.t, "viewer");
      const { link } = await adminResetPassword(ctx.t.ctx, ctx.actors.admin, account.user.id, {
        mode: "link",
      });
      const token = /#token=([\w-]+)/.exec(link ?? "")?.[1] ?? "";
      return {
        userId: account.user.id,
        remoteAddress: uniqueAddress(),
        body: { token, newPassword: "Reset-Sturdy-Phrase-64" },
      };
    },
    snapshot: async (ctx, a) => ({
      hash: await passwordHash(ctx.t, a.userId),
      audit: await auditCount(ctx.t, "password.reset_completed", a.userId),
    }),
    async expectEffect(ctx, a, res, before) {
      expect(await passwordHash(ctx.t, a.userId)).not.toBe((before as { hash: string }).hash);
      const used = await ctx.t.db
        .selectFrom("password_reset_token")
        .select("used_at")
        .where("user_id", "=", a.userId)
        .execute();
      expect(used.every((row) => row.used_at !== null)).toBe(true);
      expect(await auditCount(ctx.t, "password.reset_completed", a.userId)).toBe(1);
    },
  }),

  // ---- example repository ----
  "POST /api/examples": routeCase<Arranged & { title: string }>({
    status: 201,
    async arrange() {
      const input = exampleInput();
      return { title: input.title, body: input };
    },
    snapshot: async (ctx, a) => examplesTitled(ctx.t, a.title),
    async expectEffect(ctx, a, res) {
      const rows = await examplesTitled(ctx.t, a.title);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ origin: "manual", category: "good" });
      expect(dataOf<{ id: string }>(res).id).toBe(rows[0]!.id);
      expect(await auditCount(ctx.t, "example.created", rows[0]!.id)).toBe(1);
    },
  }),

  "PUT /api/examples/:id": routeCase<Arranged & { id: string; title: string }>({
    status: 200,
    async arrange(ctx) {
      const id = await buildExample(ctx.t, ctx.actors.editor);
      const input = exampleInput({ category: "bad" });
      return { id, title: input.title, params: { id }, body: input };
    },
    snapshot: async (ctx, a) => ({
      row: await exampleRow(ctx.t, a.id),
      audit: await auditCount(ctx.t, "example.updated", a.id),
    }),
    async expectEffect(ctx, a) {
      expect(await exampleRow(ctx.t, a.id)).toMatchObject({ title: a.title, category: "bad" });
      expect(await auditCount(ctx.t, "example.updated", a.id)).toBe(1);
    },
  }),

  "DELETE /api/examples/:id": routeCase<Arranged & { id: string }>({
    status: 200,
    async arrange(ctx) {
      const id = await buildExample(ctx.t, ctx.actors.editor);
      return { id, params: { id } };
    },
    snapshot: async (ctx, a) => ({
      row: await exampleRow(ctx.t, a.id),
      audit: await auditCount(ctx.t, "example.deleted", a.id),
    }),
    async expectEffect(ctx, a) {
      expect(await exampleRow(ctx.t, a.id)).toBeUndefined();
      expect(await auditCount(ctx.t, "example.deleted", a.id)).toBe(1);
    },
  }),

  "POST /api/examples/archive": routeCase<Arranged & { id: string }>({
    status: 200,
    async arrange(ctx) {
      const id = await buildExample(ctx.t, ctx.actors.editor);
      return { id, body: { ids: [id] } };
    },
    snapshot: async (ctx, a) => ({
      row: await exampleRow(ctx.t, a.id),
      audit: await auditCount(ctx.t, "example.archived"),
    }),
    async expectEffect(ctx, a, res, before) {
      expect((await exampleRow(ctx.t, a.id))?.archived_at).toBeInstanceOf(Date);
      expect(dataOf(res)).toEqual({ archived: 1 });
      expect(await auditCount(ctx.t, "example.archived")).toBe(
        (before as { audit: number }).audit + 1,
      );
    },
  }),

  "POST /api/examples/ingest": routeCase<Arranged & { title: string; folder: string }>({
    status: 202,
    async arrange(ctx) {
      const title = unique("Server folder example");
      const folder = path.join(ctx.examplesRoot, unique("repo"));
      fs.mkdirSync(path.join(folder, "good"), { recursive: true });
      fs.writeFileSync(path.join(folder, "good", "a.md"), exampleMarkdown({ title }));
      return { title, folder, body: { source: "local", path: folder } };
    },
    snapshot: async (ctx, a) => ({
      examples: await examplesTitled(ctx.t, a.title),
      jobs: await ctx.t.db
        .selectFrom("ingest_run")
        .select("id")
        .where("source_key", "=", `local:${path.basename(a.folder)}`)
        .execute(),
    }),
    async expectEffect(ctx, a, res) {
      const job = await finishedJob(ctx.t, dataOf<IngestJob>(res).id);
      expect(job).toMatchObject({ status: "succeeded", added: 1, errors: 0 });
      expect(await examplesTitled(ctx.t, a.title)).toHaveLength(1);
    },
  }),

  "POST /api/examples/ingest/upload": routeCase<Arranged & { title: string }>({
    status: 202,
    async arrange() {
      const title = unique("Uploaded example");
      const form = new FormData();
      form.append("name", unique("upload"));
      form.append("files", new Blob([exampleMarkdown({ title })]), "good/a.md");
      return { title, multipart: await multipartBody(form) };
    },
    snapshot: async (ctx, a) => examplesTitled(ctx.t, a.title),
    async expectEffect(ctx, a, res) {
      const job = await finishedJob(ctx.t, dataOf<IngestJob>(res).id);
      expect(job).toMatchObject({ status: "succeeded", added: 1, errors: 0 });
      expect(await examplesTitled(ctx.t, a.title)).toHaveLength(1);
    },
  }),

  "PUT /api/settings/example-repository": settingCase(EXAMPLE_REPO_SETTING, async () => ({
    repositorySource: "local",
    exampleRepoPath: `./${unique("examples")}`,
    cloudRepoUrl: "",
    s3Endpoint: "",
    s3Region: "eu-west-1",
  })),

  // ---- quality ----
  "POST /api/quality-check": answerCase(
    () => ({
      ...SECTIONS,
      personaId: "vp-engineering",
      industryId: "aerospace",
      buyingStage: "consideration",
      contentType: "technical-guide" satisfies ContentType,
      contentTopic: "Should-cost analysis in aerospace design reviews",
    }),
    (res) => {
      const report = dataOf<QualityReport>(res);
      expect(report.overall).toBeGreaterThan(0);
      expect(report.overall).toBeLessThanOrEqual(1);
      expect(report.criteria.length).toBeGreaterThan(0);
      expect(report.readability.words).toBeGreaterThan(20);
    },
  ),

  "PUT /api/settings/banned-phrases": settingCase(BANNED_PHRASES_SETTING, async () => ({
    phrases: ["best-in-class", unique("game changer")],
  })),

  // ---- generation ----
  "POST /api/generate-content": generationCase(
    (res) => dataOf<{ contentItemId: string }>(res).contentItemId,
  ),

  "POST /api/generate-content/stream": generationCase((res) => {
    expect(res.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    const last = generationEvents(res).at(-1);
    expect(last?.type, res.body).toBe("done");
    return last?.type === "done" ? last.result.contentItemId : "";
  }),

  "PUT /api/settings/generation": settingCase(GENERATION_SETTING, async (ctx) => {
    const current = await getGenerationSettings(ctx.t.db);
    return { ...current, defaultAutoRefine: !current.defaultAutoRefine };
  }),

  // ---- the generator's actions on a library item (content pipelines, library routes) ----
  // Optimize proposes a rewrite and stores nothing: the answer is the check.
  "POST /api/library/:id/optimize": answerCase(
    () => ({ primaryKeyword: "should-cost" }),
    (res) => {
      const result = dataOf<{
        candidate: { headline: string; body: string };
        before: QualityReport;
        after: QualityReport;
      }>(res);
      expect(result.candidate.headline.length).toBeGreaterThan(0);
      expect(result.candidate.body.length).toBeGreaterThan(0);
      expect(result.before.overall).toBeGreaterThan(0);
      expect(result.after.overall).toBeGreaterThan(0);
    },
    async (ctx) => ({ id: await buildContentItem(ctx.t) }),
  ),

  "POST /api/library/:id/visualize": routeCase<Arranged & { id: string }>({
    status: 200,
    async arrange(ctx) {
      const id = await buildContentItem(ctx.t);
      return {
        id,
        params: { id },
        body: { imagePrompt: "A cost breakdown of an aircraft bracket" },
      };
    },
    snapshot: async (ctx, a) => (await contentRow(ctx.t, a.id))?.visualization ?? null,
    async expectEffect(ctx, a, res) {
      const stored = (await contentRow(ctx.t, a.id))?.visualization;
      expect(stored).toMatchObject({ kind: dataOf<{ kind: string }>(res).kind });
      expect(stored).toEqual(JSON.parse(JSON.stringify(dataOf(res))));
    },
  }),

  "POST /api/library/:id/repurpose": routeCase<Arranged & { id: string }>({
    status: 200,
    async arrange(ctx) {
      const id = await buildContentItem(ctx.t);
      return { id, params: { id }, body: {} };
    },
    snapshot: async (ctx, a) => (await contentRow(ctx.t, a.id))?.repurposed ?? null,
    async expectEffect(ctx, a, res) {
      const stored = (await contentRow(ctx.t, a.id))?.repurposed;
      expect(stored).not.toBeNull();
      expect(stored).toEqual(JSON.parse(JSON.stringify(dataOf(res))));
    },
  }),

  "POST /api/library/:id/save-as-example": routeCase<Arranged & { id: string; title: string }>({
    status: 201,
    async arrange(ctx) {
      const id = await buildContentItem(ctx.t);
      const title = unique("Saved from content");
      return { id, title, params: { id }, body: { category: "good", title, tags: ["saved"] } };
    },
    snapshot: (ctx, a) => examplesTitled(ctx.t, a.title),
    async expectEffect(ctx, a) {
      const rows = await examplesTitled(ctx.t, a.title);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ category: "good", origin: "manual" });
      expect(await auditCount(ctx.t, "example.created", rows[0]!.id)).toBe(1);
    },
  }),

  "POST /api/seo-analysis": answerCase(
    () => ({ ...SECTIONS, primaryKeyword: "should-cost reviews" }),
    (res) => {
      const analysis = dataOf<{
        keyword: string;
        inHeadline: boolean;
        suggestedMetaDescription: string;
      }>(res);
      expect(analysis.keyword).toBe("should-cost reviews");
      expect(analysis.inHeadline).toBe(true);
      expect(analysis.suggestedMetaDescription.length).toBeGreaterThan(20);
    },
  ),

  // ---- audience ----
  "POST /api/audience/imports/preview": routeCase<Arranged>({
    status: 200,
    async arrange() {
      return { multipart: multipartFile("file", "intent.csv", intentCsv(), "text/csv") };
    },
    snapshot: (ctx) => countRows(ctx.t, "intent_import"),
    async expectEffect(ctx, a, res, before) {
      const preview = dataOf<{
        importId: string;
        canCommit: boolean;
        counts: { accounts: number };
      }>(res);
      expect(preview).toMatchObject({ canCommit: true, counts: { accounts: 2 } });
      expect(await countRows(ctx.t, "intent_import")).toBe((before as number) + 1);
      const stored = await ctx.t.db
        .selectFrom("intent_import")
        .selectAll()
        .where("id", "=", preview.importId)
        .executeTakeFirstOrThrow();
      expect(stored.created_by).toBe(ctx.user?.id);
    },
  }),

  "POST /api/audience/imports/:id/commit": routeCase<Arranged & { importId: string }>({
    status: 200,
    async arrange(ctx) {
      // Whoever uploaded a file confirms it; refused callers try an editor's upload.
      const importId = await buildImportPreview(ctx.t, authorOf(ctx, "editor"));
      return { importId, params: { id: importId }, body: { mode: "merge" } };
    },
    snapshot: async (ctx, a) => ({
      datasets: await countRows(ctx.t, "intent_dataset"),
      pending: await ctx.t.db
        .selectFrom("intent_import")
        .select("id")
        .where("id", "=", a.importId)
        .execute(),
      audit: await auditCount(ctx.t, "intent.imported"),
    }),
    async expectEffect(ctx, a, res, before) {
      const b = before as { datasets: number; audit: number };
      expect(await countRows(ctx.t, "intent_dataset")).toBe(b.datasets + 1);
      expect(dataOf(res)).toMatchObject({ mode: "merge", accounts: 2 });
      expect(await auditCount(ctx.t, "intent.imported")).toBe(b.audit + 1);
    },
  }),

  // ---- library ----
  "PUT /api/library/:id": libraryCase(
    200,
    (ctx) => buildContentItem(ctx.t),
    () => ({ body: { ...SECTIONS, baseVersion: 1 } }),
    (after, before) => {
      expect(after.item?.version).toBe(2);
      expect(after.item?.headline).toBe(SECTIONS.headline);
      expect(after.versions.map((v) => v.version)).toEqual([1, 2]);
      expect(after.events.length).toBe(before.events.length + 1);
    },
  ),

  "POST /api/library/:id/quality-check": libraryCase(
    200,
    (ctx) => buildContentItem(ctx.t),
    () => ({}),
    (after, before) => {
      expect(after.events.length).toBe(before.events.length + 1);
      expect(after.events.at(-1)?.kind).toBe("quality_checked");
      expect(after.item?.version).toBe(before.item?.version);
    },
  ),

  "POST /api/library/:id/transitions": libraryCase(
    200,
    (ctx) => buildContentItem(ctx.t),
    () => ({ body: { action: "submit", note: "Ready for review" } }),
    (after) => {
      expect(after.item?.status).toBe("in_review");
      expect(after.events.at(-1)).toMatchObject({ from_status: "draft", to_status: "in_review" });
      expect(after.audit).toContain("content.submitted");
    },
  ),

  "POST /api/library/:id/versions/:version/restore": libraryCase(
    200,
    (ctx) => buildEditedContentItem(ctx.t, ctx.actors.editor),
    () => ({ params: { version: "1" } }),
    (after, before) => {
      expect(after.item?.version).toBe(3);
      expect(after.versions[2]?.body).toBe(before.versions[0]?.body);
      expect(after.events.at(-1)?.kind).toBe("restored_version");
    },
  ),

  "POST /api/library/:id/duplicate": routeCase<Arranged & { id: string }>({
    status: 201,
    async arrange(ctx) {
      const id = await buildContentItem(ctx.t);
      return { id, params: { id } };
    },
    snapshot: async (ctx) => countRows(ctx.t, "content_item"),
    async expectEffect(ctx, a, res, before) {
      expect(await countRows(ctx.t, "content_item")).toBe((before as number) + 1);
      const copy = await contentRow(ctx.t, dataOf<{ id: string }>(res).id);
      const original = await contentRow(ctx.t, a.id);
      expect(copy?.title).toBe(`${original?.title} (copy)`);
      expect(copy?.body).toBe(original?.body);
    },
  }),

  "DELETE /api/library/:id": libraryCase(
    200,
    // The caller's own draft: editors delete only their own (admins any).
    (ctx) => buildContentItem(ctx.t, { createdBy: ctx.user?.id ?? null }),
    () => ({}),
    (after) => {
      expect(after.item?.deleted_at).toBeInstanceOf(Date);
      expect(after.audit).toContain("content.deleted");
    },
  ),

  "POST /api/library/:id/restore": libraryCase(
    200,
    // The caller's own item: editors restore only their own (admins any).
    (ctx) =>
      buildTrashedContentItem(
        ctx.t,
        ctx.user && ctx.user.role !== "viewer" ? ctx.user : ctx.actors.editor,
      ),
    () => ({}),
    (after) => {
      expect(after.item?.deleted_at).toBeNull();
      expect(after.audit).toContain("content.restored");
    },
  ),

  "POST /api/library/:id/purge": libraryCase(
    200,
    (ctx) => buildTrashedContentItem(ctx.t, ctx.actors.editor),
    () => ({}),
    (after, before, res, id) => {
      expect(after.item).toBeNull();
      expect(after.versions).toEqual([]);
      expect(after.audit).toEqual([...before.audit, "content.purged"]);
      expect(id).toBeTruthy();
    },
  ),

  // ---- proof library ----
  "POST /api/proof/facts": routeCase<Arranged & { statement: string }>({
    status: 201,
    async arrange() {
      const input = factInput();
      return { statement: input.statement, body: input };
    },
    snapshot: (ctx, a) =>
      ctx.t.db.selectFrom("proof_fact").select("id").where("statement", "=", a.statement).execute(),
    async expectEffect(ctx, a, res) {
      const { id } = dataOf<{ id: string }>(res);
      expect(await factRow(ctx.t, id)).toMatchObject({
        statement: a.statement,
        status: "proposed",
        proposed_by: ctx.user?.name,
      });
      expect(await auditCount(ctx.t, "proof.fact_created", id)).toBe(1);
    },
  }),

  "POST /api/proof/facts/derive-structure": answerCase(
    () => ({ statement: "Customers see a 35-45% reduction in engineering change orders." }),
    (res) => {
      expect(dataOf<{ structure: unknown }>(res).structure).toMatchObject({
        measure: "engineering change orders",
        direction: "reduction",
      });
    },
  ),
  "PUT /api/proof/facts/:id": factCase(
    "proposed",
    () => ({ body: factInput({ owner: "Finance" }) }),
    (row) => {
      expect(row?.owner).toBe("Finance");
    },
  ),
  "POST /api/proof/facts/:id/approve": factCase(
    "proposed",
    () => ({}),
    (row) => {
      expect(row?.status).toBe("approved");
    },
  ),
  "POST /api/proof/facts/:id/expire": factCase(
    "approved",
    () => ({}),
    (row) => {
      // Expiring sets the last day of use to yesterday: the fact stops binding claims.
      expect(row?.expires_on).toBe(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    },
  ),
  "POST /api/proof/facts/:id/retire": factCase(
    "approved",
    () => ({}),
    (row) => {
      expect(row?.status).toBe("retired");
    },
  ),

  // ---- glossary ----
  "POST /api/settings/glossary": routeCase<Arranged & { term: string }>({
    status: 201,
    async arrange() {
      const term = unique("Cost Engine");
      return { term, body: glossaryTermInput({ term }) };
    },
    snapshot: async (ctx, a) => (await glossaryRowsNamed(ctx.t, a.term)).length,
    async expectEffect(ctx, a, res) {
      const { id } = dataOf<{ id: string }>(res);
      expect(await glossaryRowsNamed(ctx.t, a.term)).toMatchObject([
        { id, status: "do-not-translate" },
      ]);
      expect(await auditCount(ctx.t, "glossary.term_created", id)).toBe(1);
    },
  }),
  "PUT /api/settings/glossary/:id": glossaryCase(
    (term) => ({ body: glossaryTermInput({ term, status: "preferred" }) }),
    (rows) => expect(rows).toMatchObject([{ status: "preferred" }]),
    "glossary.term_changed",
  ),
  "DELETE /api/settings/glossary/:id": glossaryCase(
    () => ({}),
    (rows) => expect(rows).toEqual([]),
    "glossary.term_deleted",
  ),
  "POST /api/settings/glossary/import": routeCase<Arranged & { term: string }>({
    status: 200,
    async arrange() {
      const term = unique("Kostenmodell");
      return {
        term,
        body: {
          csv: `concept,locale,term,status,case_sensitive,note\nshould-cost,de,${term},forbidden,false,\n`,
        },
      };
    },
    snapshot: async (ctx) => auditCount(ctx.t, "glossary.imported"),
    async expectEffect(ctx, a, res, before) {
      expect(dataOf(res)).toEqual({ created: 1, updated: 0 });
      expect(await glossaryRowsNamed(ctx.t, a.term)).toMatchObject([
        { status: "forbidden", locale: "de" },
      ]);
      expect(await auditCount(ctx.t, "glossary.imported")).toBe((before as number) + 1);
    },
  }),

  // ---- campaign briefs ----
  "POST /api/campaigns": routeCase<Arranged & { name: string }>({
    status: 201,
    async arrange() {
      const input = briefInput();
      return { name: input.name, body: input };
    },
    snapshot: (ctx, a) => briefNamed(ctx.t, a.name),
    async expectEffect(ctx, a, res) {
      const { id } = dataOf<{ id: string }>(res);
      expect(await briefRow(ctx.t, id)).toMatchObject({ name: a.name, owner_id: ctx.user?.id });
      expect(await auditCount(ctx.t, "campaign.created", id)).toBe(1);
    },
  }),
  "POST /api/campaigns/import": routeCase<Arranged & { name: string }>({
    status: 201,
    async arrange(ctx) {
      const name = unique("Imported launch");
      const id = await buildBrief(ctx.t, ctx.actors.editor, { name });
      const csv = (await exportBrief(ctx.t.ctx, ctx.actors.editor, id)).csv;
      return { name, multipart: multipartFile("file", "brief.csv", csv, "text/csv") };
    },
    snapshot: (ctx) => countRows(ctx.t, "campaign_brief"),
    async expectEffect(ctx, a, res, before) {
      expect(await countRows(ctx.t, "campaign_brief")).toBe((before as number) + 1);
      const { id } = dataOf<{ id: string }>(res);
      expect(await briefRow(ctx.t, id)).toMatchObject({ name: a.name, owner_id: ctx.user?.id });
      expect(await auditCount(ctx.t, "campaign.created", id)).toBe(1);
    },
  }),
  "PUT /api/campaigns/:id": briefCase(
    200,
    () => ({ body: briefInput({ name: "Renamed launch" }) }),
    async (ctx, a) => {
      expect((await briefRow(ctx.t, a.id))?.name).toBe("Renamed launch");
      expect(await auditCount(ctx.t, "campaign.changed", a.id)).toBe(1);
    },
  ),
  "DELETE /api/campaigns/:id": briefCase(
    200,
    () => ({}),
    async (ctx, a) => {
      expect(await briefRow(ctx.t, a.id)).toBeUndefined();
      expect(await auditCount(ctx.t, "campaign.deleted", a.id)).toBe(1);
    },
  ),
  "POST /api/campaigns/:id/duplicate": briefCase(
    201,
    () => ({}),
    async (ctx, a, res) => {
      const copy = await briefRow(ctx.t, dataOf<{ id: string }>(res).id);
      const original = await briefRow(ctx.t, a.id);
      expect(copy).toMatchObject({ name: `Copy of ${original?.name}`, owner_id: ctx.user?.id });
    },
  ),

  // ---- campaign kits ----
  "POST /api/campaigns/:id/kits": briefCase(
    201,
    () => ({}),
    async (ctx, a, res) => {
      const kit = await kitRow(ctx.t, dataOf<{ id: string }>(res).id);
      expect(kit).toMatchObject({ brief_id: a.id, status: "running", started_by: ctx.user?.id });
    },
  ),
  "POST /api/kits/:id/cancel": kitCase("running", "queued", 200, async (ctx, a) => {
    expect((await kitRow(ctx.t, a.id))?.status).toBe("cancelled");
  }),
  "POST /api/kits/:id/resume": kitCase("cancelled", "queued", 200, async (ctx, a) => {
    expect((await kitRow(ctx.t, a.id))?.status).toBe("running");
  }),
  "POST /api/kits/:id/steps/:stepId/retry": kitCase("done", "failed", 200, async (ctx, a) => {
    expect((await kitRow(ctx.t, a.id))?.status).toBe("running");
  }),
  "POST /api/kits/:id/steps/:stepId/fix": routeCase<Arranged & { id: string; itemId: string }>({
    status: 200,
    async arrange(ctx) {
      const owner = authorOf(ctx, "editor");
      const { id, stepId } = await insertCaseKit(ctx, "done", "done");
      const itemId = await buildContentItem(ctx.t, {
        createdBy: owner.id,
        body: "<p>Every guesstimate becomes a cost estimate.</p>",
      });
      await ctx.t.db
        .updateTable("campaign_kit_step")
        .set({
          content_item_id: itemId,
          findings: JSON.stringify([
            {
              code: "language.forbidden-term",
              message: "Forbidden term.",
              fix: { from: "guesstimate", to: "estimate" },
            },
          ]),
        })
        .where("id", "=", stepId)
        .execute();
      return {
        id,
        itemId,
        params: { id, stepId },
        body: { from: "guesstimate", to: "estimate" },
      };
    },
    snapshot: async (ctx, a) => ({ row: await kitRow(ctx.t, a.id) }),
    async expectEffect(ctx, a) {
      expect((await contentRow(ctx.t, a.itemId))?.body).toContain("Every estimate becomes");
    },
  }),
  "POST /api/kits/:id/submit": kitCase("done", "failed", 200, async (_ctx, _a, res) => {
    // No written asset: nothing to submit, and nothing refused.
    expect(dataOf<{ submitted: number }>(res).submitted).toBe(0);
  }),

  // API tokens: each caller makes and revokes its own
  "POST /api/tokens": routeCase<Arranged & { name: string }>({
    status: 201,
    async arrange() {
      const name = unique("Token");
      return { name, body: { name, scopes: ["library:read"], expiresInDays: 7 } };
    },
    snapshot: async (ctx, a) => (await tokenRowsNamed(ctx.t, a.name)).length,
    async expectEffect(ctx, a, res) {
      const { token } = dataOf<{ token: { id: string } }>(res);
      expect(await tokenRowsNamed(ctx.t, a.name)).toMatchObject([
        { id: token.id, owner_id: ctx.user!.id, revoked_at: null },
      ]);
      expect(await auditCount(ctx.t, "token.created", token.id)).toBe(1);
    },
  }),
  "DELETE /api/tokens/:id": routeCase<Arranged & { id: string }>({
    status: 200,
    async arrange(ctx) {
      const owner = ctx.user ?? ctx.actors.editor;
      const { token } = await createToken(ctx.t.ctx, owner, {
        name: unique("Token"),
        kind: "personal",
        scopes: ["library:read"],
        expiresInDays: 7,
      });
      return { id: token.id, params: { id: token.id } };
    },
    snapshot: (ctx, a) => tokenRevokedAt(ctx.t, a.id),
    async expectEffect(ctx, a) {
      expect(await tokenRevokedAt(ctx.t, a.id)).not.toBeNull();
      expect(await auditCount(ctx.t, "token.revoked", a.id)).toBe(1);
    },
  }),

  // ---- webhooks ----
  "POST /api/webhooks": routeCase<Arranged & { url: string }>({
    status: 201,
    async arrange(ctx) {
      await allowWebhookTestOrigin(ctx);
      const url = `${WEBHOOK_TEST_ORIGIN}/${unique("hook")}`;
      return { url, body: { url, events: ["content.approved"] } };
    },
    snapshot: async (ctx, a) => (await webhookRowsAt(ctx.t, a.url)).length,
    async expectEffect(ctx, a, res) {
      const { endpoint, secret } = dataOf<{ endpoint: { id: string }; secret: string }>(res);
      expect(secret).toMatch(/^whsec_/);
      expect(await webhookRowsAt(ctx.t, a.url)).toMatchObject([{ id: endpoint.id }]);
      expect(await auditCount(ctx.t, "webhook.created", endpoint.id)).toBe(1);
    },
  }),
  "PATCH /api/webhooks/:id": auditedRecordCase(buildWebhook, 200, "webhook.changed", () => ({
    enabled: false,
  })),
  "DELETE /api/webhooks/:id": auditedRecordCase(buildWebhook, 200, "webhook.deleted"),
  "POST /api/webhooks/:id/rotate-secret": auditedRecordCase(
    buildWebhook,
    200,
    "webhook.secret_rotated",
  ),
  "POST /api/webhooks/:id/test": auditedRecordCase(buildWebhook, 202, "webhook.test_sent"),
  "POST /api/webhooks/:id/deliveries/:deliveryId/replay": routeCase<Arranged & { id: string }>({
    status: 202,
    async arrange(ctx) {
      const id = await buildWebhook(ctx);
      const delivery = await sendTestEvent(ctx.t.ctx, ctx.actors.admin, id);
      return { id, params: { id, deliveryId: delivery.id } };
    },
    snapshot: async (ctx, a) => auditCount(ctx.t, "webhook.replayed", a.id),
    async expectEffect(ctx, a, _res, before) {
      expect(await auditCount(ctx.t, "webhook.replayed", a.id)).toBe((before as number) + 1);
    },
  }),
  // ---- single sign-on ----
  "PUT /api/settings/sso": routeCase<Arranged & { name: string }>({
    status: 200,
    async arrange() {
      const name = unique("SSO");
      return { name, body: await ssoBody(name) };
    },
    snapshot: async (ctx) => ssoAuditCount(ctx.t),
    async expectEffect(ctx, a, res, before) {
      expect(await ssoRow(ctx.t)).toMatchObject({ name: a.name });
      expect(res.body).not.toContain((await caseIdp()).clientSecret);
      expect(await ssoAuditCount(ctx.t)).toBe((before as number) + 1);
    },
  }),
  "DELETE /api/settings/sso": routeCase({
    status: 200,
    async arrange(ctx) {
      await ensureSso(ctx);
      return {};
    },
    snapshot: async (ctx) => auditCount(ctx.t, "sso.removed"),
    async expectEffect(ctx, _a, _res, before) {
      expect(await ssoRow(ctx.t)).toBeUndefined();
      expect(await auditCount(ctx.t, "sso.removed")).toBe((before as number) + 1);
    },
  }),
  "POST /api/settings/sso/test-discovery": routeCase({
    status: 200,
    async arrange() {
      return { body: { issuer: (await caseIdp()).issuer, allowPrivateIssuer: true } };
    },
    // Only reads the issuer's document: nothing is saved.
    snapshot: async (ctx) => ({ row: await ssoRow(ctx.t), audit: await ssoAuditCount(ctx.t) }),
    async expectEffect(ctx, _a, res, before) {
      expect(dataOf<{ issuer: string }>(res).issuer).toBe((await caseIdp()).issuer);
      expect({ row: await ssoRow(ctx.t), audit: await ssoAuditCount(ctx.t) }).toEqual(before);
    },
  }),
  "POST /api/auth/sign-in/sso": routeCase({
    status: 200,
    async arrange(ctx) {
      await ensureSso(ctx);
      return { agent: new Agent(ctx.t.app), body: {} };
    },
    snapshot: async () => null,
    async expectEffect(_ctx, _a, res) {
      const url = new URL(dataOf<{ url: string }>(res).url);
      expect(url.origin).toBe((await caseIdp()).issuer);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(String(res.headers["set-cookie"])).toMatch(/state/);
    },
  }),
  "PUT /api/webhooks/allow-list": routeCase<Arranged & { origin: string }>({
    status: 200,
    async arrange() {
      const origin = `https://${unique("hooks").toLowerCase()}.example.test`;
      return { origin, body: { allowedOrigins: [WEBHOOK_TEST_ORIGIN, origin] } };
    },
    snapshot: async (ctx) => auditCount(ctx.t, "webhook.allow_list_changed"),
    async expectEffect(ctx, a, _res, before) {
      expect(await readSetting(ctx.t.db, WEBHOOK_ALLOW_LIST_SETTING)).toEqual({
        allowedOrigins: [WEBHOOK_TEST_ORIGIN, a.origin],
      });
      expect(await auditCount(ctx.t, "webhook.allow_list_changed")).toBe((before as number) + 1);
    },
  }),

  // ---- publishing connectors ----
  "POST /api/publishing/connections": routeCase<Arranged & { name: string }>({
    status: 201,
    async arrange() {
      const name = unique("HubSpot blog");
      return {
        name,
        body: {
          name,
          settings: { target: "hubspot", contentKind: "blog_post", blogId: "184993428780" },
          secret: "pat-na1-11111111-2222-3333-4444-555555555555",
          utm: { source: "content-studio", medium: "blog" },
        },
      };
    },
    snapshot: async (ctx, a) => (await connectionRowsNamed(ctx.t, a.name)).length,
    async expectEffect(ctx, a, res) {
      const { id } = dataOf<{ id: string }>(res);
      const rows = await connectionRowsNamed(ctx.t, a.name);
      expect(rows).toMatchObject([{ id, target: "hubspot" }]);
      expect(rows[0]!.secret_sealed).not.toContain("pat-na1");
      expect(res.body).not.toContain("pat-na1");
      expect(await auditCount(ctx.t, "publishing.connection_created", id)).toBe(1);
    },
  }),
  "PATCH /api/publishing/connections/:id": auditedRecordCase(
    buildConnection,
    200,
    "publishing.connection_changed",
    () => ({ name: unique("Renamed") }),
  ),
  "DELETE /api/publishing/connections/:id": auditedRecordCase(
    buildConnection,
    200,
    "publishing.connection_deleted",
  ),
  "POST /api/publishing/connections/:id/test": auditedRecordCase(
    buildConnection,
    200,
    "publishing.connection_tested",
  ),
  "POST /api/publishing/items/:id/exports": routeCase<Arranged & { itemId: string }>({
    status: 202,
    async arrange(ctx) {
      const connectionId = await buildConnection(ctx);
      const itemId = await buildContentItem(ctx.t, { createdBy: ctx.actors.editor.id });
      await ctx.t.db
        .updateTable("content_item")
        .set({ status: "approved", approved_version: 1, approved_by: ctx.actors.admin.id })
        .where("id", "=", itemId)
        .execute();
      return { itemId, params: { id: itemId }, body: { connectionId, version: 1 } };
    },
    snapshot: async (ctx, a) => auditCount(ctx.t, "publishing.export_requested", a.itemId),
    async expectEffect(ctx, a, _res, before) {
      const rows = await ctx.t.db
        .selectFrom("content_export")
        .select("requested_version")
        .where("content_item_id", "=", a.itemId)
        .execute();
      expect(rows).toEqual([{ requested_version: 1 }]);
      expect(await auditCount(ctx.t, "publishing.export_requested", a.itemId)).toBe(
        (before as number) + 1,
      );
    },
  }),
};

const connectionRowsNamed = (t: TestApp, name: string) =>
  t.db.selectFrom("publishing_connection").selectAll().where("name", "=", name).execute();

/** A loopback port nothing listens on, allow-listed: a test of it fails at once, offline. */
const PUBLISHING_TEST_ORIGIN = "https://127.0.0.1:9";

async function buildConnection(ctx: CaseContext): Promise<string> {
  await writeSetting(
    ctx.t.db,
    WEBHOOK_ALLOW_LIST_SETTING,
    { allowedOrigins: [WEBHOOK_TEST_ORIGIN, PUBLISHING_TEST_ORIGIN] },
    null,
  );
  const created = await createConnection(ctx.t.ctx, ctx.actors.admin, {
    name: unique("WordPress"),
    settings: { target: "wordpress", siteUrl: PUBLISHING_TEST_ORIGIN, username: "editor" },
    secret: "abcd efgh ijkl mnop qrst uvwx",
    utm: { source: "content-studio", medium: "blog" },
  });
  return created.id;
}

const kitRow = (t: TestApp, id: string) =>
  t.db.selectFrom("campaign_kit").selectAll().where("id", "=", id).executeTakeFirst();

/**
 * Routes on one kit: a kit of an editor's brief (the caller's own when it may manage kits), in
 * the given state with one step, inserted as it stands (no jobs run).
 */
function kitCase(
  status: "running" | "cancelled" | "done",
  stepStatus: "queued" | "failed" | "done",
  code: number,
  effect: RecordEffect,
): RouteCase {
  return routeCase<Arranged & { id: string }>({
    status: code,
    async arrange(ctx) {
      const { id, stepId } = await insertCaseKit(ctx, status, stepStatus);
      return { id, params: { id, stepId }, body: {} };
    },
    snapshot: async (ctx, a) => ({ row: await kitRow(ctx.t, a.id) }),
    expectEffect: (ctx, a, res) => effect(ctx, a, res),
  });
}

/** A kit of an editor's brief (the caller's own when it may manage kits) with one step. */
async function insertCaseKit(
  ctx: CaseContext,
  status: "running" | "cancelled" | "done",
  stepStatus: "queued" | "failed" | "done",
): Promise<{ id: string; stepId: string }> {
  const owner = authorOf(ctx, "editor");
  const briefId = await buildBrief(ctx.t, owner);
  const id = randomUUID();
  const stepId = randomUUID();
  await insertKit(
    ctx.t.db,
    {
      id,
      briefId,
      briefName: "Kit case",
      brief: { ...briefInput(), ownerId: owner.id },
      provider: "builtin",
      notices: [],
      startedBy: owner.id,
    },
    [
      {
        id: stepId,
        kit_id: id,
        cell_key: "vp-engineering|aerospace|awareness",
        persona_id: "vp-engineering",
        industry_id: "aerospace",
        buying_stage: "awareness",
        language: "en",
        asset: "article",
        sort_order: 0,
        status: stepStatus,
        reason: null,
      },
    ],
  );
  await ctx.t.db.updateTable("campaign_kit").set({ status }).where("id", "=", id).execute();
  return { id, stepId };
}

/** Webhook endpoints in these cases point at an allow-listed origin (never contacted successfully). */
const WEBHOOK_TEST_ORIGIN = "https://hooks.example.test";

async function allowWebhookTestOrigin(ctx: CaseContext): Promise<void> {
  await writeSetting(
    ctx.t.db,
    WEBHOOK_ALLOW_LIST_SETTING,
    { allowedOrigins: [WEBHOOK_TEST_ORIGIN] },
    null,
  );
}

const webhookRowsAt = (t: TestApp, url: string) =>
  t.db.selectFrom("webhook_endpoint").selectAll().where("url", "=", url).execute();

async function buildWebhook(ctx: CaseContext): Promise<string> {
  await allowWebhookTestOrigin(ctx);
  const created = await createWebhook(ctx.t.ctx, ctx.actors.admin, {
    url: `${WEBHOOK_TEST_ORIGIN}/${unique("hook")}`,
    events: ["content.approved"],
  });
  return created.endpoint.id;
}

const tokenRevokedAt = async (t: TestApp, id: string) =>
  (
    await t.db
      .selectFrom("api_token")
      .select("revoked_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).revoked_at;
const tokenRowsNamed = (t: TestApp, name: string) =>
  t.db.selectFrom("api_token").selectAll().where("name", "=", name).execute();

const glossaryRowsNamed = (t: TestApp, term: string) =>
  t.db.selectFrom("glossary_term").selectAll().where("term", "=", term).execute();

/** Glossary term routes: a fresh term per caller; the change is in its row and the audit log. */
function glossaryCase(
  request: (term: string) => Omit<Arranged, "params">,
  effect: (rows: Awaited<ReturnType<typeof glossaryRowsNamed>>) => void,
  action: string,
): RouteCase {
  return routeCase<Arranged & { id: string; term: string }>({
    status: 200,
    async arrange(ctx) {
      const term = unique("Cost Engine");
      const row = await ctx.t.db
        .insertInto("glossary_term")
        .values({ id: unique("term"), ...glossaryRow(term) })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ...request(term), term, id: row.id, params: { id: row.id } };
    },
    snapshot: async (ctx, a) => auditCount(ctx.t, action, a.id),
    async expectEffect(ctx, a, _res, before) {
      effect(await glossaryRowsNamed(ctx.t, a.term));
      expect(await auditCount(ctx.t, action, a.id)).toBe((before as number) + 1);
    },
  });
}

const glossaryRow = (term: string) => ({
  concept: "cost-engine",
  locale: "en" as const,
  term,
  status: "do-not-translate" as const,
  case_sensitive: true,
});

const briefRow = (t: TestApp, id: string) =>
  t.db.selectFrom("campaign_brief").selectAll().where("id", "=", id).executeTakeFirst();
const briefNamed = (t: TestApp, name: string) =>
  t.db.selectFrom("campaign_brief").select("id").where("name", "=", name).execute();

/**
 * Routes on one brief: a fresh brief per caller, the caller's own when it may manage briefs
 * (editors manage only their own), else an editor's.
 */
function briefCase(
  status: number,
  request: () => Omit<Arranged, "params">,
  effect: RecordEffect,
): RouteCase {
  return routeCase<Arranged & { id: string }>({
    status,
    async arrange(ctx) {
      const id = await buildBrief(ctx.t, authorOf(ctx, "editor"));
      return { ...request(), id, params: { id } };
    },
    snapshot: async (ctx, a) => ({
      row: await briefRow(ctx.t, a.id),
      briefs: await countRows(ctx.t, "campaign_brief"),
    }),
    expectEffect: (ctx, a, res) => effect(ctx, a, res),
  });
}

/** Proof fact routes: a fresh fact per caller; the change is in its row and the audit log. */
function factCase(
  status: "proposed" | "approved",
  request: () => Omit<Arranged, "params">,
  effect: (row: Awaited<ReturnType<typeof factRow>>) => void,
): RouteCase {
  return routeCase<Arranged & { id: string }>({
    status: 200,
    async arrange(ctx) {
      const id = await buildFact(
        ctx.t,
        { proposer: authorOf(ctx, "editor"), approver: ctx.actors.admin },
        status,
      );
      return { ...request(), id, params: { id } };
    },
    snapshot: async (ctx, a) => ({
      row: await factRow(ctx.t, a.id),
      audit: await auditCount(ctx.t, "proof.fact_changed", a.id),
    }),
    async expectEffect(ctx, a, res, before) {
      effect(await factRow(ctx.t, a.id));
      expect(await auditCount(ctx.t, "proof.fact_changed", a.id)).toBe(
        (before as { audit: number }).audit + 1,
      );
    },
  });
}

/** Waits until an ingest job has stopped running; the job row as the API presents it. */
async function finishedJob(t: TestApp, id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await findIngestRun(t.db, id);
    if (!job) throw new Error(`no ingest job ${id}`);
    if (job.status !== "running" && job.status !== "queued") return job;
    if (Date.now() > deadline) throw new Error(`ingest job ${id} still unfinished`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One loopback identity provider for every single sign-on case (discovery only). */
let idpStarted: Promise<FakeIdentityProvider> | undefined;
const caseIdp = () =>
  (idpStarted ??= startFakeIdentityProvider({
    redirectUris: [ssoCallbackUrl("http://localhost:3000")],
    unref: true,
  }));

async function ssoBody(name: string) {
  const idp = await caseIdp();
  return {
    name,
    issuer: idp.issuer,
    allowPrivateIssuer: true,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: ["example.test"],
    domainsConfirmed: true,
    groupsClaim: "groups",
    groupRoles: [{ group: "editors", role: "editor" as const }],
    defaultRole: "viewer" as const,
  };
}

const ssoRow = (t: TestApp) => t.db.selectFrom("sso_connection").selectAll().executeTakeFirst();

async function ssoAuditCount(t: TestApp): Promise<number> {
  return (await auditCount(t, "sso.created")) + (await auditCount(t, "sso.changed"));
}

/** A saved connection (set up by the stand-in admin) for the routes that need one. */
async function ensureSso(ctx: CaseContext): Promise<void> {
  if (await ssoRow(ctx.t)) return;
  await saveSsoSettings(ctx.t.ctx, ctx.actors.admin, await ssoBody(unique("SSO")));
}
