import { BannedPhrasesSchema, DEFAULT_BANNED_PHRASES } from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";
import { readSetting, writeSetting } from "./settings.repository";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The banned phrases: edited on their own card (the quality module) and with the company
 * profile (the reference module), read by the quality check and the writers. This module owns
 * where they are stored; the others call these functions, never the storage key.
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
