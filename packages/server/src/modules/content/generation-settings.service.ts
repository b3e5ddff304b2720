import {
  GENERATION_DEFAULTS,
  GenerationSettingsSchema,
  type GenerationSettings,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import { readSetting, writeSetting } from "../settings/settings.repository";
import { auditActorOf, diffFields, recordAudit } from "../audit/audit.service";

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
