import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import nodePath from "node:path";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../db/types";
import { createHash } from "node:crypto";
import {
  findUploadObject,
  insertUploadObject,
  insertUploadParts,
  listUploadParts,
  readUploadPart,
} from "../examples.repository";
import { readRange, type ObjectStore, type StoredFileRef } from "../../storage/storage.service";
import { makeWorkDir, readArchiveFile, removeWorkDir } from "./archive";
import { SourceError, type SourceFailure, type SourceListing } from "./source";
import type { ReceivedUpload } from "./upload";

type Db = Kysely<Database> | Transaction<Database>;

/** An archive is staged in chunks of this size (a folder's files, 1 MiB at most, one row each). */
const CHUNK_BYTES = 1024 * 1024;
/** Bytes written per statement while staging. */
const STATEMENT_BYTES = 8 * 1024 * 1024;

/** The temporary files of an upload in the order they are staged (and stored as one object). */
export function uploadFiles(upload: Pick<ReceivedUpload, "archiveFile" | "files">): string[] {
  return upload.archiveFile ? [upload.archiveFile] : upload.files.map((f) => f.file);
}

/**
 * Copies a received upload from this process's temporary files into the database, in the
 * transaction that records its run, so whichever server process takes the run's job can read
 * it. Memory holds one statement's worth of bytes at a time. An upload already written to the
 * object store (`stored`) is recorded by reference instead: the object's key, size, SHA-256
 * and type, and for a folder each file's place in the object.
 */
export async function stageUpload(
  trx: Db,
  runId: string,
  upload: Pick<ReceivedUpload, "archiveFile" | "files">,
  stored?: StoredFileRef,
): Promise<void> {
  if (stored) {
    await insertUploadObject(trx, {
      run_id: runId,
      key: stored.key,
      size: stored.size,
      sha256: stored.sha256,
      content_type: stored.contentType,
    });
    let offset = 0;
    const parts = upload.archiveFile
      ? []
      : upload.files.map((file, seq) => {
          const part = {
            run_id: runId,
            seq,
            path: file.path,
            bytes: null,
            object_offset: offset,
            object_size: file.size,
          };
          offset += file.size;
          return part;
        });
    for (let i = 0; i < parts.length; i += 1000) {
      await insertUploadParts(trx, parts.slice(i, i + 1000));
    }
    return;
  }
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
  store: ObjectStore | undefined,
  runId: string,
  source: { archive: boolean; failures: SourceFailure[] },
): Promise<SourceListing> {
  const [parts, stored] = await Promise.all([
    listUploadParts(db, runId),
    findUploadObject(db, runId),
  ]);
  if (stored && !store) {
    throw new SourceError("The upload is kept in file storage, which is not configured now.");
  }
  if (!source.archive) {
    return {
      entries: parts.map((part) => ({
        path: part.path ?? "",
        size: Number(part.size),
        read: () =>
          stored && store && part.object_offset !== null
            ? readRange(store, stored.key, Number(part.object_offset), Number(part.size))
            : readUploadPart(db, runId, part.seq),
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
    const write = async (chunk: Uint8Array) => {
      if (!out.write(chunk))
        await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    };
    try {
      if (stored && store) {
        // Streamed from the store to this process's temporary file, checked against its hash.
        const hash = createHash("sha256");
        for await (const chunk of await store.get(stored.key)) {
          hash.update(chunk as Buffer);
          await write(chunk as Buffer);
        }
        if (hash.digest("hex") !== stored.sha256) {
          throw new SourceError("The stored upload does not match what was uploaded.");
        }
      } else {
        for (const part of parts) await write(await readUploadPart(db, runId, part.seq));
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
