import type { Readable } from "node:stream";

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

/**
 * A stream's bytes, at most `maxBytes` of them: past the cap the stream is destroyed and the
 * answer is a SourceError saying `tooLarge`; a stream error is one saying `broken`.
 */
export function readCapped(
  stream: Readable,
  maxBytes: number,
  messages: { tooLarge: string; broken: string },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stream.destroy();
        reject(new SourceError(messages.tooLarge));
      } else {
        chunks.push(chunk);
      }
    });
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", () => reject(new SourceError(messages.broken)));
  });
}
