import { createHash } from "node:crypto";
import {
  BuyingStageSchema,
  CompanyCatalogSchema,
  IndustrySchema,
  PersonaSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import { listenInProcess } from "../../db/in-process-notifications";
import type { Database } from "../../db/types";
import { readReferenceVersion } from "./reference.repository";
import {
  getCompanyCatalog,
  listBuyingStages,
  listIndustries,
  listPersonas,
} from "./reference.service";

/** A ready answer: the JSON body serialised once, and its entity tag. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

const ANSWERS = {
  personas: { schema: successEnvelope(z.array(PersonaSchema)), load: listPersonas },
  industries: { schema: successEnvelope(z.array(IndustrySchema)), load: listIndustries },
  buyingStages: { schema: successEnvelope(z.array(BuyingStageSchema)), load: listBuyingStages },
  companyCatalog: { schema: successEnvelope(CompanyCatalogSchema), load: getCompanyCatalog },
} as const;

export type ReferenceAnswer = keyof typeof ANSWERS;

/**
 * The reference answers, built (zod-checked and serialised) once per reference-data version.
 * On PostgreSQL each call reads the version (one primary-key row that triggers bump in every
 * transaction changing reference data), so an edit through any instance is seen by the next
 * request on every instance. On PGlite, the only process on its database, the triggers'
 * NOTIFY counts changes in process and nothing is read while none arrives.
 */
export class ReferenceCache {
  private readonly entries = new Map<
    ReferenceAnswer,
    { version: number; answer: Promise<CachedAnswer> }
  >();

  /** Changes notified in process (PGlite); null until listening, or on PostgreSQL. */
  private notified: number | null = null;
  private readonly stopListening: Promise<(() => Promise<void>) | null>;

  constructor(private readonly db: Kysely<Database>) {
    this.stopListening = listenInProcess(db, "reference_version", () => {
      if (this.notified !== null) this.notified += 1;
    }).then(
      (stop) => {
        // Entries built before the listener existed may predate a change it never heard of.
        if (stop) {
          this.entries.clear();
          this.notified = 0;
        }
        return stop;
      },
      () => null,
    );
  }

  /** Stops listening for changes (when the app closes). */
  async close(): Promise<void> {
    const stop = await this.stopListening;
    this.notified = null;
    await stop?.();
  }

  async get(name: ReferenceAnswer): Promise<CachedAnswer> {
    const version = this.notified ?? (await readReferenceVersion(this.db));
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
    const data = await load(this.db);
    const body = JSON.stringify(schema.parse({ success: true, data }));
    const digest = createHash("sha256").update(body).digest("base64url").slice(0, 27);
    return { body, etag: `"${digest}"` };
  }
}
