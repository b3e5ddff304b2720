import fs from "node:fs/promises";
import { randomUUID } from "node:crypto";
import path from "node:path";
import {
  CLOUD_SOURCE_NEEDS,
  cloudSourceProblem,
  ExampleInputSchema,
  type BuyingStage,
  type ContentType,
  type ExampleDetail,
  type ExampleInput,
  type ExampleList,
  type ExampleRepoSettings,
  type ExampleRepoSettingsResponse,
  type IngestJob,
  type StartIngestBody,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { AppContext } from "../../app-context";
import type { Config } from "../../config";
import type { DatabaseKind } from "../../db/database";
import type { Database, IngestSource } from "../../db/types";
import { AppError, fieldError, orNotFound } from "../../lib/app-error";
import { FairQueue } from "../../lib/fair-queue";
import { allowedInput } from "../../lib/use-case";
import type { SessionUser } from "../../plugins/access";
import { findIndustryRow, findPersonaRow } from "../reference/reference.repository";
import { storedSettings } from "../settings/stored-settings";
import { checkUrlField } from "./url-field";
import { auditActorOf, auditBy, recordAudit } from "../audit/audit.service";
import { hashContent, serializeExample } from "./example-file";
import * as repo from "./examples.repository";
import { examplePolicy, examplesPolicy } from "./examples.policy";
import { presentExampleDetail, presentExampleSummary } from "./examples.presenter";
import { reserveIngestSlot } from "../../lib/ingest-slots";
import { textSectionsOf } from "../../lib/text-sections";
import { searchColumnsOf, startIngest } from "./ingest.service";
import { searchQueryOf } from "./search-words";
import { readArchive } from "./sources/archive";
import { listLocalFolder, resolveInsideRoot } from "./sources/local-folder";
import {
  checkArchiveUrl,
  DEFAULT_FETCH_POLICY,
  fetchRemoteArchive,
  type RemoteFetchPolicy,
} from "./sources/remote-archive";
import { listS3, parseS3Url, probeS3, type S3Options } from "./sources/s3";
import { SourceError, type SourceListing } from "./sources/source";
import { listStagedUpload, stageUpload, uploadFiles } from "./sources/staged-upload";
import { deleteQuietly, putFiles, storeFor, type StoredFileRef } from "../storage/storage.service";
import { receiveUpload, UploadError, type UploadPart } from "./sources/upload";

const exampleRepoSetting = storedSettings.exampleRepository;

export async function getExampleRepoSettings(db: Kysely<Database>): Promise<ExampleRepoSettings> {
  return exampleRepoSetting.read(db);
}

/**
 * The S3 endpoint follows the archive-URL rules: https, no credentials, no loopback, private
 * or link-local address (literal or after DNS) unless its origin is in
 * EXAMPLES_FETCH_ALLOW_ORIGINS. Checked when saved (a 400 naming the field) and again on
 * every connection an ingest makes, since DNS answers can change.
 */
async function checkS3Endpoint(
  config: AppContext["config"],
  endpoint: string,
  resolve: boolean,
): Promise<{ trusted: boolean }> {
  if (endpoint === "") return { trusted: false };
  const allowedOrigins = config.fetchAllowOrigins;
  return checkUrlField(endpoint, {
    path: "body.s3Endpoint",
    name: "S3 endpoint",
    allowedOrigins,
    resolve,
  });
}

/** The settings as answered to `actor`: whether S3 credentials are set, and whether they may edit. */
export async function readExampleRepoSettings(
  ctx: Pick<AppContext, "db" | "config">,
  actor: SessionUser,
): Promise<ExampleRepoSettingsResponse> {
  return presentRepoSettings(ctx, await getExampleRepoSettings(ctx.db), actor);
}

function presentRepoSettings(
  ctx: Pick<AppContext, "config">,
  settings: ExampleRepoSettings,
  actor: SessionUser,
): ExampleRepoSettingsResponse {
  return {
    ...settings,
    s3CredentialsConfigured: ctx.config.s3Credentials !== undefined,
    can: (({ editSettings, ingest }) => ({ edit: editSettings, ingest }))(
      examplesPolicy.capabilities(actor),
    ),
  };
}

/** Admins change where examples come from (audited in the same transaction). */
export async function saveExampleRepoSettings(
  ctx: AppContext,
  actor: SessionUser,
  settings: ExampleRepoSettings,
): Promise<ExampleRepoSettingsResponse> {
  examplesPolicy.authorize(actor, "editSettings");
  await checkS3Endpoint(ctx.config, settings.s3Endpoint, true);
  await exampleRepoSetting.save(ctx.db, actor, settings);
  return presentRepoSettings(ctx, settings, actor);
}

/** Seconds a user refused by the search queue is asked to wait (Retry-After). */
export const EXAMPLE_SEARCH_RETRY_SECONDS = 2;

/**
 * The process's cap on example searches running at once, with a fair per-user queue in front
 * (config.exampleSearch). On PGlite every statement of every request runs in turn on one
 * connection on the main thread: 20 searches in flight put ~20 searches' work in front of a
 * health check or a page load. With two running, anything else waits behind at most two.
 */
export function createExampleSearchQueue(config: Config, dbKind: DatabaseKind): FairQueue {
  const { concurrency, maxWaitingPerUser, maxWaiting } = config.exampleSearch;
  return new FairQueue({
    concurrency: concurrency ?? (dbKind === "pglite" ? 2 : 4),
    maxWaitingPerKey: maxWaitingPerUser,
    maxWaiting,
    retryAfterSeconds: EXAMPLE_SEARCH_RETRY_SECONDS,
    busyMessage: "Too many searches are waiting. Please try again in a moment.",
  });
}

/**
 * A page of examples (filters, search words). Every list goes through the search queue: at
 * most a few run at once in the process, the rest wait their user's turn (429 when the line is
 * long).
 */
export async function listExampleSummaries(
  ctx: Pick<AppContext, "db" | "exampleSearches">,
  actor: SessionUser,
  query: {
    source?: "cloud" | "local";
    category?: "good" | "bad";
    contentType?: ContentType;
    personaId?: string;
    industryId?: string;
    buyingStage?: BuyingStage;
    tags: string[];
    q?: string;
    includeArchived: boolean;
    page: number;
    pageSize: number;
  },
  /** Aborted when the client goes away: the search stops (see runCancellable). */
  signal?: AbortSignal,
): Promise<ExampleList> {
  const origins =
    query.source === "cloud"
      ? (["s3", "url"] as const)
      : query.source === "local"
        ? (["local", "upload", "manual"] as const)
        : undefined;
  const { rows, total } = await ctx.exampleSearches.run(
    actor.id,
    () =>
      repo.listExamples(
        ctx.db,
        {
          ...query,
          origins: origins ? [...origins] : undefined,
          words: query.q === undefined ? undefined : (searchQueryOf(query.q) ?? null),
        },
        { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
        signal,
      ),
    signal,
  );
  return {
    items: rows.map((row) => presentExampleSummary(row, actor)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    can: (({ create, ingest, archive }) => ({ create, ingest, archive }))(
      examplesPolicy.capabilities(actor),
    ),
  };
}

export async function getExample(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
): Promise<ExampleDetail> {
  const row = orNotFound(await repo.findExample(db, id), "Example not found.");
  return presentExampleDetail(row, actor);
}

async function assertReferences(
  db: Kysely<Database>,
  input: { personaId: string; industryId?: string | null },
) {
  if (!(await findPersonaRow(db, input.personaId))) {
    throw fieldError("body.personaId", "Unknown persona.");
  }
  if (input.industryId != null && !(await findIndustryRow(db, input.industryId))) {
    throw fieldError("body.industryId", "Unknown industry.");
  }
}

function rowFields(input: ReturnType<typeof ExampleInputSchema.parse>) {
  const text = serializeExample({
    id: "",
    ...input,
    industryId: input.industryId ?? null,
    buyingStage: input.buyingStage ?? null,
  });
  return {
    category: input.category,
    title: input.title,
    content_type: input.contentType,
    persona_id: input.personaId,
    industry_id: input.industryId ?? null,
    buying_stage: input.buyingStage ?? null,
    tags: JSON.stringify(input.tags),
    notes: input.notes,
    ...textSectionsOf(input),
    ...searchColumnsOf(input),
    content_hash: hashContent(Buffer.from(text)),
  };
}

/** An example as an audit entry's target. */
const auditTarget = (id: string, title: string) => ({ type: "example", id, label: title });

/** A hand-made example (or one saved from generated content) lives in the "manual" source. */
export async function createExample(
  db: Kysely<Database>,
  actor: SessionUser,
  raw: ExampleInput,
): Promise<ExampleDetail> {
  const input = allowedInput(actor, examplesPolicy, "create", ExampleInputSchema, raw);
  await assertReferences(db, input);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await repo.insertExample(trx, {
      id,
      origin: "manual",
      source_key: "manual",
      source_path: id,
      created_by: actor.id,
      ...rowFields(input),
    });
    await recordAudit(trx, {
      ...auditBy(actor, "example.created", auditTarget(id, input.title)),
      changes: { category: { to: input.category } },
    });
  });
  return getExample(db, actor, id);
}

export async function replaceExample(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  raw: ExampleInput,
): Promise<ExampleDetail> {
  const input = allowedInput(actor, examplePolicy, "edit", ExampleInputSchema, raw);
  await assertReferences(db, input);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.updateExample(trx, id, rowFields(input))))
      throw new AppError("not_found", "Example not found.");
    await recordAudit(trx, auditBy(actor, "example.updated", auditTarget(id, input.title)));
  });
  return getExample(db, actor, id);
}

