import {
  GENERATION_DEFAULTS,
  GenerationSettingsSchema,
  type GenerationSettings,
  type GenerationSettingsResponse,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import { readSetting, writeSetting } from "../settings/settings.repository";
import { auditActorOf, diffFields, recordAudit } from "../audit/audit.service";
import { contentPolicy } from "./content.policy";

export const GENERATION_SETTING = "generation.settings";

/** The organisation's generation defaults and thresholds (the defaults until an admin saves). */
export async function getGenerationSettings(db: Kysely<Database>): Promise<GenerationSettings> {
  const stored = GenerationSettingsSchema.partial().safeParse(
    await readSetting(db, GENERATION_SETTING),
  );
  return { ...GENERATION_DEFAULTS, ...(stored.success ? stored.data : {}) };
}

/** The settings as answered to `actor`, with whether they may change them. */
export function presentGenerationSettings(
  settings: GenerationSettings,
  actor: SessionUser,
): GenerationSettingsResponse {
  const can = contentPolicy.capabilities(actor);
  return { ...settings, can: { edit: can.editSettings, generate: can.generate } };
}

export async function readGenerationSettings(
  db: Kysely<Database>,
  actor: SessionUser,
): Promise<GenerationSettingsResponse> {
  return presentGenerationSettings(await getGenerationSettings(db), actor);
}

/** Admins change the organisation's generation defaults (audited in the same transaction). */
export async function saveGenerationSettings(
  db: Kysely<Database>,
  actor: SessionUser,
  settings: GenerationSettings,
): Promise<GenerationSettingsResponse> {
  contentPolicy.authorize(actor, "editSettings");
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
  return presentGenerationSettings(settings, actor);
}
