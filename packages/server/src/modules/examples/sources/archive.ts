import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import nodePath from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import {
  EXAMPLE_MAX_FILE_BYTES,
  INGEST_MAX_ENTRIES,
  INGEST_MAX_TOTAL_BYTES,
} from "@content-studio/contract";
import tar from "tar-stream";
import yauzl from "yauzl";
import { isMarkdownPath } from "../example-file";
import {
  readCapped,
  SourceError,
  type SourceEntry,
  type SourceFailure,
  type SourceListing,
} from "./source";

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

/**
 * Reads a .zip or .tar.gz held in memory (a downloaded archive): it is written to a temporary
 * file first, so the entries are read from disk one at a time like an uploaded archive's.
 */
export async function readArchive(buffer: Buffer): Promise<SourceListing> {
  const dir = await makeWorkDir();
  return cleanUpOnError(
    async () => {
      const file = nodePath.join(dir, "archive");
      await fs.writeFile(file, buffer);
      return readArchiveFile(file, dir);
    },
    () => removeWorkDir(dir),
  );
}

/** What `work` returns; when it throws, `cleanUp` runs before the error goes on. */
async function cleanUpOnError<T>(work: () => Promise<T>, cleanUp: () => Promise<void>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** A new private temporary directory for an upload or an archive's extracted entries. */
export function makeWorkDir(): Promise<string> {
  return fs.mkdtemp(nodePath.join(os.tmpdir(), "content-studio-ingest-"));
}

export async function removeWorkDir(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
}

/**
 * Reads a .zip or .tar.gz file (by its magic bytes). The listing's `close()` removes `workDir`
 * (which holds the file) once the ingest is done with it.
 */
export async function readArchiveFile(file: string, workDir: string): Promise<SourceListing> {
  const close = () => removeWorkDir(workDir);
  return cleanUpOnError(() => openArchiveFile(file, workDir, close), close);
}

async function openArchiveFile(
  file: string,
  workDir: string,
  close: () => Promise<void>,
): Promise<SourceListing> {
  const handle = await fs.open(file, "r");
  const head = Buffer.alloc(4);
  const { bytesRead } = await handle.read(head, 0, 4, 0).finally(() => handle.close());
  if (bytesRead >= 4 && head.readUInt32LE(0) === 0x04034b50) return readZip(file, close);
  if (bytesRead >= 4 && head.readUInt32LE(0) === 0x06054b50) {
    return { entries: [], failures: [], close }; // empty zip
  }
  if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) {
    return readTarGz(file, workDir, close);
  }
  throw new SourceError("The archive is not a .zip or .tar.gz file.");
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: true,
        strictFileNames: false,
      },
      (error, zip) =>
        error || !zip ? reject(new SourceError("The .zip archive is damaged.")) : resolve(zip),
    );
  });
}

/** One zip entry's bytes, inflated with a cap: read only when the ingest asks for it. */
function readZipEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Uint8Array> {
  return new Promise<Buffer>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new SourceError("damaged archive entry"));
      readCapped(stream, EXAMPLE_MAX_FILE_BYTES, {
        tooLarge: "too large",
        broken: "damaged archive entry",
      }).then(resolve, reject);
    });
  });
}

/**
 * Zip: every entry of the central directory is checked (names, symlinks, count, declared
 * total size) before a single byte is inflated. Entries are inflated one at a time, when the
 * ingest reads them, with a cap per entry; nothing but the central directory is held.
 */
async function readZip(file: string, cleanup: () => Promise<void>): Promise<SourceListing> {
  const zip = await openZip(file);
  const close = async () => {
    zip.close();
    await cleanup();
  };
  return cleanUpOnError(async () => {
    const all: yauzl.Entry[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        all.push(entry);
        if (all.length > INGEST_MAX_ENTRIES) {
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
      throw new SourceError("The archive is larger than 200 MiB when uncompressed.");
    }

    const failures: SourceFailure[] = [];
    const entries: SourceEntry[] = [];
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
      if (
        !isMarkdownPath(path) ||
        path.split("/").some((s) => s.startsWith(".") || s === "__MACOSX")
      )
        continue;
      if (entry.uncompressedSize > EXAMPLE_MAX_FILE_BYTES) {
        failures.push({ path, reason: "larger than 1 MiB" });
        continue;
      }
      entries.push({ path, size: entry.uncompressedSize, read: () => readZipEntry(zip, entry) });
    }
    return { entries, failures, close };
  }, close);
}

/**
 * tar.gz has no central directory: it is streamed through a capped gunzip, each wanted entry
 * (a markdown file of at most 1 MiB) is written to its own file in `workDir`, and nothing is
 * ingested until the whole archive has passed the checks. Entries are then read from disk.
 */
async function readTarGz(
  file: string,
  workDir: string,
  close: () => Promise<void>,
): Promise<SourceListing> {
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
      const target = nodePath.join(workDir, `entry-${count}`);
      const size = header.size ?? 0;
      pipeline(stream, createWriteStream(target)).then(
        () => {
          entries.push({ path, size, read: () => fs.readFile(target) });
          next();
        },
        (error: unknown) => extract.destroy(error instanceof Error ? error : undefined),
      );
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
  createReadStream(file).pipe(gunzip).pipe(extract);
  await cleanUpOnError(() => done, close);
  return { entries, failures, close };
}
