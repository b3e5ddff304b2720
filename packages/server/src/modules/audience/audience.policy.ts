import { roleAtLeast } from "@content-studio/contract";
import type { SessionUser } from "../../plugins/access";
import { AppError } from "../../lib/app-error";

/** Editors and admins import intent data; viewers read it. */
export function canImportIntentData(actor: SessionUser): boolean {
  return roleAtLeast(actor.role, "editor");
}

export function assertMayImport(actor: SessionUser): void {
  if (!canImportIntentData(actor))
    throw new AppError("forbidden", "You do not have permission to do this.");
}

/** An upload waiting for confirmation is confirmed by whoever uploaded it (or an admin). */
export function assertMayCommit(actor: SessionUser, upload: { created_by: string | null }): void {
  assertMayImport(actor);
  if (upload.created_by !== actor.id && !roleAtLeast(actor.role, "admin")) {
    throw new AppError("forbidden", "Only the person who uploaded this file can confirm it.");
  }
}
