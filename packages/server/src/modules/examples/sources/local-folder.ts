import fs from "node:fs/promises";
import path from "node:path";
import { EXAMPLE_MAX_FILE_BYTES, INGEST_MAX_ENTRIES } from "@content-studio/contract";
import { isMarkdownPath } from "../example-file";
import { SourceError, type SourceEntry, type SourceFailure, type SourceListing } from "./source";

/** Whether `target` is `dir` or below it (both absolute and normalised). */
function isWithin(dir: string, target: string): boolean {
  return target === dir || target.startsWith(dir + path.sep);
}

/**
 * The real path of the longest prefix of `target` that exists, with the rest appended: where
 * a missing path would be if it existed (a symlink on the way counts).
 */
async function realpathOfExistingPart(target: string): Promise<string> {
  for (let current = target; ; current = path.dirname(current)) {
    try {
      return path.join(await fs.realpath(current), path.relative(current, target));
    } catch {
      if (path.dirname(current) === current) return target;
    }
  }
}

/**
 * Resolves a requested folder against the allowed root and refuses anything outside it,
 * including through `..` segments or symlinks (compared after realpath on both sides).
 * Outside the root every refusal reads the same, whether the path exists, is a file, is
 * unreadable or does not exist: the answer must not tell whether a server folder exists.
 */
export async function resolveInsideRoot(
  root: string,
  requested: string,
  shownAs: string = requested,
): Promise<string> {
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch {
    throw new SourceError(`The examples root folder does not exist on the server.`);
  }
  const outside = () =>
    new SourceError(`The folder '${shownAs}' is outside the allowed examples root.`);
  const candidate = path.resolve(realRoot, requested);
  // Nothing outside the root is looked at, not even whether it exists.
  if (!isWithin(realRoot, candidate) && !isWithin(path.resolve(root), candidate)) throw outside();
  let real: string;
  try {
    real = await fs.realpath(candidate);
  } catch {
    // Missing (or unreadable) below a symlink that leads out of the root: still outside.
    if (!isWithin(realRoot, await realpathOfExistingPart(candidate))) throw outside();
    throw new SourceError(`The folder '${shownAs}' does not exist inside the examples root.`);
  }
  if (!isWithin(realRoot, real)) throw outside();
  const stat = await fs.stat(real);
  if (!stat.isDirectory()) throw new SourceError(`'${shownAs}' is not a folder.`);
  return real;
}

/** Lists markdown files below a folder inside the root. Symlinks are followed only to files inside the root. */
export async function listLocalFolder(root: string, requested: string): Promise<SourceListing> {
  const realRoot = await fs.realpath(root).catch(() => {
    throw new SourceError(`The examples root folder does not exist on the server.`);
  });
  const base = await resolveInsideRoot(root, requested);
  const entries: SourceEntry[] = [];
  const failures: SourceFailure[] = [];

  const walk = async (dir: string, rel: string): Promise<void> => {
    const dirents = await fs.readdir(dir, { withFileTypes: true });
    dirents.sort((a, b) => a.name.localeCompare(b.name));
    for (const d of dirents) {
      if (d.name.startsWith(".")) continue;
      const abs = path.join(dir, d.name);
      const relPath = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) {
        await walk(abs, relPath);
        continue;
      }
      if (!isMarkdownPath(d.name)) continue;
      let target = abs;
      if (d.isSymbolicLink()) {
        const real = await fs.realpath(abs).catch(() => undefined);
        if (!real || !real.startsWith(realRoot + path.sep)) {
          failures.push({
            path: relPath,
            reason: "unsafe path: symlink points outside the examples root",
          });
          continue;
        }
        target = real;
      } else if (!d.isFile()) {
        continue;
      }
      const stat = await fs.stat(target);
      if (!stat.isFile()) continue;
      if (entries.length + failures.length >= INGEST_MAX_ENTRIES) {
        throw new SourceError(
          `The folder holds more than ${INGEST_MAX_ENTRIES.toLocaleString("en-US")} markdown files.`,
        );
      }
      // Refused from its size alone: reading (or allocating) a huge file just to refuse it
      // could exhaust memory.
      if (stat.size > EXAMPLE_MAX_FILE_BYTES) {
        failures.push({ path: relPath, reason: "larger than 1 MiB" });
        continue;
      }
      entries.push({ path: relPath, size: stat.size, read: () => readCapped(target) });
    }
  };
  await walk(base, "");
  return { entries, failures };
}

/**
 * Reads a file, but never more than one byte past the size limit: it may have grown since it
 * was listed, and the parser refuses anything over the limit by its length.
 */
async function readCapped(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, "r");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.allocUnsafe(Math.min(size, EXAMPLE_MAX_FILE_BYTES) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}
