import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { EXAMPLE_MAX_FILE_BYTES } from "@content-studio/contract";
import { makeWorkDir, readArchiveFile, removeWorkDir, unsafeEntryReason } from "./archive";
import type { SourceFailure, SourceListing } from "./source";

/** One part of a multipart upload, as the route hands it over (a file's bytes still unread). */
export type UploadPart =
  | { kind: "field"; name: string; value: string }
  | {
      kind: "file";
      /** The file name the browser sent; for a folder upload, its path ("folder/good/a.md"). */
      fileName: string;
      /** The bytes; each part must be read to its end before the next one arrives. */
      data: AsyncIterable<Buffer>;
      /** True once the multipart parser cut the file at its size limit. */
      truncated: () => boolean;
    };

/** Why an upload was refused; the message is safe to show. */
export class UploadError extends Error {
  constructor(
    readonly kind: "invalid" | "too_large",
    message: string,
  ) {
    super(message);
  }
}

export interface ReceivedUpload {
  /** The private temporary directory holding the parts (removed by close() or discard()). */
  dir: string;
  /** The `name` field, else the uploaded folder's name, else the archive's name. */
  name: string;
  /** The archive's temporary file, when one archive was uploaded. */
  archiveFile: string | undefined;
  /** A folder's files kept (path in the folder, size, temporary file). */
  files: { path: string; size: number; file: string }[];
  /** Files refused while receiving (unsafe names, over 1 MiB). */
  failures: SourceFailure[];
  /** Lists what was received; its close() deletes the temporary files. */
  list: () => Promise<SourceListing>;
  /** Deletes the temporary files (when no ingest takes the upload over). */
  discard: () => Promise<void>;
}

const ARCHIVE_NAME = /\.(zip|tar\.gz|tgz)$/i;

/**
 * Receives a browser upload (the files of one folder, or one .zip/.tar.gz) by streaming every
 * part to a private temporary directory: memory holds one chunk at a time, whatever the
 * upload's size. A folder file over 1 MiB is not kept (it is reported); more than `maxBytes`
 * in all refuses the upload.
 */
export async function receiveUpload(
  parts: AsyncIterable<UploadPart>,
  maxBytes: number,
): Promise<ReceivedUpload> {
  const dir = await makeWorkDir();
  const discard = () => removeWorkDir(dir);
  try {
    const files: ReceivedUpload["files"] = [];
    const failures: SourceFailure[] = [];
    let archive: { fileName: string; file: string } | undefined;
    let fieldName: string | undefined;
    let folderName: string | undefined;
    let total = 0;
    let index = 0;

    for await (const part of parts) {
      if (part.kind === "field") {
        if (part.name === "name") fieldName = part.value;
        continue;
      }
      const name = part.fileName.replace(/\\/g, "/");
      const isArchive = ARCHIVE_NAME.test(name);
      if (isArchive ? archive || files.length > 0 || failures.length > 0 : archive) {
        throw new UploadError("invalid", "Upload either one archive or the files of one folder.");
      }
      const unsafe = isArchive ? undefined : unsafeEntryReason(name);
      // Never a name from the client on disk: files are numbered.
      const file = path.join(dir, isArchive ? "archive" : `file-${index++}`);
      const limit = isArchive ? Infinity : EXAMPLE_MAX_FILE_BYTES;
      const size = await writePart(part.data, unsafe ? undefined : file, limit, (n) => {
        total += n;
        if (total > maxBytes) throw tooLarge();
      });
      if (part.truncated()) throw tooLarge();
      if (isArchive) {
        archive = { fileName: name, file };
        continue;
      }
      if (unsafe) {
        failures.push({ path: name, reason: unsafe });
        continue;
      }
      const relPath = name
        .split("/")
        .filter((s) => s && s !== ".")
        .join("/");
      folderName ??= relPath.includes("/") ? relPath.split("/")[0] : undefined;
      if (size > EXAMPLE_MAX_FILE_BYTES) {
        failures.push({ path: relPath, reason: "larger than 1 MiB" });
        continue;
      }
      files.push({ path: relPath, size, file });
    }

    if (!archive && files.length === 0 && failures.length === 0) {
      throw new UploadError("invalid", "The upload contained no files.");
    }
    const received = archive;
    return {
      dir,
      name:
        fieldName ??
        (received ? received.fileName.replace(ARCHIVE_NAME, "") : (folderName ?? "upload")),
      archiveFile: received?.file,
      files,
      failures,
      list: received
        ? () => readArchiveFile(received.file, dir)
        : async () => ({
            entries: files.map(({ path: p, size, file }) => ({
              path: p,
              size,
              read: () => fs.readFile(file),
            })),
            failures,
            close: discard,
          }),
      discard,
    };
  } catch (error) {
    // Drain nothing more: the caller's parser is abandoned with the request.
    await discard();
    throw error;
  }
}

function tooLarge(): UploadError {
  return new UploadError("too_large", "The upload is larger than 100 MiB.");
}

/**
 * Streams one part to `file` (or nowhere when undefined), stopping the write once more than
 * `limit` bytes came (the rest is still read, to count it and reach the next part).
 * Returns the part's full size.
 */
async function writePart(
  data: AsyncIterable<Buffer>,
  file: string | undefined,
  limit: number,
  count: (bytes: number) => void,
): Promise<number> {
  const out = file ? createWriteStream(file) : undefined;
  const closed = out
    ? new Promise<void>((resolve, reject) => {
        out.once("close", resolve);
        out.once("error", reject);
      })
    : Promise.resolve();
  let size = 0;
  try {
    for await (const chunk of data) {
      size += chunk.length;
      count(chunk.length);
      if (!out || size > limit) continue;
      if (!out.write(chunk))
        await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
  } finally {
    out?.end();
    await closed;
  }
  return size;
}
