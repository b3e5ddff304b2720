import { z } from "zod";
import { roleAtLeast, type Role } from "./auth";

/**
 * API tokens: a signed-in user makes one for scripts and integrations. A request with
 * `Authorization: Bearer <token>` runs as the token's owner, with the owner's role and
 * active status as they are now, and only within the token's scopes.
 */

/** What a token may be used for. Every /api route that takes tokens requires exactly one. */
export const TOKEN_SCOPES = [
  "library:read",
  "library:write",
  "generate",
  "examples:write",
  "intent:import",
  "admin",
] as const;
export const TokenScopeSchema = z.enum(TOKEN_SCOPES);
export type TokenScope = z.infer<typeof TokenScopeSchema>;

/** The least role whose tokens may carry each scope (a token never grants more than its owner). */
export const TOKEN_SCOPE_MIN_ROLE: Record<TokenScope, Role> = {
  "library:read": "viewer",
  "library:write": "editor",
  generate: "editor",
  "examples:write": "editor",
  "intent:import": "editor",
  admin: "admin",
};

/** What each scope allows, for the token form. */
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  "library:read": "Read content, campaigns, proof, examples, audience data and settings",
  "library:write": "Edit content, library items, campaigns, kits and proof facts",
  generate: "Generate, optimise, visualise and repurpose content with AI",
  "examples:write": "Add, edit, delete and ingest examples",
  "intent:import": "Import intent data",
  admin: "Administrator routes: users, settings, audit log, approvals",
};

/** The scopes a user with `role` may put on a token. */
export function tokenScopesFor(role: Role): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => roleAtLeast(role, TOKEN_SCOPE_MIN_ROLE[scope]));
}

/** How long a token lasts, in days (an expiry is required). */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const TOKEN_LIMITS = {
  nameChars: 100,
  /** Unrevoked tokens one user may own at once (personal and service together). */
  maxPerOwner: 50,
} as const;

/** `personal`: the owner's own; `service`: an admin's token for an integration, seen by every admin. */
export const TOKEN_KINDS = ["personal", "service"] as const;
export const TokenKindSchema = z.enum(TOKEN_KINDS);
export type TokenKind = z.infer<typeof TokenKindSchema>;

/** Every token starts with this, so secret scanners and people recognise one. */
export const TOKEN_PREFIX = "cs_";

export const CreateTokenBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name is required.")
    .max(TOKEN_LIMITS.nameChars, `Name must be at most ${TOKEN_LIMITS.nameChars} characters.`),
  kind: TokenKindSchema.default("personal"),
  scopes: z
    .array(TokenScopeSchema)
    .min(1, "Choose at least one scope.")
    .max(TOKEN_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, "Each scope once."),
  expiresInDays: z.literal(TOKEN_EXPIRY_DAYS, {
    error: `Choose an expiry of ${TOKEN_EXPIRY_DAYS.join(", ")} days.`,
  }),
});
export type CreateTokenBody = z.infer<typeof CreateTokenBodySchema>;

export const TokenIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** A token as listed: never its secret. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: TokenKindSchema,
  scopes: z.array(TokenScopeSchema),
  /** The first characters of the token (`cs_<id>`), to tell tokens apart. */
  prefix: z.string(),
  ownerId: z.string(),
  /** Name and email of the owner. */
  ownerLabel: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
  expired: z.boolean(),
  /** The caller may revoke it (its owner; any admin for a service token). */
  can: z.object({ revoke: z.boolean() }),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.object({
  tokens: z.array(ApiTokenSchema),
  /** The scopes the caller may put on a new token. */
  grantableScopes: z.array(TokenScopeSchema),
  /** Whether the caller may make service tokens (admins). */
  canCreateService: z.boolean(),
});
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

/** POST /api/tokens: the new token, and its secret, shown this once. */
export const CreatedApiTokenSchema = z.object({
  token: ApiTokenSchema,
  /** The whole token to send as `Authorization: Bearer <secret>`; never shown again. */
  secret: z.string(),
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;
