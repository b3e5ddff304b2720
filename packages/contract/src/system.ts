import { z } from "zod";
import { ProviderModelInfoSchema } from "./generation";

export const HealthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
});
export type Health = z.infer<typeof HealthSchema>;

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
