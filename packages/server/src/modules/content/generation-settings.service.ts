import type { GenerationSettings, GenerationSettingsResponse } from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import * as settings from "../settings/generation-settings";
import { settingsPolicy } from "../settings/settings.policy";
import { contentPolicy } from "./content.policy";

/** The settings as answered to `actor`, with whether they may change them and generate. */
export function presentGenerationSettings(
  value: GenerationSettings,
  actor: SessionUser,
): GenerationSettingsResponse {
  return {
    ...value,
    can: {
      edit: settingsPolicy.capabilities(actor).editGenerationSettings,
      generate: contentPolicy.capabilities(actor).generate,
    },
  };
}

/** GET /api/settings/generation: the settings module's values, presented. */
export async function readGenerationSettings(
  db: Kysely<Database>,
  actor: SessionUser,
): Promise<GenerationSettingsResponse> {
  return presentGenerationSettings(await settings.getGenerationSettings(db), actor);
}

/** PUT /api/settings/generation: saved (and audited) by the settings module, presented. */
export async function saveGenerationSettings(
  db: Kysely<Database>,
  actor: SessionUser,
  value: GenerationSettings,
): Promise<GenerationSettingsResponse> {
  return presentGenerationSettings(await settings.saveGenerationSettings(db, actor, value), actor);
}
