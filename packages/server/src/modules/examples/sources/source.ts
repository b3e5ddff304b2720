/** A file a source offers for ingest; read lazily so a listing stays cheap. */
export interface SourceEntry {
  /** Path inside the source, with forward slashes, e.g. `good/ecos.md`. */
  path: string;
  size: number;
  read(): Promise<Uint8Array>;
}

/** A file refused by the source itself (unsafe archive entry, symlink outside the root, …). */
export interface SourceFailure {
  path: string;
  reason: string;
}

export interface SourceListing {
  entries: SourceEntry[];
  failures: SourceFailure[];
  /** Releases what reading the entries needs (an open archive, temporary files). */
  close?: () => Promise<void>;
}

/** The whole source could not be read; the message is safe to show. */
export class SourceError extends Error {}
