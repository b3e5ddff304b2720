import { randomUUID } from "node:crypto";
import type { ExampleOrigin, IngestFailure, IngestJob } from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database, IngestSource, NewExample } from "../../db/types";
import { AppError, orNotFound } from "../../lib/app-error";
import { textSectionsOf } from "../../lib/text-sections";
import { listIndustryRows, listPersonaRows } from "../reference/reference.repository";
import {
  hashContent,
  isMarkdownPath,
  parseExampleFile,
  type ParsedExample,
  type ReferenceLookup,
} from "./example-file";
import * as repo from "./examples.repository";
import type { IngestCounts } from "./examples.repository";
import { recordAudit } from "../audit/audit.service";
import { findUserById } from "../users/users.repository";
import { presentIngestJob } from "./examples.presenter";
import { searchWordsOf } from "./search-words";
import { SourceError, type SourceEntry, type SourceListing } from "./sources/source";

/** Files per batch: one statement each, so a batch is written whole or not at all. */
const BATCH_SIZE = 250;
/**
 * Bytes of files per batch: a batch and the next one (read while this one is written) are
 * what a job holds in memory, so 250 files of 1 MiB must not make one batch.
 */
const BATCH_BYTES = 8 * 1024 * 1024;

/** Consecutive batches of at most BATCH_SIZE files and BATCH_BYTES bytes (at least one file). */
function inBatches(entries: SourceEntry[]): SourceEntry[][] {
  const batches: SourceEntry[][] = [];
  let current: SourceEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (current.length > 0 && (current.length >= BATCH_SIZE || bytes + entry.size > BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += entry.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
/** Files read at once (S3 and disk). */
const READ_CONCURRENCY = 8;

/** What an ingest attempt reads: the run's source, listed by whichever process runs it. */
export interface IngestRequest {
  origin: ExampleOrigin;
  sourceKey: string;
  /** Lists the source; throws SourceError when the source as a whole cannot be read. */
  list: () => Promise<SourceListing>;
}

/** A run to queue: where it reads from, and what to stage with it (an upload's bytes). */
export interface IngestStart {
  origin: ExampleOrigin;
  sourceKey: string;
  source: IngestSource;
  /** Writes what the run needs in the transaction that records it. */
  stage?: (trx: Transaction<Database>, runId: string) => Promise<void>;
}

export const INGEST_QUEUE = "example-ingest";

/**
 * An attempt stopped because its worker is stopping or lost its job: nothing is recorded as
 * failed, and the job engine runs the job again (here after a restart, or in another process).
 */
export class IngestInterrupted extends Error {
  constructor() {
    super("The ingest was interrupted; the job engine runs it again.");
  }
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

/** The column example search reads: the distinct words of the searchable text. */
export function searchColumnsOf(e: Parameters<typeof searchTextOf>[0]) {
  return { search_words: searchWordsOf(searchTextOf(e)) };
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
    ...textSectionsOf(parsed),
    ...searchColumnsOf(parsed),
    created_by: ids.createdBy,
  };
}

/**
 * Records a queued run and its job in one transaction (with what `stage` writes), and returns
 * the run at once. The database refuses a second unfinished run of the same source. The job
 * engine runs it in whichever server process has a free ingest worker; progress, counts and
 * per-file reasons are written to the run as it goes, so any process can report them.
 */
export async function startIngest(
  ctx: AppContext,
  actorId: string | null,
  start: IngestStart,
): Promise<IngestJob> {
  const run = await ctx.db.transaction().execute(async (trx) => {
    const created = await repo.createIngestRun(trx, {
      id: randomUUID(),
      origin: start.origin,
      sourceKey: start.sourceKey,
      source: start.source,
      startedBy: actorId,
    });
    if (!created) return undefined;
    await start.stage?.(trx, created.id);
    await ctx.jobEngine.send(trx, INGEST_QUEUE, { runId: created.id });
    return created;
  });
  if (!run) {
    throw new AppError(
      "conflict",
      "An ingest from this source is already running. Wait for it to finish, then try again.",
    );
  }
  return presentIngestJob(run);
}

/** Records a run that stopped on an error nobody expected. */
export async function failUnexpectedly(db: Kysely<Database>, runId: string, error: unknown) {
  console.error(
    `Ingest ${runId} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
  );
  await repo
    .updateIngestRun(db, runId, {
      status: "failed",
      message: "The ingest stopped because of an unexpected error. Please try again.",
      finished: true,
    })
    .catch(() => undefined);
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

/** Rejects with IngestInterrupted once the signal fires. */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(new IngestInterrupted());
    else signal.addEventListener("abort", () => reject(new IngestInterrupted()), { once: true });
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
  const saveProgress = (extra: Parameters<typeof repo.updateIngestRun>[2] = {}) =>
    repo.updateIngestRun(db, jobId, { ...counts, failures: JSON.stringify(failures), ...extra });

  let listing: SourceListing;
  let listed: Promise<SourceListing> | undefined;
  try {
    // A download or a bucket listing can take a minute: shutdown does not wait for it.
    listed = request.list();
    listed.catch(() => undefined);
    listing = await Promise.race([listed, whenAborted(signal)]);
  } catch (error) {
    if (error instanceof IngestInterrupted) {
      void listed?.then((late) => late.close?.()).catch(() => undefined);
      throw error;
    }
    const message = error instanceof SourceError ? error.message : "The source could not be read.";
    if (!(error instanceof SourceError)) console.error(`Ingest ${jobId}: listing failed`, error);
    await saveProgress({ status: "failed", message, finished: true });
    return;
  }
  try {
    await ingestListing(db, jobId, actorId, request, signal, listing, {
      counts,
      failures,
      saveProgress,
    });
  } finally {
    await listing.close?.().catch(() => undefined);
  }
}

async function ingestListing(
  db: Kysely<Database>,
  jobId: string,
  actorId: string | null,
  request: IngestRequest,
  signal: AbortSignal,
  listing: SourceListing,
  progress: {
    counts: IngestCounts;
    failures: IngestFailure[];
    saveProgress: (extra?: Parameters<typeof repo.updateIngestRun>[2]) => Promise<void>;
  },
): Promise<void> {
  const { counts, failures, saveProgress } = progress;
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
  const batches = inBatches(entries);
  let next = prepare(batches[0] ?? []);
  for (let b = 0; b < batches.length; b++) {
    if (signal.aborted) throw new IngestInterrupted();
    const outcomes = await next;
    next = prepare(batches[b + 1] ?? []);

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
    await writeBatch(db, jobId, rows, outcomes.length, counts, failures);
  }

  // New index entries wait in the search index's pending list; merge them in one go.
  if (counts.added + counts.updated > 0) await repo.mergeSearchIndex(db);

  const missing = [...existing]
    .filter(([path, state]) => !seen.has(path) && !state.archived)
    .map(([path, state]) => ({ id: state.id, path, title: state.title }));
  const actor = actorId ? await findUserById(db, actorId) : undefined;
  await db.transaction().execute(async (trx) => {
    await repo.updateIngestRun(trx, jobId, {
      ...counts,
      failures: JSON.stringify(failures),
      status: "succeeded",
      missing: JSON.stringify(missing),
      message: null,
      finished: true,
    });
    await recordAudit(trx, {
      actor: actor
        ? { id: actor.id, label: `${actor.name} <${actor.email}>`, ip: null }
        : { id: null, label: "system (start-up ingest)", ip: null },
      action: "example.ingested",
      target: { type: "ingest_job", id: jobId, label: request.sourceKey },
      changes: {
        added: { to: counts.added },
        updated: { to: counts.updated },
        unchanged: { to: counts.unchanged },
        errors: { to: counts.errors },
        missing: { to: missing.length },
      },
    });
  });
}

/**
 * Writes a batch in one statement, and the job's counters in the same transaction, so the
 * job row always tells exactly what is stored (a crash loses a batch and its counts together).
 * If the batch fails, file by file (each with its counts) so one bad row cannot sink the rest.
 */
async function writeBatch(
  db: Kysely<Database>,
  jobId: string,
  rows: { row: NewExample; isNew: boolean; path: string }[],
  processed: number,
  counts: IngestCounts,
  failures: IngestFailure[],
): Promise<void> {
  const tally = (from: IngestCounts, written: { isNew: boolean }[]): IngestCounts => ({
    ...from,
    added: from.added + written.filter((r) => r.isNew).length,
    updated: from.updated + written.filter((r) => !r.isNew).length,
  });
  const save = (trx: Kysely<Database>, next: IngestCounts) =>
    repo.updateIngestRun(trx, jobId, { ...next, failures: JSON.stringify(failures) });
  try {
    const next = { ...tally(counts, rows), processed: counts.processed + processed };
    await db.transaction().execute(async (trx) => {
      if (rows.length > 0)
        await repo.upsertExamples(
          trx,
          rows.map((r) => r.row),
        );
      await save(trx, next);
    });
    Object.assign(counts, next);
    return;
  } catch {
    // Some row of the batch was refused: the transaction wrote nothing; go file by file.
  }
  for (const r of rows) {
    const next = tally(counts, [r]);
    try {
      await db.transaction().execute(async (trx) => {
        await repo.upsertExamples(trx, [r.row]);
        await save(trx, next);
      });
      Object.assign(counts, next);
    } catch {
      counts.errors += 1;
      failures.push({ path: r.path, reason: "could not be saved" });
    }
  }
  counts.processed += processed;
  await save(db, counts);
}

export async function getIngestJob(ctx: AppContext, id: string): Promise<IngestJob> {
  const row = orNotFound(await repo.findIngestRun(ctx.db, id), "Ingest job not found.");
  return presentIngestJob(row);
}

export async function listIngestJobs(ctx: AppContext, unfinished: boolean): Promise<IngestJob[]> {
  return (await repo.listIngestRuns(ctx.db, { unfinished, limit: 20 })).map(presentIngestJob);
}
