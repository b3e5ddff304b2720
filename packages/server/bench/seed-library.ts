/**
 * Seeds the content library with realistic items for benchmarks:
 *   npx tsx packages/server/bench/seed-library.ts --count 100000 (--data-dir DIR | --database-url URL)
 * The database must already be migrated (start the server once). Items get every persona,
 * industry, stage, type and status, bodies built from the shipped example files' sentences,
 * scores between 0.3 and 0.98, dates over the last year, version 1 each, and 3% in the Trash.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  BUYING_STAGES,
  CONTENT_STATUSES,
  CONTENT_TYPES,
  INDUSTRY_IDS,
  PERSONA_IDS,
} from "@content-studio/contract";
import { sql } from "kysely";
import { openDatabase } from "../src/db/database";
import type { NewContentItem, NewContentItemVersion } from "../src/db/types";
import { insertContentVersion, insertLibraryItem } from "../src/modules/library/library.repository";
import { listUsers } from "../src/modules/users/users.repository";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
  },
});
const COUNT = Number(values.count);
const BATCH = 500;

const examplesRoot = path.resolve(import.meta.dirname, "../../../examples");
const sentences = ["good", "bad"]
  .flatMap((c) =>
    fs
      .readdirSync(path.join(examplesRoot, c))
      .map((f) => fs.readFileSync(path.join(examplesRoot, c, f), "utf8")),
  )
  .flatMap((t) => t.split(/(?<=[.!?])\s+/))
  .map((s) => s.trim())
  .filter((s) => s.length > 40 && !s.includes("\n") && !s.startsWith("#") && !s.includes("---"));

const TOPICS = [
  "should-cost analysis",
  "design-to-cost reviews",
  "tolerance stack-up",
  "supplier quote validation",
  "engineering change orders",
  "make-versus-buy decisions",
  "cost of quality",
  "digital twin costing",
  "sheet metal cost drivers",
  "additive manufacturing economics",
  "battery pack cost models",
  "cabin interior weight and cost",
  "PCB assembly cost",
  "machining cycle time",
  "tooling amortisation",
];
const OPENERS = [
  "How",
  "Why",
  "A practical guide to",
  "What engineering leaders get wrong about",
  "The business case for",
  "Five lessons on",
  "Benchmarking",
];

/** Deterministic pseudo-random numbers (mulberry32) so every run seeds the same data. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main() {
  const handle = values["database-url"]
    ? await openDatabase({ kind: "postgres", url: values["database-url"] })
    : await openDatabase({ kind: "pglite", dataDir: values["data-dir"] });
  const { db } = handle;
  try {
    const users = (await listUsers(db)).map((u) => u.id);
    const rand = random(42);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
    const now = Date.now();
    const started = performance.now();
    for (let done = 0; done < COUNT; done += BATCH) {
      const items: NewContentItem[] = [];
      const versions: NewContentItemVersion[] = [];
      for (let i = done; i < Math.min(COUNT, done + BATCH); i++) {
        const topic = pick(TOPICS);
        const industry = pick(INDUSTRY_IDS);
        const title = `${pick(OPENERS)} ${topic} in ${industry.replace("-", " ")} (${i})`;
        const paragraphs = Array.from(
          { length: 4 },
          () => `<p>${[pick(sentences), pick(sentences), pick(sentences)].join(" ")}</p>`,
        );
        const body = `<h2>Where cost is decided</h2>${paragraphs.slice(0, 2).join("")}<h2>What to do next</h2>${paragraphs.slice(2).join("")}`;
        const created = new Date(now - Math.floor(rand() * 365 * 86_400_000));
        const updated = new Date(
          Math.min(now, created.getTime() + Math.floor(rand() * 30 * 86_400_000)),
        );
        const quality = rand() < 0.05 ? null : Math.round((0.3 + rand() * 0.68) * 1000) / 1000;
        const id = randomUUID();
        const author = users.length > 0 && rand() < 0.9 ? pick(users) : null;
        const item = {
          id,
          title,
          content_type: pick(CONTENT_TYPES),
          persona_id: pick(PERSONA_IDS),
          industry_id: industry,
          buying_stage: pick(BUYING_STAGES),
          topic,
          status: pick(CONTENT_STATUSES),
          headline: title,
          introduction: `${pick(sentences)} ${pick(sentences)}`,
          body,
          conclusion: pick(sentences),
          quality_before: quality,
          quality_after: quality,
          provenance: JSON.stringify({
            provider: "builtin",
            model: "content-studio-writer-1",
            promptVersion: "seed",
            exampleIds: [],
            usage: { inputTokens: 0, outputTokens: 0 },
            durationMs: 300 + Math.floor(rand() * 9000),
            refinementRounds: 0,
          }),
          created_by: author,
          created_at: created,
          updated_at: updated,
          deleted_at: rand() < 0.03 ? updated : null,
        } satisfies NewContentItem;
        items.push(item);
        versions.push({
          content_item_id: id,
          version: 1,
          title,
          headline: title,
          introduction: item.introduction,
          body,
          conclusion: item.conclusion,
          quality_score: quality,
          note: "Generated",
          created_by: author,
          created_at: created,
        });
      }
      await db.transaction().execute(async (trx) => {
        await insertLibraryItem(trx, items);
        await insertContentVersion(trx, versions);
      });
      if ((done / BATCH) % 20 === 0) {
        process.stdout.write(`seed-library: ${done + items.length} items\r`);
      }
    }
    // Fresh statistics, as after any bulk load (PGlite has no autovacuum).
    await sql`analyze content_item`.execute(db);
    console.log(
      `seed-library: ${COUNT} items in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await handle.close();
  }
}

await main();