export async function removeExample(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
): Promise<void> {
  examplePolicy.authorize(actor, "delete");
  await db.transaction().execute(async (trx) => {
    const row = await repo.findExample(trx, id);
    if (!row || !(await repo.deleteExample(trx, id)))
      throw new AppError("not_found", "Example not found.");
    await recordAudit(trx, auditBy(actor, "example.deleted", auditTarget(id, row.title)));
  });
}

export async function archiveMissing(
  db: Kysely<Database>,
  actor: SessionUser,
  ids: string[],
): Promise<number> {
  examplesPolicy.authorize(actor, "archive");
  return db.transaction().execute(async (trx) => {
    const archived = await repo.archiveExamples(trx, ids);
    if (archived > 0) {
      await recordAudit(trx, {
        actor: auditActorOf(actor),
        action: "example.archived",
        target: { type: "example", label: `${archived} example${archived === 1 ? "" : "s"}` },
        changes: { ids: { to: ids.slice(0, 50) } },
      });
    }
    return archived;
  });
}

/** The example as a markdown file in the repository format, and a safe file name. */
export async function exportExample(
  db: Kysely<Database>,
  id: string,
): Promise<{ fileName: string; markdown: string }> {
  const row = orNotFound(await repo.findExample(db, id), "Example not found.");
  const markdown = serializeExample({
    id: row.id,
    title: row.title,
    contentType: row.content_type,
    personaId: row.persona_id,
    industryId: row.industry_id,
    buyingStage: row.buying_stage,
    tags: row.tags,
    notes: row.notes,
    ...textSectionsOf(row),
  });
  const slug =
    row.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "example";
  return { fileName: `${row.category}-${slug}.md`, markdown };
}

