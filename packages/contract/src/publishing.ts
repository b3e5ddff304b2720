import { z } from "zod";

/**
 * Publishing connectors: admins connect WordPress, HubSpot and Webflow; an approved item is
 * sent there as a draft only (never published, never the live version of a post).
 */

export const PUBLISHING_TARGETS = ["wordpress", "hubspot", "webflow"] as const;
export const PublishingTargetSchema = z.enum(PUBLISHING_TARGETS);
export type PublishingTarget = z.infer<typeof PublishingTargetSchema>;

export const PUBLISHING_TARGET_LABELS: Record<PublishingTarget, string> = {
  wordpress: "WordPress",
  hubspot: "HubSpot",
  webflow: "Webflow",
};

/** What a HubSpot connection makes: a CMS blog post draft or a marketing email draft. */
export const HUBSPOT_CONTENT_KINDS = ["blog_post", "marketing_email"] as const;
export const HubSpotContentKindSchema = z.enum(HUBSPOT_CONTENT_KINDS);
export type HubSpotContentKind = z.infer<typeof HubSpotContentKindSchema>;

export const PUBLISHING_LIMITS = {
  nameChars: 100,
  urlChars: 2000,
  secretChars: 500,
  utmChars: 100,
  /** Connections in total. */
  maxConnections: 30,
  /** Characters of a target's error message kept on an export. */
  errorChars: 500,
} as const;

