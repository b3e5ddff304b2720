import { z } from "zod";
import { ProviderModelInfoSchema } from "./ai";
import { objectOfKeys } from "./object-of-keys";

export const HealthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
});
export type Health = z.infer<typeof HealthSchema>;

/** GET /api/health/live: the process runs and answers (it does no I/O to say so). */
export const LivenessSchema = z.object({ status: z.literal("alive") });
export type Liveness = z.infer<typeof LivenessSchema>;

/**
 * What GET /api/health/ready checks: the server is not stopping; the database answers within
 * 1 s; every migration of this code has run; the job engine's schema is present; the example
 * repository's S3 store answers, when one is configured; the file store for uploads (S3_BUCKET)
 * answers a HeadBucket within 1 s, when one is configured.
 */
export const READINESS_CHECKS = [
  "draining",
  "database",
  "migrations",
  "jobEngine",
  "storage",
  "fileStore",
] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/**
 * A check's result: `skipped` when it was not run (the server is stopping, or the database it
 * reads did not answer), `not_configured` for storage or fileStore without an S3 store.
 */
export const ReadinessStateSchema = z.enum(["ok", "failed", "skipped", "not_configured"]);
export type ReadinessState = z.infer<typeof ReadinessStateSchema>;

/** Every check's state, by check. */
export const ReadinessChecksSchema = objectOfKeys(READINESS_CHECKS, ReadinessStateSchema);
export type ReadinessChecks = z.infer<typeof ReadinessChecksSchema>;

/** The 200 answer of GET /api/health/ready. */
export const ReadinessSchema = z.object({
  status: z.literal("ready"),
  checks: ReadinessChecksSchema,
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/** `details` of the 503 error envelope of GET /api/health/ready: which checks failed. */
export const NotReadyDetailsSchema = z.object({
  failed: z.array(z.enum(READINESS_CHECKS)),
  checks: ReadinessChecksSchema,
});
export type NotReadyDetails = z.infer<typeof NotReadyDetailsSchema>;

/** The AI provider and model currently used for generation. */
export const AiServiceInfoSchema = z.object({
  provider: z.string(),
  model: z.string(),
  /** Human label, e.g. `OpenAI` or `Outline writer (offline, no AI)`. */
  providerLabel: z.string(),
  /** Every provider with its models and whether the server has a key for it (never the key). */
  providers: z.array(ProviderModelInfoSchema),
});
export type AiServiceInfo = z.infer<typeof AiServiceInfoSchema>;

/** GET /api/ai-service-info and POST /api/change-ai-provider answer. */
export const AiServiceInfoResponseSchema = AiServiceInfoSchema.extend({
  /** Whether the caller may change the provider and model. */
  can: z.object({ change: z.boolean() }),
});
export type AiServiceInfoResponse = z.infer<typeof AiServiceInfoResponseSchema>;
