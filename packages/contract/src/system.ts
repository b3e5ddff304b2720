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
  /** Human label, e.g. `OpenAI` or `Template writer (offline, no AI)`. */
  providerLabel: z.string(),
  /** Every provider with its models and whether the server has a key for it (never the key). */
  providers: z.array(ProviderModelInfoSchema),
});
export type AiServiceInfo = z.infer<typeof AiServiceInfoSchema>;