/** The export states: queued or retrying, a draft exists for the exported version, gave up. */
export const EXPORT_STATUSES = ["pending", "drafted", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const id = z.string().trim().min(1).max(100);

/**
 * Default UTM parameters of a connection's links. `source` and `medium` always apply;
 * `campaign` applies when the item was not written by a campaign kit (a kit's campaign wins).
 */
export const UtmSettingsSchema = z.object({
  source: z
    .string()
    .trim()
    .min(1, "Enter a source.")
    .max(PUBLISHING_LIMITS.utmChars)
    .default("content-studio"),
  medium: z.string().trim().min(1, "Enter a medium.").max(PUBLISHING_LIMITS.utmChars),
  campaign: z.string().trim().max(PUBLISHING_LIMITS.utmChars).default(""),
});
export type UtmSettings = z.output<typeof UtmSettingsSchema>;

const SiteUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the site's URL.")
  .max(PUBLISHING_LIMITS.urlChars)
  .pipe(z.url({ protocol: /^https?$/, error: "Enter an https:// URL." }));

export const WordPressSettingsSchema = z.object({
  target: z.literal("wordpress"),
  /** The site's address; the REST API is at `<siteUrl>/wp-json/wp/v2`. */
  siteUrl: SiteUrlSchema,
  username: z.string().trim().min(1, "Enter the WordPress user.").max(200),
});

export const HubSpotSettingsSchema = z
  .object({
    target: z.literal("hubspot"),
    contentKind: HubSpotContentKindSchema,
    /** The blog (content group) posts go to; required for blog posts. */
    blogId: z.string().trim().max(40).default(""),
    /** The blog author of posts (optional). */
    authorId: z.string().trim().max(40).default(""),
  })
  .refine((s) => s.contentKind !== "blog_post" || /^\d+$/.test(s.blogId), {
    path: ["blogId"],
    message: "Enter the blog's id (digits) for blog posts.",
  });

export const WebflowSettingsSchema = z.object({
  target: z.literal("webflow"),
  collectionId: z
    .string()
    .trim()
    .regex(/^[a-f0-9]{24}$/i, "Enter the collection's id (24 hexadecimal characters)."),
});

export const ConnectionSettingsSchema = z.discriminatedUnion("target", [
  WordPressSettingsSchema,
  HubSpotSettingsSchema,
  WebflowSettingsSchema,
]);
export type ConnectionSettings = z.output<typeof ConnectionSettingsSchema>;
export type ConnectionSettingsInput = z.input<typeof ConnectionSettingsSchema>;

const SecretSchema = z.string().trim().max(PUBLISHING_LIMITS.secretChars);

/** What an admin writes to add a connection. */
export const ConnectionInputSchema = z.object({
  name: z.string().trim().min(1, "Enter a name.").max(PUBLISHING_LIMITS.nameChars),
  settings: ConnectionSettingsSchema,
  /** WordPress application password, HubSpot private-app token or Webflow API token. */
  secret: SecretSchema.min(1, "Enter the password or token."),
  utm: UtmSettingsSchema,
});
export type ConnectionInput = z.input<typeof ConnectionInputSchema>;

/** A change; an empty or absent secret keeps the stored one. The target cannot change. */
export const ConnectionPatchSchema = z.object({
  name: z.string().trim().min(1, "Enter a name.").max(PUBLISHING_LIMITS.nameChars).optional(),
  settings: ConnectionSettingsSchema.optional(),
  secret: SecretSchema.optional(),
  utm: UtmSettingsSchema.optional(),
});
export type ConnectionPatch = z.input<typeof ConnectionPatchSchema>;

export const ConnectionIdParamsSchema = z.object({ id });
export const ItemIdParamsSchema = z.object({ id });

/** Webflow: which collection fields receive the title, slug and body (read from the collection). */
export const WebflowFieldMappingSchema = z.object({
  title: z.string(),
  slug: z.string(),
  body: z.string().nullable(),
  summary: z.string().nullable(),
});
export type WebflowFieldMapping = z.infer<typeof WebflowFieldMappingSchema>;

export const ConnectionTestResultSchema = z.object({
  ok: z.boolean(),
  /** What the target said, in words for an admin. */
  message: z.string(),
  at: z.string(),
});
export type ConnectionTestResult = z.infer<typeof ConnectionTestResultSchema>;

/** A connection as admins see it: never its secret. */
export const PublishingConnectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  target: PublishingTargetSchema,
  settings: z.union([
    z.object({ target: z.literal("wordpress"), siteUrl: z.string(), username: z.string() }),
    z.object({
      target: z.literal("hubspot"),
      contentKind: HubSpotContentKindSchema,
      blogId: z.string(),
      authorId: z.string(),
    }),
    z.object({ target: z.literal("webflow"), collectionId: z.string() }),
  ]),
  utm: z.object({ source: z.string(), medium: z.string(), campaign: z.string() }),
  /** Webflow only: the mapping read from the collection at the last test. */
  fieldMapping: WebflowFieldMappingSchema.nullable(),
  lastTest: ConnectionTestResultSchema.nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type PublishingConnection = z.infer<typeof PublishingConnectionSchema>;

export const ConnectionListSchema = z.object({
  connections: z.array(PublishingConnectionSchema),
  /** The webhook allow-list, which site URLs on private addresses or over http need too. */
  allowedOrigins: z.array(z.string()),
});
export type ConnectionList = z.infer<typeof ConnectionListSchema>;

/** POST /api/publishing/items/:id/exports: send the item's approved version as a draft. */
export const SendDraftBodySchema = z.object({
  connectionId: id,
  /** The version the caller saw approved; refused (409) unless it is the approved version. */
  version: z.number().int().min(1),
});
export type SendDraftBody = z.infer<typeof SendDraftBodySchema>;

/** One item's draft at one connection. */
export const ContentExportSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  connectionId: z.string(),
  connectionName: z.string(),
  target: PublishingTargetSchema,
  status: z.enum(EXPORT_STATUSES),
  /** The version queued (or last sent). */
  requestedVersion: z.number().int(),
  /** The version the draft holds, or null before the first success. */
  exportedVersion: z.number().int().nullable(),
  externalId: z.string().nullable(),
  externalUrl: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContentExport = z.infer<typeof ContentExportSchema>;

export const ItemExportsSchema = z.object({
  exports: z.array(ContentExportSchema),
  /** Connections the caller may send this item to now (empty unless allowed). */
  targets: z.array(z.object({ id: z.string(), name: z.string(), target: PublishingTargetSchema })),
  can: z.object({ send: z.boolean() }),
  /** Why sending is not possible now (state), or null. */
  blockedReason: z.string().nullable(),
});
export type ItemExports = z.infer<typeof ItemExportsSchema>;
