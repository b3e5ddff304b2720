import {
  GENERATION_DEFAULTS,
  GenerationSettingsSchema,
  type GenerationSettings,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import { readSetting, writeSetting } from "../settings/settings.repository";

export const GENERATION_SETTING = "generation.settings";

/** The organisation's generation defaults and thresholds (the defaults until an admin saves). */
export async function getGenerationSettings(db: Kysely<Database>): Promise<GenerationSettings> {
  const stored = GenerationSettingsSchema.partial().safeParse(
    await readSetting(db, GENERATION_SETTING),
  );
  return { ...GENERATION_DEFAULTS, ...(stored.success ? stored.data : {}) };
}

export async function saveGenerationSettings(
  db: Kysely<Database>,
  actor: SessionUser,
  settings: GenerationSettings,
): Promise<GenerationSettings> {
  await writeSetting(db, GENERATION_SETTING, settings, actor.id);
  return settings;
}
