// Editing an item: saves and re-checks as new versions, assets written after a provider call,
// the version history and restoring a version.
import { randomUUID } from "node:crypto";
import {
  LIBRARY_SECTIONS,
  type LibraryHistory,
  type LibraryItemDetail,
  type LibraryAsset,
  type LibraryChange,
  type LibrarySection,
  type LibraryVersion,
  type QualityReport,
  type SaveLibraryItemBody,
} from "@content-studio/contract";
import type { Transaction } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/types";
import { AppError, fieldError, orNotFound } from "../../lib/app-error";
import { sanitizeBody, toPlainText } from "../../lib/html";
import type { SessionUser } from "../../plugins/access";
import { textSectionsOf } from "../../lib/text-sections";
import { checkQualityReviewed } from "../quality/reviewed-check";
import { emitUnsupportedClaims } from "./library-webhooks";
import { duplicateFamily } from "./library-index";
import { presentEvent, presentVersion, presentVersionSummary } from "./library.presenter";
import * as repo from "./library.repository";
import {
  auditContent,
  authorize,
  checkRequest,
  getLibraryItem,
  loadItem,
  lockUnchanged,
  NOT_FOUND,
  type Sections,
} from "./library-item.service";

/** Plain text as stored: markup removed, line breaks normalised, control characters removed. */
function cleanText(text: string): string {
  return toPlainText(
    text
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, ""),
  );
}

/** Just the text sections of a row (an item or a version). */
function sectionsOf(row: Sections): Sections {
  return { title: row.title, ...textSectionsOf(row) };
}

function cleanSections(input: SaveLibraryItemBody, row: repo.LibraryItemRow): Sections {
  const headline = cleanText(input.headline).slice(0, 300);
  const body = sanitizeBody(input.body);
  const sections = {
    headline,
    introduction: cleanText(input.introduction),
    body,
    conclusion: cleanText(input.conclusion),
    // The title follows the headline unless someone gave it its own wording.
    title: cleanText(input.title ?? (row.title === row.headline ? headline : row.title)).slice(
      0,
      300,
    ),
  };
  for (const section of ["headline", "introduction", "body", "conclusion", "title"] as const) {
    if (!sections[section]) {
      const label = section[0]!.toUpperCase() + section.slice(1);
      throw fieldError(`body.${section}`, `${label} is required.`);
    }
  }
  return sections;
}

/** The quality check's request for an item's sections, with the item's brief. */

async function scoreSections(
  ctx: AppContext,
  row: repo.LibraryItemRow,
  s: Sections,
): Promise<QualityReport> {
  return checkQualityReviewed(ctx, checkRequest(row, s), {
    excludeLibraryIds: await duplicateFamily(ctx, row.id),
  });
}

/**
 * Stores `sections` as the next version: the item's text and score change, a version row and
 * a history event are written, and an item in review or approved goes back to draft with its
 * approval void. Runs inside the caller's transaction on a locked row.
 */
async function writeNewVersion(
  trx: Transaction<Database>,
  actor: SessionUser,
  current: repo.LibraryItemRow,
  sections: Sections,
  report: QualityReport | undefined,
  how: { kind: "edited" | "restored_version"; note: string },
  assets: { changed: LibraryAsset[]; update: repo.ItemUpdate } = { changed: [], update: {} },
): Promise<boolean> {
  const changed: LibraryChange[] = [
    ...LIBRARY_SECTIONS.filter((s: LibrarySection) => current[s] !== sections[s]),
    ...assets.changed,
  ];
  if (changed.length === 0) return false;
  const now = new Date();
  const next = current.version + 1;
  const backToDraft = current.status === "in_review" || current.status === "approved";
  // An asset alone leaves the text, so its score, as it was.
  const quality = report
    ? { score: report.overall, report: JSON.stringify(report) }
    : {
        score: current.quality_after,
        report: current.quality_report == null ? null : JSON.stringify(current.quality_report),
      };
  await repo.updateLibraryItem(trx, current.id, {
    ...sections,
    ...assets.update,
    quality_after: quality.score,
    quality_report: quality.report,
    version: next,
    updated_by: actor.id,
    updated_at: now,
    ...(backToDraft
      ? { status: "draft", approved_version: null, approved_by: null, approved_at: null }
      : {}),
  });
  await repo.insertContentVersion(trx, {
    content_item_id: current.id,
    version: next,
    ...sections,
    quality_score: quality.score,
    quality_report: quality.report,
    changed_sections: JSON.stringify(changed),
    note: how.note,
    created_by: actor.id,
    created_at: now,
  });
  await repo.insertEvent(trx, {
    id: randomUUID(),
    content_item_id: current.id,
    kind: how.kind,
    from_status: current.status,
    to_status: backToDraft ? "draft" : current.status,
    version: next,
    note: how.note,
    actor_id: actor.id,
    created_at: now,
  });
  if (current.status === "approved" && current.approved_version !== null) {
    await voidApproval(trx, actor, current, current.approved_version, now, how.note);
  }
  return true;
}

/** Records that an approval no longer applies: a history event and an audit entry. */
async function voidApproval(
  trx: Transaction<Database>,
  actor: SessionUser,
  item: { id: string; title: string },
  approvedVersion: number,
  at: Date,
  why: string,
): Promise<void> {
  const note = `The approval of version ${approvedVersion} no longer applies.`;
  await repo.insertEvent(trx, {
    id: randomUUID(),
    content_item_id: item.id,
    kind: "approval_voided",
    from_status: "approved",
    to_status: "draft",
    version: approvedVersion,
    note,
    actor_id: actor.id,
    created_at: at,
  });
  await auditContent(trx, actor, "content.approval_voided", item, {
    approvedVersion: { from: approvedVersion, to: null },
    reason: { from: null, to: why },
  });
}

