import { z } from "zod";

/**
 * Every action the audit log records. Other modules call `recordAudit(trx, entry)` from
 * modules/audit with one of these, inside the transaction of the change it records.
 */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_in_delayed",
  "user.created",
  "user.role_changed",
  "user.deactivated",
  "user.reactivated",
  "user.renamed",
  "account.name_changed",
  "account.password_changed",
  "account.preferences_changed",
  "password.reset_temporary_set",
  "password.reset_link_created",
  "password.reset_requested",
  "password.reset_completed",
  "settings.ai_provider_changed",
  "settings.generation_changed",
  "settings.banned_phrases_changed",
  "settings.example_repository_changed",
  "company.profile_changed",
  "example.ingested",
  "example.created",
  "example.updated",
  "example.deleted",
  "example.archived",
  "request.refused",
  "content.submitted",
  "content.approved",
  "content.approval_voided",
  "content.published",
  "content.deleted",
  "content.restored",
  "content.purged",
  "proof.fact_created",
  "proof.fact_changed",
  "proof.fact_deleted",
  "intent.imported",
  "glossary.term_created",
  "glossary.term_changed",
  "glossary.term_deleted",
  "glossary.imported",
  "campaign.created",
  "campaign.changed",
  "campaign.deleted",
  "kit.started",
  "kit.cancelled",
  "kit.resumed",
  "kit.retried",
  "token.created",
  "token.revoked",
  "token.refused",
  "webhook.created",
  "webhook.changed",
  "webhook.deleted",
  "webhook.secret_rotated",
  "webhook.disabled",
  "webhook.allow_list_changed",
  "webhook.test_sent",
  "webhook.replayed",
  "webhook.delivery_attempted",
  "publishing.connection_created",
  "publishing.connection_changed",
  "publishing.connection_deleted",
  "publishing.connection_tested",
  "publishing.export_requested",
  "publishing.delivery_attempted",
  "sso.created",
  "sso.changed",
  "sso.removed",
  "sso.user_provisioned",
  "sso.role_synced",
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** Human label of each action, for the audit screen and the CSV export. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Failed sign-in",
  "auth.sign_in_delayed": "Sign-ins delayed for an account",
  "user.created": "User created",
  "user.role_changed": "Role changed",
  "user.deactivated": "User deactivated",
  "user.reactivated": "User reactivated",
  "user.renamed": "User renamed",
  "account.name_changed": "Own name changed",
  "account.password_changed": "Own password changed",
  "account.preferences_changed": "UI settings changed",
  "password.reset_temporary_set": "Temporary password set",
  "password.reset_link_created": "Reset link created",
  "password.reset_requested": "Reset email requested",
  "password.reset_completed": "Password reset",
  "settings.ai_provider_changed": "AI provider changed",
  "settings.generation_changed": "Generation defaults changed",
  "settings.banned_phrases_changed": "Banned phrases changed",
  "settings.example_repository_changed": "Example repository settings changed",
  "company.profile_changed": "Company profile changed",
  "example.ingested": "Examples ingested",
  "example.created": "Example created",
  "example.updated": "Example edited",
  "example.deleted": "Example deleted",
  "example.archived": "Examples archived",
  "request.refused": "Action refused",
  "content.submitted": "Content submitted",
  "content.approved": "Content approved",
  "content.approval_voided": "Approval voided by a change",
  "content.published": "Content published",
  "content.deleted": "Content deleted",
  "content.restored": "Content restored",
  "content.purged": "Content purged",
  "proof.fact_created": "Proof fact added",
  "proof.fact_changed": "Proof fact changed",
  "proof.fact_deleted": "Proof fact deleted",
  "intent.imported": "Intent data imported",
  "glossary.term_created": "Glossary term added",
  "glossary.term_changed": "Glossary term edited",
  "glossary.term_deleted": "Glossary term deleted",
  "glossary.imported": "Glossary imported",
  "campaign.created": "Campaign brief created",
  "campaign.changed": "Campaign brief changed",
  "campaign.deleted": "Campaign brief deleted",
  "kit.started": "Campaign kit started",
  "kit.cancelled": "Campaign kit cancelled",
  "kit.resumed": "Campaign kit resumed",
  "kit.retried": "Campaign kit asset retried",
  "token.created": "API token created",
  "token.revoked": "API token revoked",
  "token.refused": "API token refused",
  "webhook.created": "Webhook endpoint added",
  "webhook.changed": "Webhook endpoint changed",
  "webhook.deleted": "Webhook endpoint deleted",
  "webhook.secret_rotated": "Webhook secret rotated",
  "webhook.disabled": "Webhook endpoint disabled by the server",
  "webhook.allow_list_changed": "Webhook allow-list changed",
  "webhook.test_sent": "Webhook test event sent",
  "webhook.replayed": "Webhook delivery replayed",
  "webhook.delivery_attempted": "Webhook delivery attempted",
  "publishing.connection_created": "Publishing connection added",
  "publishing.connection_changed": "Publishing connection changed",
  "publishing.connection_deleted": "Publishing connection deleted",
  "publishing.connection_tested": "Publishing connection tested",
  "publishing.export_requested": "Draft export requested",
  "publishing.delivery_attempted": "Draft export attempted",
  "sso.created": "Single sign-on set up",
  "sso.changed": "Single sign-on changed",
  "sso.removed": "Single sign-on removed",
  "sso.user_provisioned": "User created at single sign-on",
  "sso.role_synced": "Role set from the identity provider's groups",
};

/** A field's value before and after (either may be missing: added, removed or not shown). */
export const AuditChangeSchema = z.object({
  from: z.unknown().optional(),
  to: z.unknown().optional(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for anonymous actions (a failed sign-in, a reset request). */
  actorId: z.string().nullable(),
  /** Who it was, as known when it happened (name and email, or the email that was tried). */
  actorLabel: z.string(),
  action: AuditActionSchema,
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  ip: z.string().nullable(),
  /** Changed fields; never passwords, tokens or keys. */
  changes: z.record(z.string(), AuditChangeSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-24.")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Use a real date.");

/** GET /api/audit and /api/audit/export: filters (dates are whole UTC days, both inclusive). */
export const AuditQuerySchema = z.object({
  actorId: z.string().max(100).optional(),
  action: AuditActionSchema.optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AuditQuery = Omit<z.output<typeof AuditQuerySchema>, "page"> & { page?: number };

export const AUDIT_PAGE_SIZE = 50;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** True when a further page exists. */
  hasMore: z.boolean(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
