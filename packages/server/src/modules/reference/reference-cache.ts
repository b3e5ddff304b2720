import {
  BuyingStageSchema,
  CompanyCatalogSchema,
  IndustrySchema,
  PersonaSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import { changeFeedOf, readsOf, REFERENCE_TABLES, type ChangeFeed } from "../../db/change-feed";
import { cachedAnswer, type CachedAnswer } from "../../lib/answer-cache";
import { success } from "../../lib/envelope";
import type { Database } from "../../db/types";
import { readReferenceVersion } from "./reference.repository";
import {
  getCompanyCatalog,
  listBuyingStages,
  listIndustries,
  listPersonas,
} from "./reference.service";

const ANSWERS = {
  personas: { schema: successEnvelope(z.array(PersonaSchema)), load: listPersonas },
  industries: { schema: successEnvelope(z.array(IndustrySchema)), load: listIndustries },
  buyingStages: { schema: successEnvelope(z.array(BuyingStageSchema)), load: listBuyingStages },
  companyCatalog: { schema: successEnvelope(CompanyCatalogSchema), load: getCompanyCatalog },
} as const;

export type ReferenceAnswer = keyof typeof ANSWERS;

/**
 * The reference answers, built (zod-checked and serialised) once per reference-data version.
 * While the database's change feed hears every change (db/change-feed.ts: this process's own
 * writes at commit, other writers through the triggers' NOTIFY), an answer is kept until a
 * reference table changes and nothing is read per request. Otherwise (the PostgreSQL
 * listener not connected) each call reads the version row that the same triggers bump in
 * every transaction changing reference data, one primary-key read.
 */
export class ReferenceCache {
  private readonly entries = new Map<
    ReferenceAnswer,
    { version: string; answer: Promise<CachedAnswer> }
  >();

  private readonly feed: ChangeFeed | undefined;
  /** Every table the answers' loads read (the dependency test holds them to REFERENCE_TABLES). */
  readonly tablesRead = new Set<string>();

  constructor(private readonly db: Kysely<Database>) {
    this.feed = changeFeedOf(db);
  }

  async get(name: ReferenceAnswer): Promise<CachedAnswer> {
    const generation = this.feed?.lastChange(REFERENCE_TABLES) ?? null;
    const version =
      generation === null ? `v${await readReferenceVersion(this.db)}` : `g${generation}`;
    const entry = this.entries.get(name);
    if (entry && entry.version === version) return entry.answer;
    const answer = this.build(name);
    // Rows read after the version was, so the answer is at least as new as `version`.
    this.entries.set(name, { version, answer });
    answer.catch(() => {
      if (this.entries.get(name)?.answer === answer) this.entries.delete(name);
    });
    return answer;
  }

  private async build(name: ReferenceAnswer): Promise<CachedAnswer> {
    const { schema, load } = ANSWERS[name];
    const { value: data, tables } = await readsOf<unknown>(() => load(this.db));
    for (const table of tables) this.tablesRead.add(table);
    return cachedAnswer(JSON.stringify(schema.parse(success(data))));
  }
}