/**
 * Queues an ingest from the server folder (inside EXAMPLES_ROOT) or from the cloud location.
 * What can be refused is refused here, in words, before a run exists; the source is checked
 * again when the run is listed (`listIngestSource`), since settings and DNS can change.
 */
export async function ingestFromSettings(
  ctx: AppContext,
  actor: SessionUser | null,
  body: StartIngestBody,
): Promise<IngestJob> {
  // Start-up ingests the sample repository with no actor; a person needs the right.
  if (actor) examplesPolicy.authorize(actor, "ingest");
  const settings = await getExampleRepoSettings(ctx.db);
  if (body.source === "local") {
    const requested = body.path ?? settings.exampleRepoPath;
    const relative = await resolveRelative(ctx.config.examplesRoot, requested);
    return startIngest(ctx, actor?.id ?? null, {
      origin: "local",
      sourceKey: `local:${relative}`,
      source: { kind: "local", relative },
    });
  }
  const url = (body.url ?? settings.cloudRepoUrl).trim();
  // Refused before a job starts, in words: the placeholder location, or a bucket without a key.
  const problem = cloudSourceProblem(url, ctx.config.s3Credentials !== undefined);
  if (problem) throw new AppError("conflict", CLOUD_SOURCE_NEEDS[problem].full);
  if (url.startsWith("s3://")) {
    const location = parseS3OrFail(url);
    // A setting saved before the rule existed, or an allow-list changed since, is caught here;
    // host names are checked at connect time.
    await checkS3Endpoint(ctx.config, settings.s3Endpoint, false);
    return startIngest(ctx, actor?.id ?? null, {
      origin: "s3",
      sourceKey: `s3://${location.bucket}/${location.prefix}`,
      source: { kind: "s3", bucket: location.bucket, prefix: location.prefix },
    });
  }
  if (!/^https?:\/\//i.test(url)) {
    throw new AppError(
      "validation_error",
      "Use s3://bucket/prefix or an https:// URL of a .zip or .tar.gz archive.",
    );
  }
  try {
    checkArchiveUrl(url, archiveFetchPolicy(ctx));
  } catch (error) {
    if (error instanceof SourceError) throw new AppError("validation_error", error.message);
    throw error;
  }
  return startIngest(ctx, actor?.id ?? null, {
    origin: "url",
    sourceKey: url,
    source: { kind: "url", url },
  });
}

