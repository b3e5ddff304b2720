import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AppContext } from "../../app-context";
import { AppError, orNotFound } from "../../lib/app-error";
import type { SessionUser } from "../../plugins/access";
import type { StoredFileOwner } from "../storage/storage-sweep";
import { deleteQuietly, putFiles, storeFor } from "../storage/storage.service";
import { kitExportPolicy } from "./kit-export.policy";
import * as repo from "./kit.repository";

/** Where kit exports are kept in the object store (`exports/<uuid>`). */
export const EXPORT_PREFIX = "exports";
/** How long a stored export can be downloaded. */
export const KIT_EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
const GONE = "This export is no longer available. Export the kit again.";

/** A built export: sent at once, or kept in the file store for its requester to download. */
export type KitExportAnswer =
  | { kind: "file"; filename: string; body: Readable }
  | { kind: "stored"; exportId: string; body: null };

/**
 * Without a file store the ZIP streams to the client as it is built. With one it is built to a
 * temporary file first (memory holds one chunk): at or below the inline limit that file is
 * sent; above it the ZIP goes to the store, the export is recorded for the requester, and the
 * caller redirects to its download route (which any web process can serve).
 */
export async function keepKitExport(
  ctx: AppContext,
  actor: SessionUser,
  kitId: string,
  built: { filename: string; body: Readable },
): Promise<KitExportAnswer> {
  if (!ctx.objectStore) return { kind: "file", ...built };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "content-studio-export-"));
  const remove = () => fs.rm(dir, { recursive: true, force: true });
  const file = path.join(dir, "export.zip");
  let sending = false;
  try {
    await pipeline(built.body, createWriteStream(file, { mode: 0o600 }));
    const { size } = await fs.stat(file);
    const store = storeFor(ctx, size);
    if (!store) {
      const body = createReadStream(file);
      body.once("close", () => void remove());
      sending = true;
      return { kind: "file", filename: built.filename, body };
    }
    const ref = await putFiles(store, EXPORT_PREFIX, [file], {
      size,
      contentType: "application/zip",
    });
    const id = randomUUID();
    try {
      await repo.insertKitExport(ctx.db, {
        id,
        kit_id: kitId,
        requested_by: actor.id,
        file_name: built.filename,
        key: ref.key,
        size: ref.size,
        sha256: ref.sha256,
        content_type: ref.contentType,
      });
    } catch (error) {
      await deleteQuietly(store, ref.key);
      throw error;
    }
    return { kind: "stored", exportId: id, body: null };
  } finally {
    if (!sending) await remove();
  }
}

/** A stored export's bytes for the one who may download it (404 when gone, 403 for others). */
export async function openKitExport(
  ctx: AppContext,
  actor: SessionUser,
  kitId: string,
  exportId: string,
): Promise<{ filename: string; size: number; contentType: string; body: Readable }> {
  const row = orNotFound(
    await repo.findKitExport(ctx.db, kitId, exportId, new Date(Date.now() - KIT_EXPORT_TTL_MS)),
    GONE,
  );
  kitExportPolicy.authorize(actor, "download", row);
  if (!ctx.objectStore) throw new AppError("not_found", GONE);
  let body: Readable;
  try {
    body = await ctx.objectStore.get(row.key);
  } catch {
    throw new AppError(
      "service_unavailable",
      "The file storage is not available right now. Try again shortly.",
    );
  }
  return {
    filename: row.file_name,
    size: Number(row.size),
    contentType: row.content_type,
    body,
  };
}

/** Deletes the stored exports of a brief's kits, after the brief (and their rows) went. */
export async function deleteKitExportObjects(
  ctx: Pick<AppContext, "objectStore">,
  keys: string[],
): Promise<void> {
  if (!ctx.objectStore) return;
  for (const key of keys) await deleteQuietly(ctx.objectStore, key);
}

/** The campaigns module's files in the object store: exports, each kept for a day. */
export function kitExportFileOwner(ctx: Pick<AppContext, "db">): StoredFileOwner {
  return {
    prefix: EXPORT_PREFIX,
    expire: (now) =>
      repo.deleteKitExportsBefore(ctx.db, new Date(now.getTime() - KIT_EXPORT_TTL_MS)),
    kept: (keys) => repo.kitExportKeysIn(ctx.db, keys),
  };
}
