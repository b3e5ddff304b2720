import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { StorageConfig } from "../../config";
import { AppError } from "../../lib/app-error";
import { directoryStore } from "./directory-store";
import { StorageUnavailable, type ObjectStore } from "./object-store";
import { s3Store } from "./s3-store";

export { StorageUnavailable, type ObjectStore } from "./object-store";

/** What the database keeps of a file held in the store. */
export interface StoredFileRef {
  key: string;
  size: number;
  /** Hex SHA-256 of the bytes, checked when they are read back whole. */
  sha256: string;
  contentType: string;
}

/** The store the configuration names: S3, else a directory, else none (files stay inline). */
export function createObjectStore(storage: StorageConfig): ObjectStore | undefined {
  if (storage.s3) return s3Store(storage.s3);
  if (storage.directory) return directoryStore(storage.directory);
  return undefined;
}

/**
 * The readiness probe's question: `not_configured` without S3 (a directory is the disk the
 * database is on), else whether the bucket answers a HeadBucket within `timeoutMs`.
 */
export async function checkFileStore(
  ctx: { objectStore?: ObjectStore },
  timeoutMs: number,
): Promise<"ok" | "not_configured"> {
  if (ctx.objectStore?.kind !== "s3") return "not_configured";
  await ctx.objectStore.check(timeoutMs);
  return "ok";
}

/** The store, when a file of `size` bytes goes there rather than into the database. */
export function storeFor(
  ctx: { objectStore?: ObjectStore; config: { storage: StorageConfig } },
  size: number,
): ObjectStore | undefined {
  return size > ctx.config.storage.inlineLimitBytes ? ctx.objectStore : undefined;
}

/**
 * Writes `files` one after another as one object under a new key below `prefix`, hashing the
 * bytes as they pass (memory holds one read chunk). A store that cannot take it is a 503
 * `service_unavailable`: nothing refers to the key yet, so nothing is half saved.
 */
export async function putFiles(
  store: ObjectStore,
  prefix: string,
  files: string[],
  options: { size: number; contentType: string },
): Promise<StoredFileRef> {
  const key = `${prefix}/${randomUUID()}`;
  const hash = createHash("sha256");
  async function* bytes() {
    for (const file of files) {
      for await (const chunk of createReadStream(file)) {
        hash.update(chunk as Buffer);
        yield chunk as Buffer;
      }
    }
  }
  try {
    await store.put(key, Readable.from(bytes()), options);
  } catch (error) {
    if (error instanceof StorageUnavailable) {
      throw new AppError(
        "service_unavailable",
        "The file storage is not available right now, so nothing was saved. Try again shortly.",
      );
    }
    throw error;
  }
  return { key, size: options.size, sha256: hash.digest("hex"), contentType: options.contentType };
}

/** `length` bytes of an object from `offset`, in memory (a folder upload's file: 1 MiB at most). */
export async function readRange(
  store: ObjectStore,
  key: string,
  offset: number,
  length: number,
): Promise<Buffer> {
  if (length === 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of await store.get(key, { start: offset, end: offset + length - 1 })) {
    chunks.push(chunk as Buffer);
  }
  const bytes = Buffer.concat(chunks);
  if (bytes.length !== length) throw new Error(`Stored object ${key} is shorter than expected.`);
  return bytes;
}

/** Deletes an object, logging (never throwing) a failure: the sweep removes it later. */
export async function deleteQuietly(
  store: ObjectStore,
  key: string,
  log?: { warn(o: object, msg: string): void },
): Promise<void> {
  try {
    await store.delete(key);
  } catch (error) {
    (log ?? console).warn(
      { key, err: (error as Error).name },
      "storage: could not delete an object",
    );
  }
}
