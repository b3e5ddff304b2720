import { z } from "zod";

/**
 * Signed webhooks: admins register endpoints that receive thin, signed event messages
 * (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */

/** Every event an endpoint may subscribe to. `webhook.test` is sent only on request. */
export const WEBHOOK_EVENTS = [
  "content.submitted",
  "content.approved",
  "content.rejected",
  "content.published",
  "content.exported",
  "claim.unsupported",
  "fact.expired",
  "fact.retired",
  "intent.surge",
  "kit.completed",
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/** The test event an admin sends from the card (any endpoint receives it, subscribed or not). */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookMessageType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "content.submitted": "Content submitted for review",
  "content.approved": "Content approved",
  "content.rejected": "Content rejected",
  "content.published": "Content published",
  "content.exported": "Content exported",
  "claim.unsupported": "A claim is not supported by a fact",
  "fact.expired": "Fact expired",
  "fact.retired": "Fact retired",
  "intent.surge": "An account's intent crossed the surge threshold",
  "kit.completed": "Campaign kit completed",
};

/**
 * An account surges when an intent import raises its score to at least this (0-100) from
 * below it (or it is new at or above it).
 */
export const INTENT_SURGE_THRESHOLD = 70;

export const WEBHOOK_LIMITS = {
  urlChars: 2000,
  descriptionChars: 300,
  /** Endpoints in total. */
  maxEndpoints: 50,
  allowedOrigins: 20,
  /** Characters of a request or response body kept in the delivery log. */
  bodyChars: 2000,
  /** Deliveries listed per endpoint. */
  logPageSize: 50,
} as const;

/** How long the previous secret keeps signing after a rotation. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;

const HttpUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the endpoint's URL.")
  .max(WEBHOOK_LIMITS.urlChars)
  .pipe(z.url({ protocol: /^https?$/, error: "Enter an https:// URL." }));

/** What an admin writes to add an endpoint. */
export const WebhookEndpointInputSchema = z.object({
  url: HttpUrlSchema,
  /** At least one event. */
  events: z.array(WebhookEventTypeSchema).min(1, "Choose at least one event.").max(50),
  description: z.string().trim().max(WEBHOOK_LIMITS.descriptionChars).default(""),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>;

/** What an admin may change later (the URL is fixed: add another endpoint instead). */
export const WebhookEndpointPatchSchema = z.object({
  events: z.array(WebhookEventTypeSchema).min(1, "Choose at least one event.").max(50).optional(),
  description: z.string().trim().max(WEBHOOK_LIMITS.descriptionChars).optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointPatch = z.infer<typeof WebhookEndpointPatchSchema>;

export const WebhookIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const WebhookDeliveryParamsSchema = z.object({
  id: z.string().min(1).max(100),
  deliveryId: z.string().min(1).max(100),
});

/** An endpoint as admins see it: never its secret. */
export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it was switched off by the server (410, failures), or null. */
  disabledReason: z.string().nullable(),
  /** Until when the previous secret still signs (after a rotation), or null. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastDelivery: z
    .object({ status: z.enum(["pending", "succeeded", "failed"]), at: z.string() })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** The answer that carries a secret: only creation and rotation, and only once. */
export const WebhookEndpointWithSecretSchema = z.object({
  endpoint: WebhookEndpointSchema,
  /** `whsec_…`: shown once; the server keeps it encrypted and never returns it again. */
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WebhookAllowListSchema = z.object({
  /**
   * Origins (scheme://host:port) an endpoint may use over http or on a private or loopback
   * address: internal receivers, tests. Anything else must be public https.
   */
  allowedOrigins: z
    .array(
      z
        .string()
        .trim()
        .regex(/^https?:\/\/[a-z0-9.\-[\]:]+$/i, {
          message: "Enter an origin such as https://hooks.internal:8443 (no path).",
        }),
    )
    .max(WEBHOOK_LIMITS.allowedOrigins),
});
export type WebhookAllowList = z.infer<typeof WebhookAllowListSchema>;

export const WebhookListSchema = z.object({
  endpoints: z.array(WebhookEndpointSchema),
  allowedOrigins: z.array(z.string()),
});
export type WebhookList = z.infer<typeof WebhookListSchema>;

/** One try to deliver a message to an endpoint. */
export const WebhookAttemptSchema = z.object({
  id: z.string(),
  /** 1 for the first try; a manual replay continues the count. */
  attempt: z.number().int(),
  manual: z.boolean(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  /** The HTTP status answered, or null when none came (timeout, refused, blocked address). */
  statusCode: z.number().int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  /** The signed request body and the response body, cut to WEBHOOK_LIMITS.bodyChars. */
  requestBody: z.string(),
  responseBody: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/** One message (an event for an endpoint), its webhook-id and every attempt. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every retry and replay. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  createdAt: z.string(),
  /** When the next automatic attempt is due, or null. */
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;

/** The thin body of every message: what happened, to which record, and where to look. */
export const WebhookPayloadSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;
