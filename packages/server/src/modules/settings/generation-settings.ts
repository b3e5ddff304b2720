import type { GenerationSettings } from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import { settingsPolicy } from "./settings.policy";
import { storedSettings } from "./stored-settings";

/**
 * The organisation's content generation defaults and thresholds. This module owns them: the
 * generator, the editor's review, Optimize and the Library's approval threshold all read them
 * here, never by their storage key.
 */
const generationSetting = storedSettings.generation;

/** The generation settings (the defaults until an admin saves). */
export async function getGenerationSettings(db: Kysely<Database>): Promise<GenerationSettings> {
  return generationSetting.read(db);
}

/** The organisation's quality threshold: the score above which content meets the standard. */
export async function getQualityThreshold(db: Kysely<Database>): Promise<number> {
  return (await getGenerationSettings(db)).qualityThreshold;
}

/** Admins change the generation settings (audited in the same transaction). */
export async function saveGenerationSettings(
  db: Kysely<Database>,
  actor: SessionUser,
  settings: GenerationSettings,
): Promise<GenerationSettings> {
  settingsPolicy.authorize(actor, "editGenerationSettings");
  await generationSetting.save(db, actor, settings);
  return settings;
}
