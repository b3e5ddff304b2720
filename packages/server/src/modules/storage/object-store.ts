import type { Readable } from "node:stream";

/** What a store answers about one object. */
export interface StoredObjectInfo {
  size: number;
}

/**
 * Where files above the inline limit live: an S3-compatible bucket or a directory
 * (DATA_DIR/objects). Keys are made by the server (`uploads/<uuid>`), never from a name a
 * user gave; each implementation refuses any other shape.
 */
export interface ObjectStore {
  readonly kind: "s3" | "directory";
  /** Writes the whole object, or nothing (a partial write is never visible under `key`). */
  put(key: string, body: Readable, options: { size: number; contentType: string }): Promise<void>;
  /** The object's bytes, or `range` of them (both ends included). */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The object's size, or undefined when there is none under `key`. */
  head(key: string): Promise<StoredObjectInfo | undefined>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** Every key below `prefix`, with when it was written (for the orphan sweep). */
  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /** Throws unless the store answers within `timeoutMs` (the readiness probe). */
  check(timeoutMs: number): Promise<void>;
  close(): void;
}

/** The store could not be reached or refused the call; the message is safe to show. */
export class StorageUnavailable extends Error {}

const KEY = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_.-]*$/;

/** Throws unless `key` is one the server makes (lower-case segments, no dots leading). */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.length > 200) throw new Error(`Not a storage key: ${key}`);
}
