import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import {
  EXAMPLE_MAX_FILE_BYTES,
  INGEST_MAX_ENTRIES,
  INGEST_MAX_TOTAL_BYTES,
} from "@content-studio/contract";
import tar from "tar-stream";
import yauzl from "yauzl";
import { isMarkdownPath } from "../example-file";
import { SourceError, type SourceEntry, type SourceFailure, type SourceListing } from "./source";

/** Why an archive entry name is unsafe, or undefined. */
export function unsafeEntryReason(rawName: string): string | undefined {
  if (rawName.includes("\0")) return "unsafe archive entry: NUL byte in name";
  const name = rawName.replace(/\\/g, "/");
  if (name.startsWith("/") || /^[a-zA-Z]:/.test(name)) return "unsafe archive entry: absolute path";
  if (name.split("/").some((s) => s === "..")) return "unsafe archive entry: path traversal ('..')";
  return undefined;
}

function normalise(name: string): string {
  return name
    .replace(/\\/g, "/")
    .split("/")
    .filter((s) => s !== "" && s !== ".")
    .join("/");
}

function memoryEntry(path: string, data: Uint8Array): SourceEntry {
  return { path, size: data.byteLength, read: async () => data };
}

/** Reads a .zip or .tar.gz held in memory, by its magic bytes. */
export function readArchive(buffer: Buffer): Promise<SourceListing> {
  if (buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50) return readZip(buffer);
  if (buffer.length >= 4 && buffer.readUInt32LE(0) === 0x06054b50) {
    return Promise.resolve({ entries: [], failures: [] }); // empty zip
  }
  if (buffer.length >= 2 && buffer[0] === 0x1f && buffer[1] === 0x8b) return readTarGz(buffer);
  return Promise.reject(new SourceError("The archive is not a .zip or .tar.gz file."));
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) =>
        error || !zip ? reject(new SourceError("The .zip archive is damaged.")) : resolve(zip),
    );
  });
}

/**
 * Zip: every entry of the central directory is checked (names, symlinks, count, declared
 * total size) before a single byte is inflated; inflation is then capped per entry.
 */
async function readZip(buffer: Buffer): Promise<SourceListing> {
  const zip = await openZip(buffer);
  const all: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      all.push(entry);
      if (all.length > INGEST_MAX_ENTRIES) {
        zip.close();
        reject(
          new SourceError(
            `The archive has more than ${INGEST_MAX_ENTRIES.toLocaleString("en-US")} entries.`,
          ),
        );
        return;
      }
      zip.readEntry();
    });
    zip.on("end", () => resolve());
    zip.on("error", () => reject(new SourceError("The .zip archive is damaged.")));
    zip.readEntry();
  });
  const total = all.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (total > INGEST_MAX_TOTAL_BYTES) {
    zip.close();
    throw new SourceError("The archive is larger than 200 MiB when uncompressed.");
  }

  const failures: SourceFailure[] = [];
  const wanted: { entry: yauzl.Entry; path: string }[] = [];
  for (const entry of all) {
    const raw = Buffer.from(entry.fileName as unknown as Uint8Array).toString("utf8");
    const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
    if (raw.endsWith("/") && mode !== 0o120000) continue; // directory
    const unsafe = unsafeEntryReason(raw);
    if (unsafe) {
      failures.push({ path: raw, reason: unsafe });
      continue;
    }
    const path = normalise(raw);
    if (mode === 0o120000) {
      failures.push({ path, reason: "unsafe archive entry: symbolic link" });
      continue;
    }
    if (!isMarkdownPath(path) || path.split("/").some((s) => s.startsWith(".") || s === "__MACOSX"))
      continue;
    if (entry.uncompressedSize > EXAMPLE_MAX_FILE_BYTES) {
      failures.push({ path, reason: "larger than 1 MiB" });
      continue;
    }
    wanted.push({ entry, path });
  }

  const entries: SourceEntry[] = [];
  for (const { entry, path } of wanted) {
    const data = await new Promise<Buffer>((resolve, reject) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream)
          return reject(new SourceError(`The archive entry ${path} is damaged.`));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on("data", (c: Buffer) => {
          size += c.length;
          if (size > EXAMPLE_MAX_FILE_BYTES) stream.destroy(new SourceError("too large"));
          else chunks.push(c);
        });
        stream.on("end", () => resolve(Buffer.concat(chunks)));
        stream.on("error", () => reject(new SourceError(`The archive entry ${path} is damaged.`)));
      });
    }).catch((error: unknown) => {
      failures.push({
        path,
        reason: error instanceof SourceError ? "damaged archive entry" : "unreadable",
      });
      return undefined;
    });
    if (data) entries.push(memoryEntry(path, data));
  }
  zip.close();
  return { entries, failures };
}

/**
 * tar.gz has no central directory: it is read through a capped gunzip into memory (nothing
 * touches the disk), and nothing is ingested until the whole archive has passed the checks.
 */
async function readTarGz(buffer: Buffer): Promise<SourceListing> {
  const extract = tar.extract();
  const failures: SourceFailure[] = [];
  const entries: SourceEntry[] = [];
  let count = 0;
  let total = 0;
  const gunzip = createGunzip();
  gunzip.on("data", (chunk: Buffer) => {
    total += chunk.length;
    if (total > INGEST_MAX_TOTAL_BYTES) {
      gunzip.destroy(new SourceError("The archive is larger than 200 MiB when uncompressed."));
    }
  });

  const done = new Promise<void>((resolve, reject) => {
    extract.on("entry", (header, stream, next) => {
      count += 1;
      const drain = () => {
        stream.on("end", next);
        stream.resume();
      };
      if (count > INGEST_MAX_ENTRIES) {
        extract.destroy(
          new SourceError(
            `The archive has more than ${INGEST_MAX_ENTRIES.toLocaleString("en-US")} entries.`,
          ),
        );
        return;
      }
      const raw = header.name;
      if (header.type === "directory") return drain();
      const unsafe = unsafeEntryReason(raw);
      if (unsafe) {
        failures.push({ path: raw, reason: unsafe });
        return drain();
      }
      const path = normalise(raw);
      if (header.type === "symlink" || header.type === "link") {
        failures.push({
          path,
          reason: `unsafe archive entry: ${header.type === "link" ? "hard" : "symbolic"} link`,
        });
        return drain();
      }
      if (header.type !== "file" && header.type !== "contiguous-file") return drain();
      if (!isMarkdownPath(path) || path.split("/").some((s) => s.startsWith("."))) return drain();
      if ((header.size ?? 0) > EXAMPLE_MAX_FILE_BYTES) {
        failures.push({ path, reason: "larger than 1 MiB" });
        return drain();
      }
      const chunks: Buffer[] = [];
      stream.on("data", (c: unknown) => {
        chunks.push(c as Buffer);
      });
      stream.on("end", () => {
        entries.push(memoryEntry(path, Buffer.concat(chunks)));
        next();
      });
    });
    extract.on("finish", () => resolve());
    extract.on("error", (error) =>
      reject(
        error instanceof SourceError ? error : new SourceError("The .tar.gz archive is damaged."),
      ),
    );
    gunzip.on("error", (error) =>
      reject(
        error instanceof SourceError ? error : new SourceError("The .tar.gz archive is damaged."),
      ),
    );
  });
  Readable.from([buffer]).pipe(gunzip).pipe(extract);
  await done;
  return { entries, failures };
}
