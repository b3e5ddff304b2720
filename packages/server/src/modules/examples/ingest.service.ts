import { randomUUID } from "node:crypto";
import type { ExampleOrigin, IngestFailure, IngestJob } from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database, NewExample } from "../../db/types";
import { AppError } from "../../lib/app-error";
import { listIndustryRows, listPersonaRows } from "../reference/reference.repository";
import {
  hashContent,
  isMarkdownPath,
  parseExampleFile,
  type ParsedExample,
  type ReferenceLookup,
} from "./example-file";
import * as repo from "./examples.repository";
import { presentIngestJob } from "./examples.presenter";
import { searchWordsOf } from "./search-words";
import { SourceError, type SourceEntry, type SourceListing } from "./sources/source";

/** Files per batch: one statement each, so a batch is written whole or not at all. */
const BATCH_SIZE = 250;
/** Files read at once (S3 and disk). */
const READ_CONCURRENCY = 8;
/** A running job without a heartbeat for this long belongs to a process that died. */
export const STALE_JOB_SECONDS = 60;
/** How often a running job says it is alive, also while a slow listing or download runs. */
const HEARTBEAT_MS = 10_000;

export interface IngestRequest {
  origin: ExampleOrigin;
  sourceKey: string;
  /** Lists the source; throws SourceError when the source as a whole cannot be read. */
  list: () => Promise<SourceListing>;
}

export async function buildReferenceLookup(db: Kysely<Database>): Promise<ReferenceLookup> {
  const [personas, industries] = await Promise.all([listPersonaRows(db), listIndustryRows(db)]);
  const personaMap = new Map<string, string>();
  for (const p of personas) {
    personaMap.set(p.id.toLowerCase(), p.id);
    personaMap.set(p.title.toLowerCase(), p.id);
  }
  const industryMap = new Map<string, string>();
  for (const i of industries) {
    industryMap.set(i.id.toLowerCase(), i.id);
    industryMap.set(i.name.toLowerCase(), i.id);
  }
  return {
    persona: (v) => personaMap.get(v.trim().toLowerCase()),
    industry: (v) => industryMap.get(v.trim().toLowerCase()),
  };
}

export function searchTextOf(e: {
  title: string;
  headline: string;
  tags: string[];
  body: string;
  introduction: string;
}) {
  return [e.title, e.headline, e.tags.join(" "), e.introduction, e.body]
    .join(" \n")
    .toLowerCase()
    .slice(0, 50_000);
}

/** The columns example search reads: the lower-cased text and its distinct words. */
export function searchColumnsOf(e: Parameters<typeof searchTextOf>[0]) {
  const text = searchTextOf(e);
  return { search_text: text, search_words: searchWordsOf(text) };
}

export function toExampleRow(
  parsed: ParsedExample,
  ids: {
    id: string;
    origin: ExampleOrigin;
    sourceKey: string;
    sourcePath: string;
    createdBy: string | null;
  },
): NewExample {
  return {
    id: ids.id,
    origin: ids.origin,
    source_key: ids.sourceKey,
    source_path: ids.sourcePath,
    content_hash: parsed.contentHash,
    category: parsed.category,
    title: parsed.title,
    content_type: parsed.contentType,
    persona_id: parsed.personaId,
    industry_id: parsed.industryId,
    buying_stage: parsed.buyingStage,
    tags: JSON.stringify(parsed.tags),
    notes: parsed.notes,
    headline: parsed.headline,
    introduction: parsed.introduction,
    body: parsed.body,
    conclusion: parsed.conclusion,
    ...searchColumnsOf(parsed),
    created_by: ids.createdBy,
  };
}

const recovery = new WeakMap<AppContext, Promise<void>>();

/**
 * On PGlite only this process can use the database, so a job still marked running when it
 * starts was cut off by a crash. Runs once per app, and every path that creates or reports
 * jobs waits for it, so a request arriving just after start-up never sees (or collides with)
 * the dead job, and the recovery never fails a job this process has started.
 */
export function recoverInterruptedJobs(ctx: AppContext): Promise<void> {
  let done = recovery.get(ctx);
  if (!done) {
    done =
      ctx.dbKind === "pglite"
        ? repo.failInterruptedJobs(ctx.db, 0).then(
            () => undefined,
            (error: unknown) => {
              recovery.delete(ctx);
              throw error;
            },
          )
        : Promise.resolve();
    recovery.set(ctx, done);
  }
  return done;
}

