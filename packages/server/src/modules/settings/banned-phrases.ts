import {
  BannedPhrasesSchema,
  DEFAULT_BANNED_PHRASES,
  type BannedPhrasesResponse,
} from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import { auditActorOf, diffFields, recordChangesIfAny } from "../audit/audit.service";
import { settingsPolicy } from "./settings.policy";
import { readSetting, writeSetting } from "./settings.repository";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The banned phrases: edited on their own card (here) and with the company profile (the
 * reference module), read by the quality check and the writers. This module owns where they
 * are stored; the others call these functions, never the storage key.
 */
export const BANNED_PHRASES_SETTING = "quality.bannedPhrases";

/** The stored list, or the defaults until someone saves one. */
export async function getBannedPhraseList(db: Db): Promise<string[]> {
  const stored = BannedPhrasesSchema.safeParse(await readSetting(db, BANNED_PHRASES_SETTING));
  return stored.success ? stored.data.phrases : [...DEFAULT_BANNED_PHRASES];
}

/** Replaces the list (the caller authorises and audits, in the same transaction). */
export async function writeBannedPhraseList(
  db: Db,
  phrases: string[],
  userId: string | null,
): Promise<void> {
  await writeSetting(db, BANNED_PHRASES_SETTING, { phrases }, userId);
}

/** GET /api/settings/banned-phrases: the banned phrases as answered to `actor`, with whether they may change them. */
export async function readBannedPhrases(
  db: Kysely<Database>,
  actor: SessionUser,
): Promise<BannedPhrasesResponse> {
  return presentBannedPhrases(await getBannedPhraseList(db), actor);
}

function presentBannedPhrases(phrases: string[], actor: SessionUser): BannedPhrasesResponse {
  return { phrases, can: { edit: settingsPolicy.capabilities(actor).editBannedPhrases } };
}

/** PUT /api/settings/banned-phrases: saves the list (trimmed, inner spaces collapsed, duplicates dropped ignoring case). Admins only. */
export async function saveBannedPhrases(
  db: Kysely<Database>,
  actor: SessionUser,
  input: { phrases: string[] },
): Promise<BannedPhrasesResponse> {
  settingsPolicy.authorize(actor, "editBannedPhrases");
  const seen = new Set<string>();
  const phrases: string[] = [];
  for (const raw of input.phrases) {
    const phrase = raw.trim().replace(/\s+/g, " ");
    const key = phrase.toLowerCase();
    if (!phrase || seen.has(key)) continue;
    seen.add(key);
    phrases.push(phrase);
  }
  const before = await getBannedPhraseList(db);
  await db.transaction().execute(async (trx) => {
    await writeBannedPhraseList(trx, phrases, actor.id);
    const changes = diffFields({ bannedPhrases: before }, { bannedPhrases: phrases });
    await recordChangesIfAny(trx, {
      actor: auditActorOf(actor),
      action: "settings.banned_phrases_changed",
      target: { type: "setting", id: BANNED_PHRASES_SETTING, label: "Banned phrases" },
      changes,
    });
  });
  return presentBannedPhrases(phrases, actor);
}