function archiveFetchPolicy(ctx: AppContext): RemoteFetchPolicy {
  return { ...DEFAULT_FETCH_POLICY, allowedOrigins: ctx.config.fetchAllowOrigins };
}

/**
 * Lists a run's source in the process that runs it. Every check made when the run was queued
 * is made again (the folder inside the root, the S3 endpoint, the archive URL and, at connect
 * time, its addresses): a setting or an allow-list may have changed while the run waited.
 * Refusals are SourceErrors, recorded as the run's message.
 */
export async function listIngestSource(
  ctx: AppContext,
  runId: string,
  source: IngestSource,
): Promise<SourceListing> {
  switch (source.kind) {
    case "local":
      return listLocalFolder(ctx.config.examplesRoot, source.relative);
    case "upload":
      return listStagedUpload(ctx.db, ctx.objectStore, runId, source);
    case "url":
      return readArchive(await fetchRemoteArchive(source.url, archiveFetchPolicy(ctx)));
    case "s3": {
      const settings = await getExampleRepoSettings(ctx.db);
      return listS3(
        { bucket: source.bucket, prefix: source.prefix },
        await s3OptionsOf(ctx, settings),
      );
    }
  }
}

/**
 * Whether the example repository's S3 store answers (the readiness probe): `not_configured`
 * unless Cloud is the chosen source, at an s3:// location, with an access key; otherwise `ok`,
 * or a SourceError when the endpoint is refused or the bucket does not answer in `timeoutMs`.
 */
export async function checkExampleStore(
  ctx: Pick<AppContext, "db" | "config">,
  timeoutMs: number,
): Promise<"ok" | "not_configured"> {
  const settings = await getExampleRepoSettings(ctx.db);
  const url = settings.cloudRepoUrl.trim();
  if (
    settings.repositorySource !== "cloud" ||
    !url.startsWith("s3://") ||
    cloudSourceProblem(url, ctx.config.s3Credentials !== undefined) !== null
  ) {
    return "not_configured";
  }
  await probeS3(parseS3Url(url), await s3OptionsOf(ctx, settings), timeoutMs);
  return "ok";
}

