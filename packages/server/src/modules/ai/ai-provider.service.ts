import { AI_PROVIDERS, AiProviderIdSchema, type AiServiceInfo } from "@content-studio/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/types";
import { readSetting } from "../settings/settings.repository";

export const AI_PROVIDER_SETTING = "ai.provider";

const StoredChoiceSchema = z.object({ provider: AiProviderIdSchema, model: z.string() });

/** The provider and model used for generation: the stored choice, else the built-in writer. */
export async function getCurrentAiProvider(db: Kysely<Database>): Promise<AiServiceInfo> {
  const stored = StoredChoiceSchema.safeParse(await readSetting(db, AI_PROVIDER_SETTING));
  const provider = stored.success ? stored.data.provider : "builtin";
  const model = stored.success ? stored.data.model : AI_PROVIDERS.builtin.models[0];
  return { provider, model, providerLabel: AI_PROVIDERS[provider].label };
}