/**
 * Starts an ingest as a background job and returns it at once. The database refuses a
 * second running job for the same source. Progress, counts and per-file reasons are
 * written to the job row as it goes, so any instance can report them.
 */
export async function startIngest(
  ctx: AppContext,
  actorId: string | null,
  request: IngestRequest,
): Promise<IngestJob> {
  await recoverInterruptedJobs(ctx);
  await repo.failInterruptedJobs(ctx.db, STALE_JOB_SECONDS);
  const job = await repo.createIngestJob(ctx.db, {
    id: randomUUID(),
    origin: request.origin,
    sourceKey: request.sourceKey,
    startedBy: actorId,
  });
  if (!job) {
    throw new AppError(
      "conflict",
      "An ingest from this source is already running. Wait for it to finish, then try again.",
    );
  }
  ctx.jobs.run(
    job.id,
    async (signal) => {
      const heartbeat = setInterval(() => {
        repo.touchIngestJob(ctx.db, job.id).catch(() => undefined);
      }, HEARTBEAT_MS);
      try {
        await runIngest(ctx.db, job.id, actorId, request, signal);
      } finally {
        clearInterval(heartbeat);
      }
    },
    (error) => {
      console.error(
        `Ingest ${job.id} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
      );
      void repo
        .updateIngestJob(ctx.db, job.id, {
          status: "failed",
          message: "The ingest stopped because of an unexpected error. Please try again.",
          finished: true,
        })
        .catch(() => undefined);
    },
  );
  return presentIngestJob(job);
}

async function mapConcurrent<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return out;
}

class Aborted extends Error {}

/** Rejects with Aborted once the signal fires. */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(new Aborted());
    else signal.addEventListener("abort", () => reject(new Aborted()), { once: true });
  });
}

/** The ingest itself: list, then read, parse and upsert in batches, recording progress. */
export async function runIngest(
  db: Kysely<Database>,
  jobId: string,
  actorId: string | null,
  request: IngestRequest,
  signal: AbortSignal,
): Promise<void> {
  const counts = { total: 0, processed: 0, added: 0, updated: 0, unchanged: 0, errors: 0 };
  const failures: IngestFailure[] = [];
  const saveProgress = (extra: Parameters<typeof repo.updateIngestJob>[2] = {}) =>
    repo.updateIngestJob(db, jobId, { ...counts, failures: JSON.stringify(failures), ...extra });

  const interrupted = (): Promise<void> =>
    saveProgress({
      status: "failed",
      message: "Interrupted because the server was stopping. Run the ingest again to complete it.",
      finished: true,
    });

  let listing: SourceListing;
  try {
    // A download or a bucket listing can take a minute: shutdown does not wait for it.
    const listed = request.list();
    listed.catch(() => undefined);
    listing = await Promise.race([listed, whenAborted(signal)]);
  } catch (error) {
    if (error instanceof Aborted) {
      await interrupted();
      return;
    }
    const message = error instanceof SourceError ? error.message : "The source could not be read.";
    if (!(error instanceof SourceError)) console.error(`Ingest ${jobId}: listing failed`, error);
    await saveProgress({ status: "failed", message, finished: true });
    return;
  }
  failures.push(...listing.failures);
  // Paths present in the source (broken or not): whatever else was stored is missing.
  const seen = new Set<string>(listing.failures.map((f) => f.path));
  // A zip, a tar or an upload can name one path twice: the first copy wins, the others are
  // reported (two rows for one path in one upsert would also fail the whole batch).
  const unique = new Set<string>();
  const entries: SourceEntry[] = [];
  for (const entry of listing.entries) {
    seen.add(entry.path);
    if (unique.has(entry.path)) {
      failures.push({ path: entry.path, reason: "duplicate path in the source" });
    } else {
      unique.add(entry.path);
      entries.push(entry);
    }
  }
  counts.errors = failures.length;
  counts.total = listing.entries.length + listing.failures.length;
  counts.processed = failures.length;
  await saveProgress();

  const lookup = await buildReferenceLookup(db);
  const existing = await repo.loadSourceState(db, request.sourceKey);

  type Outcome =
    | { entry: SourceEntry; kind: "failed"; reason: string }
    | { entry: SourceEntry; kind: "unchanged" }
    | { entry: SourceEntry; kind: "parsed"; example: ParsedExample };
  /**
   * Reads and parses one batch; never rejects. A file whose bytes match what is stored is
   * not parsed again: that is most of a re-ingest.
   */
  const prepare = (batch: SourceEntry[]) =>
    mapConcurrent(batch, READ_CONCURRENCY, async (entry): Promise<Outcome> => {
      if (!isMarkdownPath(entry.path))
        return { entry, kind: "failed", reason: "not a markdown file" };
      let bytes: Uint8Array;
      try {
        bytes = await entry.read();
      } catch {
        return { entry, kind: "failed", reason: "could not be read" };
      }
      try {
        const before = existing.get(entry.path);
        if (before && !before.archived && before.hash === hashContent(bytes)) {
          return { entry, kind: "unchanged" };
        }
        const result = parseExampleFile(bytes, entry.path, lookup);
        return result.ok
          ? { entry, kind: "parsed", example: result.example }
          : { entry, kind: "failed", reason: result.reason };
      } catch {
        return { entry, kind: "failed", reason: "could not be parsed" };
      }
    });

  // The next batch is read and parsed while the current one is written.
  let next = prepare(entries.slice(0, BATCH_SIZE));
  for (let start = 0; start < entries.length; start += BATCH_SIZE) {
    if (signal.aborted) {
      await interrupted();
      return;
    }
    const outcomes = await next;
    next = prepare(entries.slice(start + BATCH_SIZE, start + 2 * BATCH_SIZE));

    const rows: { row: NewExample; isNew: boolean; path: string }[] = [];
    for (const outcome of outcomes) {
      const { entry } = outcome;
      if (outcome.kind === "failed") {
        failures.push({ path: entry.path, reason: outcome.reason });
        counts.errors += 1;
        continue;
      }
      const before = existing.get(entry.path);
      if (outcome.kind === "unchanged") {
        counts.unchanged += 1;
        continue;
      }
      rows.push({
        isNew: !before,
        path: entry.path,
        row: toExampleRow(outcome.example, {
          id: before?.id ?? randomUUID(),
          origin: request.origin,
          sourceKey: request.sourceKey,
          sourcePath: entry.path,
          createdBy: actorId,
        }),
      });
    }
    await writeRows(db, rows, counts, failures);
    counts.processed += outcomes.length;
    await saveProgress();
  }

  // New index entries wait in the search index's pending list; merge them in one go.
  if (counts.added + counts.updated > 0) await repo.mergeSearchIndex(db);

  const missing = [...existing]
    .filter(([path, state]) => !seen.has(path) && !state.archived)
    .map(([path, state]) => ({ id: state.id, path, title: state.title }));
  await saveProgress({
    status: "succeeded",
    missing: JSON.stringify(missing),
    message: null,
    finished: true,
  });
}

/** Writes a batch in one statement; if that fails, file by file so one bad row cannot sink the rest. */
async function writeRows(
  db: Kysely<Database>,
  rows: { row: NewExample; isNew: boolean; path: string }[],
  counts: { added: number; updated: number; errors: number },
  failures: IngestFailure[],
): Promise<void> {
  const tally = (r: { isNew: boolean }) => (r.isNew ? (counts.added += 1) : (counts.updated += 1));
  try {
    await repo.upsertExamples(
      db,
      rows.map((r) => r.row),
    );
    rows.forEach(tally);
  } catch {
    for (const r of rows) {
      try {
        await repo.upsertExamples(db, [r.row]);
        tally(r);
      } catch {
        counts.errors += 1;
        failures.push({ path: r.path, reason: "could not be saved" });
      }
    }
  }
}

export async function getIngestJob(ctx: AppContext, id: string): Promise<IngestJob> {
  await recoverInterruptedJobs(ctx);
  const row = await repo.findIngestJob(ctx.db, id);
  if (!row) throw new AppError("not_found", "Ingest job not found.");
  return presentIngestJob(row);
}

export async function listIngestJobs(ctx: AppContext, running: boolean): Promise<IngestJob[]> {
  await recoverInterruptedJobs(ctx);
  await repo.failInterruptedJobs(ctx.db, STALE_JOB_SECONDS);
  return (await repo.listIngestJobs(ctx.db, { running, limit: 20 })).map(presentIngestJob);
}