/** How to reach the saved S3 endpoint; a SourceError when its rules refuse it now. */
async function s3OptionsOf(
  ctx: Pick<AppContext, "config">,
  settings: ExampleRepoSettings,
): Promise<S3Options> {
  let trusted: boolean;
  try {
    ({ trusted } = await checkS3Endpoint(ctx.config, settings.s3Endpoint, false));
  } catch (error) {
    throw new SourceError(
      error instanceof AppError ? error.message : "The S3 endpoint cannot be used.",
    );
  }
  return {
    endpoint: settings.s3Endpoint || undefined,
    trusted,
    region: settings.s3Region,
    credentials: ctx.config.s3Credentials,
  };
}

function parseS3OrFail(url: string) {
  try {
    return parseS3Url(url);
  } catch (error) {
    throw new AppError(
      "validation_error",
      error instanceof Error ? error.message : "Invalid S3 URL.",
    );
  }
}

/**
 * The local path is a server path (absolute, or relative to the server's working directory
 * like the default './examples') that must lie inside EXAMPLES_ROOT. Returns it relative to
 * the root ("." for the root itself), or a 400 when it is outside or missing.
 */
async function resolveRelative(root: string, requested: string): Promise<string> {
  try {
    const realRoot = await resolveInsideRoot(root, ".", root);
    const real = await resolveInsideRoot(root, path.resolve(requested), requested);
    return path.relative(realRoot, real).split(path.sep).join("/") || ".";
  } catch (error) {
    throw new AppError(
      "validation_error",
      error instanceof SourceError ? error.message : "The folder could not be opened.",
    );
  }
}

/** Largest browser upload, all parts together. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * Starts an ingest of files uploaded from the browser (a folder's files or one archive).
 * The ingest slot is taken before a byte is read, so a refused upload costs nothing; the
 * parts are streamed to temporary files that the job deletes when it ends.
 */
export async function ingestUploadedParts(
  ctx: AppContext,
  actor: SessionUser,
  parts: AsyncIterable<UploadPart>,
): Promise<IngestJob> {
  examplesPolicy.authorize(actor, "ingest");
  const slot = reserveIngestSlot(ctx, actor.id);
  let upload: Awaited<ReturnType<typeof receiveUpload>>;
  try {
    upload = await receiveUpload(parts, MAX_UPLOAD_BYTES);
  } catch (error) {
    slot();
    if (error instanceof UploadError) {
      throw new AppError(
        error.kind === "too_large" ? "payload_too_large" : "validation_error",
        error.message,
      );
    }
    throw error;
  }
  const name = upload.name.replace(/[^\w.-]+/g, "-").slice(0, 100) || "upload";
  let stored: StoredFileRef | undefined;
  try {
    // Over the inline limit, the bytes go to the object store first (a 503 there saves
    // nothing), then the run records the reference; either way any server process can run it.
    const size = upload.archiveFile
      ? (await fs.stat(upload.archiveFile)).size
      : upload.files.reduce((sum, f) => sum + f.size, 0);
    const store = storeFor(ctx, size);
    if (store) {
      stored = await putFiles(store, UPLOAD_PREFIX, uploadFiles(upload), {
        size,
        contentType: upload.archiveFile ? "application/octet-stream" : "text/markdown",
      });
    }
    return await startIngest(ctx, actor.id, {
      origin: "upload",
      sourceKey: `upload:${name}`,
      source: {
        kind: "upload",
        archive: upload.archiveFile !== undefined,
        failures: upload.failures,
      },
      stage: (trx, runId) => stageUpload(trx, runId, upload, stored),
    });
  } catch (error) {
    // The run was not recorded: nothing refers to the object.
    if (stored && ctx.objectStore) await deleteQuietly(ctx.objectStore, stored.key);
    throw error;
  } finally {
    slot();
    await upload.discard().catch(() => undefined);
  }
}

/** Where uploads are kept in the object store (`uploads/<uuid>`). */
export const UPLOAD_PREFIX = "uploads";
