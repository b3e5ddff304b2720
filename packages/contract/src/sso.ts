import { z } from "zod";
import { RoleSchema } from "./auth";

/** The provider id of the one OIDC connection: the callback URL ends with it. */
export const SSO_PROVIDER_ID = "oidc";

/** Who may sign in with a password. */
export const PASSWORD_SIGN_IN_MODES = ["everyone", "break_glass_only"] as const;
export const PasswordSignInModeSchema = z.enum(PASSWORD_SIGN_IN_MODES);
export type PasswordSignInMode = z.infer<typeof PasswordSignInModeSchema>;

/** An email domain: lower-case labels, at least one dot, no leading "@". */
export const EmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    "Enter a domain such as example.com (no @).",
  );

export const SsoGroupRoleSchema = z.object({
  /** The group's value exactly as the identity provider sends it in the groups claim. */
  group: z.string().trim().min(1, "Enter the group.").max(200),
  role: RoleSchema,
});
export type SsoGroupRole = z.infer<typeof SsoGroupRoleSchema>;

const IssuerSchema = z
  .string()
  .trim()
  .max(500)
  .regex(
    /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/,
    "Enter the issuer URL, e.g. https://login.example.com (no query or #fragment).",
  );

/** POST /api/settings/sso/test-discovery */
export const SsoDiscoveryBodySchema = z.object({
  issuer: IssuerSchema,
  /** Allow-list the issuer's origin: it may then be http or on a private or loopback address. */
  allowPrivateIssuer: z.boolean().default(false),
});
export type SsoDiscoveryBody = z.infer<typeof SsoDiscoveryBodySchema>;

/** What discovery found at the issuer. */
export const SsoDiscoveryResultSchema = z.object({
  issuer: z.string(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  userInfoEndpoint: z.string().nullable(),
  /** The code challenge method used (always S256: the sign-in flow uses PKCE). */
  pkce: z.literal("S256"),
  scopes: z.array(z.string()),
});
export type SsoDiscoveryResult = z.infer<typeof SsoDiscoveryResultSchema>;

/** PUT /api/settings/sso: the whole connection; discovery is tested before anything is saved. */
export const SsoSettingsBodySchema = z.object({
  /** Shown on the sign-in page: "Sign in with {name}". */
  name: z.string().trim().min(1, "Enter the provider's name.").max(60),
  issuer: IssuerSchema,
  allowPrivateIssuer: z.boolean().default(false),
  clientId: z.string().trim().min(1, "Enter the client ID.").max(500),
  /** Write-only. Required the first time; left out (or empty) keeps the stored secret. */
  clientSecret: z.string().max(2000).optional(),
  /** Email domains whose users may sign in, and whose existing accounts are linked. */
  domains: z
    .array(EmailDomainSchema)
    .min(1, "Enter at least one email domain.")
    .max(20)
    .refine((d) => new Set(d).size === d.length, "Each domain once."),
  /** The admin confirms that the organisation owns these domains (required when they change). */
  domainsConfirmed: z.boolean().default(false),
  groupsClaim: z.string().trim().min(1).max(100).default("groups"),
  groupRoles: z
    .array(SsoGroupRoleSchema)
    .max(50)
    .refine((rows) => new Set(rows.map((r) => r.group)).size === rows.length, "Each group once."),
  /** The role of a user in no mapped group; null refuses their sign-in. */
  defaultRole: RoleSchema.nullable(),
  passwordSignIn: PasswordSignInModeSchema.default("everyone"),
  /** Admins who keep password sign-in when it is off for everyone else. */
  breakGlassUserIds: z.array(z.string().min(1).max(100)).max(10).default([]),
});
export type SsoSettingsBody = z.input<typeof SsoSettingsBodySchema>;

/** GET /api/settings/sso */
export const SsoSettingsSchema = z.object({
  /** Paste this into the identity provider as the redirect (callback) URL. */
  callbackUrl: z.string(),
  connection: z
    .object({
      name: z.string(),
      issuer: z.string(),
      allowPrivateIssuer: z.boolean(),
      clientId: z.string(),
      /** Whether a client secret is stored; the secret itself is never sent. */
      clientSecretSet: z.boolean(),
      domains: z.array(z.string()),
      groupsClaim: z.string(),
      groupRoles: z.array(SsoGroupRoleSchema),
      defaultRole: RoleSchema.nullable(),
      passwordSignIn: PasswordSignInModeSchema,
      breakGlassUserIds: z.array(z.string()),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

/** POST /api/auth/sign-in/sso: where the browser goes to sign in at the identity provider. */
export const SsoSignInStartSchema = z.object({ url: z.string() });
export type SsoSignInStart = z.infer<typeof SsoSignInStartSchema>;
