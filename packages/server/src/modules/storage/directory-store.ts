import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertKey, StorageUnavailable, type ObjectStore } from "./object-store";

/** Where half-written files wait before their rename (same file system, so rename is atomic). */
const TEMP = ".incoming";

/**
 * Objects as files below `root` (DATA_DIR/objects): written to a temporary file, then renamed
 * into place, so a reader or a crash never sees half a file. Paths come from checked keys only.
 */
export function directoryStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "directory",
    async put(key, body) {
      const target = fileOf(key);
      const temp = path.join(root, TEMP, randomUUID());
      try {
        await fs.mkdir(path.dirname(temp), { recursive: true });
        await fs.mkdir(path.dirname(target), { recursive: true });
        await pipeline(body, createWriteStream(temp, { flags: "wx", mode: 0o600 }));
        await fs.rename(temp, target);
      } catch (error) {
        await fs.rm(temp, { force: true }).catch(() => undefined);
        throw new StorageUnavailable("The file could not be written to the storage directory.", {
          cause: error,
        });
      }
    },
    async get(key, range) {
      const file = fileOf(key);
      const handle = await fs.open(file, "r");
      return createReadStream("", {
        fd: handle,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
    },
    async head(key) {
      try {
        return { size: (await fs.stat(fileOf(key))).size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async *list(prefix) {
      const start = path.join(root, ...prefix.split("/").filter(Boolean));
      let entries: string[];
      try {
        entries = await fs.readdir(start, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const entry of entries) {
        const file = path.join(start, entry);
        const stat = await fs.stat(file).catch(() => undefined);
        if (!stat?.isFile()) continue;
        yield {
          key: path.relative(root, file).split(path.sep).join("/"),
          lastModified: stat.mtime,
        };
      }
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
    close() {},
  };
}