/** An asset made from an item after a provider call: what it is and the action that made it. */
export type ItemAsset =
  { action: "visualize"; visualization: unknown } | { action: "repurpose"; repurposed: unknown };

const ASSET_NOTES: Record<ItemAsset["action"], string> = {
  visualize: "A new visualization was saved.",
  repurpose: "New channel variations were saved.",
};

/**
 * Stores an asset made from an item (a visualization, repurposed variations). It follows a
 * provider call that may take a minute and a half, so what was checked before the call is
 * checked again on the locked row: the item may have been published, trashed or approved
 * meanwhile. An asset changes what reviewers saw, so it follows the edit rule: a new version
 * (the text as it is, the asset named as the change), and an item in review or approved goes
 * back to draft with its approval void (an audit entry).
 */
export async function attachItemAsset(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  asset: ItemAsset,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const locked = orNotFound(await repo.findLibraryItem(trx, id, { forUpdate: true }), NOT_FOUND);
    authorize(actor, asset.action, locked);
    await writeNewVersion(
      trx,
      actor,
      locked,
      sectionsOf(locked),
      undefined,
      { kind: "edited", note: ASSET_NOTES[asset.action] },
      asset.action === "visualize"
        ? {
            changed: ["visualization"],
            update: { visualization: JSON.stringify(asset.visualization) },
          }
        : { changed: ["variations"], update: { repurposed: JSON.stringify(asset.repurposed) } },
    );
  });
}

/** The score of the current text, on the item and its current version. */
async function storeScore(
  trx: Transaction<Database>,
  row: { id: string; version: number },
  report: QualityReport,
): Promise<void> {
  const json = JSON.stringify(report);
  await repo.updateLibraryItem(trx, row.id, {
    quality_after: report.overall,
    quality_report: json,
  });
  await repo.updateVersionQuality(trx, row.id, row.version, report.overall, json);
}

/**
 * A save: the body through the shared allow-list, the text re-scored, and a new version when
 * anything changed. Refused on published items (read-only) and over a newer version.
 */
export async function saveLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: SaveLibraryItemBody,
): Promise<LibraryItemDetail> {
  const row = await loadItem(ctx.db, id);
  authorize(actor, "edit", row);
  if (input.baseVersion !== undefined && input.baseVersion !== row.version) {
    throw new AppError(
      "conflict",
      `This content was changed meanwhile (now version ${row.version}). Reload it and try again.`,
    );
  }
  const sections = cleanSections(input, row);
  const report = await scoreSections(ctx, row, sections);
  await ctx.db.transaction().execute(async (trx) => {
    await lockUnchanged(trx, row);
    // The image prompt is part of what reviewers approve: a change to it is an edit too.
    const imagePrompt =
      input.imagePrompt === undefined ? row.image_prompt : cleanText(input.imagePrompt);
    const wrote = await writeNewVersion(
      trx,
      actor,
      row,
      sections,
      report,
      { kind: "edited", note: "Edited" },
      imagePrompt === row.image_prompt
        ? undefined
        : { changed: ["imagePrompt"], update: { image_prompt: imagePrompt } },
    );
    // Nothing changed: no new version, but the check re-ran, so its score is kept.
    if (!wrote) await storeScore(trx, row, report);
    await emitUnsupportedClaims(ctx, trx, row, report);
  });
  return getLibraryItem(ctx, actor, id);
}

/** Re-runs the quality check on the current text (no new version: the text is unchanged). */
export async function recheckLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<LibraryItemDetail> {
  const row = await loadItem(ctx.db, id);
  if (row.deleted_at) throw new AppError("conflict", "Content in the Trash cannot be checked.");
  if (actor.role === "viewer") {
    throw new AppError("forbidden", "You do not have permission to do this.");
  }
  const report = await scoreSections(ctx, row, row);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockUnchanged(trx, row);
    await storeScore(trx, row, report);
    await emitUnsupportedClaims(ctx, trx, row, report);
    await repo.insertEvent(trx, {
      id: randomUUID(),
      content_item_id: id,
      kind: "quality_checked",
      version: locked.version,
      note: `Score ${Math.round(report.overall * 100)}%`,
      actor_id: actor.id,
    });
  });
  return getLibraryItem(ctx, actor, id);
}

export async function getLibraryHistory(ctx: AppContext, id: string): Promise<LibraryHistory> {
  await loadItem(ctx.db, id);
  const [versions, events] = await Promise.all([
    repo.listVersions(ctx.db, id),
    repo.listEvents(ctx.db, id),
  ]);
  return { versions: versions.map(presentVersionSummary), events: events.map(presentEvent) };
}

export async function getLibraryVersion(
  ctx: AppContext,
  id: string,
  version: number,
): Promise<LibraryVersion> {
  const row = orNotFound(await repo.findVersion(ctx.db, id, version), "Version not found.");
  return presentVersion(row);
}

/** Restoring an old version stores its text as a new version (history is never rewritten). */
export async function restoreLibraryVersion(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  version: number,
): Promise<LibraryItemDetail> {
  const row = await loadItem(ctx.db, id);
  authorize(actor, "edit", row);
  const old = orNotFound(await repo.findVersion(ctx.db, id, version), "Version not found.");
  const sections = sectionsOf(old);
  const report = await scoreSections(ctx, row, sections);
  const note = `Restored from version ${version}`;
  const wrote = await ctx.db.transaction().execute(async (trx) => {
    await lockUnchanged(trx, row);
    return writeNewVersion(trx, actor, row, sections, report, { kind: "restored_version", note });
  });
  if (!wrote) throw new AppError("conflict", `Version ${version} is the same as the current text.`);
  return getLibraryItem(ctx, actor, id);
}
