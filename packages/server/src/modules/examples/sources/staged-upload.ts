import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import nodePath from "node:path";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../db/types";
import { insertUploadParts, listUploadParts, readUploadPart } from "../examples.repository";
import { makeWorkDir, readArchiveFile, removeWorkDir } from "./archive";
import type { SourceFailure, SourceListing } from "./source";
import type { ReceivedUpload } from "./upload";

type Db = Kysely<Database> | Transaction<Database>;

/** An archive is staged in chunks of this size (a folder's files, 1 MiB at most, one row each). */
const CHUNK_BYTES = 1024 * 1024;
/** Bytes written per statement while staging. */
const STATEMENT_BYTES = 8 * 1024 * 1024;

/**
 * Copies a received upload from this process's temporary files into the database, in the
 * transaction that records its run, so whichever server process takes the run's job can read
 * it. Memory holds one statement's worth of bytes at a time.
 */
export async function stageUpload(
  trx: Db,
  runId: string,
  upload: Pick<ReceivedUpload, "archiveFile" | "files">,
): Promise<void> {
  let seq = 0;
  let pending: { run_id: string; seq: number; path: string | null; bytes: Uint8Array }[] = [];
  let bytes = 0;
  const add = async (path: string | null, data: Uint8Array) => {
    pending.push({ run_id: runId, seq: seq++, path, bytes: data });
    bytes += data.length;
    if (bytes >= STATEMENT_BYTES) await flush();
  };
  const flush = async () => {
    await insertUploadParts(trx, pending);
    pending = [];
    bytes = 0;
  };
  if (upload.archiveFile) {
    const handle = await fs.open(upload.archiveFile, "r");
    try {
      for (;;) {
        const chunk = Buffer.alloc(CHUNK_BYTES);
        const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
        if (bytesRead === 0) break;
        await add(null, chunk.subarray(0, bytesRead));
      }
    } finally {
      await handle.close();
    }
  } else {
    for (const file of upload.files) await add(file.path, await fs.readFile(file.file));
  }
  await flush();
}

/**
 * Lists a staged upload for its run. A folder's files are read from the database one by one
 * as the ingest asks; an archive is put back together in a private temporary directory of
 * this process first (its entries are then read like any archive's). Closing the listing
 * removes that directory; the staged rows go with the write that finishes the run.
 */
export async function listStagedUpload(
  db: Kysely<Database>,
  runId: string,
  source: { archive: boolean; failures: SourceFailure[] },
): Promise<SourceListing> {
  const parts = await listUploadParts(db, runId);
  if (!source.archive) {
    return {
      entries: parts.map((part) => ({
        path: part.path ?? "",
        size: Number(part.size),
        read: () => readUploadPart(db, runId, part.seq),
      })),
      failures: source.failures,
    };
  }
  const dir = await makeWorkDir();
  try {
    const file = nodePath.join(dir, "archive");
    const out = createWriteStream(file);
    const closed = new Promise<void>((resolve, reject) => {
      out.once("close", resolve);
      out.once("error", reject);
    });
    try {
      for (const part of parts) {
        if (!out.write(await readUploadPart(db, runId, part.seq)))
          await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      }
    } finally {
      out.end();
      await closed;
    }
    return await readArchiveFile(file, dir);
  } catch (error) {
    await removeWorkDir(dir);
    throw error;
  }
}
