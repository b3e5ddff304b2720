import { z } from "zod";

/** Every error the API can answer with. One table on the server maps each to an HTTP status. */
export const ERROR_CODES = [
  "validation_error",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "rate_limited",
  "setup_required",
  "already_set_up",
  "password_change_required",
  "provider_error",
  /** The server is stopping (or otherwise cannot take the request now); try again shortly. */
  "service_unavailable",
  "internal_error",
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** A field-level problem in a 400 `validation_error`. */
export const FieldIssueSchema = z.object({
  /** Dotted path to the field, e.g. `body.email`. */
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: ErrorCodeSchema,
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Successful responses: `{ success: true, data }`. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });
