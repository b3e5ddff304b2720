import {
  GENERATION_DEFAULTS,
  GenerationSettingsSchema,
  type GenerationSettings,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import { auditActorOf, diffFields, recordAudit } from "../audit/audit.service";
import { settingsPolicy } from "./settings.policy";
import { readSetting, writeSetting } from "./settings.repository";

/**
 * The organisation's content generation defaults and thresholds. This module owns them: the
 * generator, the editor's review, Optimize and the Library's approval threshold all read them
 * here, never by their storage key.
 */
export const GENERATION_SETTING = "generation.settings";

/** The generation settings (the defaults until an admin saves). */
export async function getGenerationSettings(db: Kysely<Database>): Promise<GenerationSettings> {
  const stored = GenerationSettingsSchema.partial().safeParse(
    await readSetting(db, GENERATION_SETTING),
  );
  return { ...GENERATION_DEFAULTS, ...(stored.success ? stored.data : {}) };
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
  const before = await getGenerationSettings(db);
  await db.transaction().execute(async (trx) => {
    await writeSetting(trx, GENERATION_SETTING, settings, actor.id);
    const changes = diffFields(before, settings);
    if (Object.keys(changes).length > 0) {
      await recordAudit(trx, {
        actor: auditActorOf(actor),
        action: "settings.generation_changed",
        target: { type: "setting", id: GENERATION_SETTING, label: "Content generation defaults" },
        changes,
      });
    }
  });
  return settings;
}
