import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import {
  LIBRARY_SECTIONS,
  QualityReportSchema,
  TRASH_RETENTION_DAYS,
  approvalBlockers,
  describeApprovalBlocker,
  type ApprovalBlocker,
  type ContentStatus,
  type DashboardSummary,
  type ExportFormat,
  type LibraryAction,
  type LibraryAuthor,
  type LibraryHistory,
  type LibraryItemDetail,
  type LibraryPage,
  type LibraryAsset,
  type LibraryChange,
  type LibrarySection,
  type LibraryVersion,
  type QualityReport,
  type SaveLibraryItemBody,
  type AuditAction,
  type TransitionBody,
  type ListLibraryQuerySchema,
} from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/types";
import { AppError } from "../../lib/app-error";
import { sanitizeBody, toPlainText } from "../../lib/html";
import type { SessionUser } from "../../plugins/access";
import { auditActorOf, recordAudit } from "../audit/audit.service";
import { checkQuality } from "../quality/quality.service";
import { checkQualityReviewed } from "../quality/reviewed-check";
import { getGenerationSettings, getQualityThreshold } from "../settings/generation-settings";
import { duplicateFamily } from "./library-index";
import { exportContent, type ExportFile } from "./library.export";
import {
  libraryPolicyFor,
  type LibraryRules,
  type PolicyActor,
  type PolicyItem,
} from "./library.policy";
import {
  presentEvent,
  presentLibraryDetail,
  presentLibraryItem,
  presentVersion,
  presentVersionSummary,
} from "./library.presenter";
import * as repo from "./library.repository";

const NOT_FOUND = "Content not found.";
const DAY_MS = 86_400_000;

/** The organisation's quality threshold (owned by the settings module). */
export const qualityThreshold = getQualityThreshold;

/** The organisation's rules for the library (owned by the settings module). */
async function libraryRules(db: Kysely<Database>): Promise<LibraryRules> {
  const { allowSelfApproval } = await getGenerationSettings(db);
  return { allowSelfApproval };
}

/**
 * Throws 403 when the role (or whose item it is) never allows the action, 409 when the item's
 * state does not now. Only approval depends on the organisation's rules.
 */
function authorize(
  actor: PolicyActor,
  action: LibraryAction,
  item: PolicyItem,
  rules: LibraryRules = { allowSelfApproval: false },
): void {
  libraryPolicyFor(rules).authorize(actor, action, item);
}

async function loadItem(db: Kysely<Database>, id: string): Promise<repo.LibraryItemRow> {
  const row = await repo.findLibraryItem(db, id);
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return row;
}

/** Locks the row and checks nobody changed it since `seen` was read. */
async function lockUnchanged(
  trx: Transaction<Database>,
  seen: { id: string; version: number; status: string; deleted_at: Date | null },
) {
  const locked = await repo.lockLibraryItem(trx, seen.id);
  if (!locked) throw new AppError("not_found", NOT_FOUND);
  if (
    locked.version !== seen.version ||
    locked.status !== seen.status ||
    (locked.deleted_at === null) !== (seen.deleted_at === null)
  ) {
    throw new AppError("conflict", "This content was changed meanwhile. Reload it and try again.");
  }
  return locked;
}

export async function getLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<LibraryItemDetail> {
  const [row, settings] = await Promise.all([loadItem(ctx.db, id), getGenerationSettings(ctx.db)]);
  return presentLibraryDetail(row, actor, settings.qualityThreshold, {
    allowSelfApproval: settings.allowSelfApproval,
  });
}

// ---- list ----

function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

function decodeCursor(cursor: string): repo.Cursor {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof key === "string" && typeof id === "string" && key.length < 100 && id.length < 200) {
      return { key, id };
    }
  } catch {
    // fall through
  }
  throw new AppError("validation_error", "Invalid page cursor.", {
    issues: [{ path: "query.cursor", message: "Invalid page cursor." }],
  });
}

export async function listLibrary(
  ctx: AppContext,
  actor: SessionUser,
  query: z.output<typeof ListLibraryQuerySchema>,
): Promise<LibraryPage> {
  const rules = await libraryRules(ctx.db);
  const { rows, total, capped } = await repo.listLibraryItems(
    ctx.db,
    {
      q: query.q || undefined,
      type: query.type,
      status: query.status,
      personaId: query.personaId,
      industryId: query.industryId,
      stage: query.stage,
      quality: query.quality,
      authorId: query.authorId,
      trash: query.view === "trash",
    },
    query.sort,
    { cursor: query.cursor ? decodeCursor(query.cursor) : undefined, limit: query.limit },
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => presentLibraryItem(r, actor, rules)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.sort_key, last.id) : null,
    total,
    totalCapped: capped,
  };
}

export async function listLibraryAuthors(ctx: AppContext): Promise<LibraryAuthor[]> {
  return repo.listAuthors(ctx.db);
}

// ---- editing and versions ----

interface Sections {
  title: string;
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
}

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
  return {
    title: row.title,
    headline: row.headline,
    introduction: row.introduction,
    body: row.body,
    conclusion: row.conclusion,
  };
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
      throw new AppError("validation_error", `${label} is required.`, {
        issues: [{ path: `body.${section}`, message: `${label} is required.` }],
      });
    }
  }
  return sections;
}

/** The quality check's request for an item's sections, with the item's brief. */
function checkRequest(row: repo.LibraryItemRow, s: Sections) {
  return {
    headline: s.headline,
    introduction: s.introduction,
    body: s.body,
    conclusion: s.conclusion,
    personaId: row.persona_id,
    industryId: row.industry_id,
    buyingStage: row.buying_stage,
    contentType: row.content_type,
    keyMetricsToInclude: row.key_metrics,
    // The same brief the generator scored against: the item's topic is part of it.
    contentTopic: row.topic.trim() || undefined,
  };
}

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
 * Why approving or publishing the item would be refused now: its stored score against the
 * threshold, and its claims checked again against the facts as they are at this moment (a
 * fact retired or expired since the last check no longer supports anything).
 */
async function blockersNow(ctx: AppContext, row: repo.LibraryItemRow): Promise<ApprovalBlocker[]> {
  const [fresh, threshold] = await Promise.all([
    // Deterministic: the claims are what matters here, and they need no model call.
    duplicateFamily(ctx, row.id).then((family) =>
      checkQuality(ctx, checkRequest(row, row), { excludeLibraryIds: family }),
    ),
    qualityThreshold(ctx.db),
  ]);
  const stored = QualityReportSchema.safeParse(row.quality_report);
  const report = stored.success ? { ...stored.data, claims: fresh.claims } : fresh;
  return approvalBlockers(row.quality_after, report, threshold);
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
    const locked = await repo.findLibraryItem(trx, id, { forUpdate: true });
    if (!locked) throw new AppError("not_found", NOT_FOUND);
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
  const row = await repo.findVersion(ctx.db, id, version);
  if (!row) throw new AppError("not_found", "Version not found.");
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
  const old = await repo.findVersion(ctx.db, id, version);
  if (!old) throw new AppError("not_found", "Version not found.");
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

// ---- lifecycle ----

const TARGET: Record<TransitionBody["action"], ContentStatus> = {
  submit: "in_review",
  approve: "approved",
  reject: "draft",
  publish: "published",
  unpublish: "draft",
};

const EVENT_OF: Record<TransitionBody["action"], string> = {
  submit: "submitted",
  approve: "approved",
  reject: "rejected",
  publish: "published",
  unpublish: "unpublished",
};

/**
 * draft → in_review (submit) → approved (approve) → published (publish), and back to draft
 * (reject, unpublish). Approval is bound to the current version and refused, with the reasons,
 * while the score is below the threshold or a claim is not supported.
 */
export async function transitionLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: TransitionBody,
): Promise<LibraryItemDetail> {
  const [row, rules] = await Promise.all([loadItem(ctx.db, id), libraryRules(ctx.db)]);
  authorize(actor, input.action, row, rules);
  if (input.version !== undefined && input.version !== row.version) {
    throw new AppError(
      "conflict",
      `This changed since you opened it: version ${row.version} is now current. Reload it and review it again.`,
      { currentVersion: row.version },
    );
  }
  if (input.action === "approve" || input.action === "publish") {
    // Publication was approved with its score; what can have changed since is the facts.
    const blockers = (await blockersNow(ctx, row)).filter(
      (b) => input.action === "approve" || b.code === "claim_not_supported",
    );
    if (blockers.length > 0) {
      const what = input.action === "approve" ? "Approval" : "Publication";
      throw new AppError(
        "conflict",
        `${what} refused: ${blockers.map(describeApprovalBlocker).join(" ")}`,
        { blockers },
      );
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockUnchanged(trx, row);
    if (input.action === "publish" && locked.approved_version !== locked.version) {
      throw new AppError("conflict", "The approval does not cover the current version.");
    }
    const now = new Date();
    const to = TARGET[input.action];
    const approval =
      input.action === "approve"
        ? { approved_version: locked.version, approved_by: actor.id, approved_at: now }
        : to === "draft"
          ? { approved_version: null, approved_by: null, approved_at: null }
          : {};
    await repo.updateLibraryItem(trx, id, {
      status: to,
      updated_at: now,
      updated_by: actor.id,
      ...approval,
    });
    await repo.insertEvent(trx, {
      id: randomUUID(),
      content_item_id: id,
      kind: EVENT_OF[input.action],
      from_status: locked.status,
      to_status: to,
      version: locked.version,
      note: input.note || null,
      actor_id: actor.id,
      created_at: now,
    });
    const audited = AUDITED_TRANSITIONS[input.action];
    if (audited) {
      await auditContent(trx, actor, audited, row, { status: { from: locked.status, to } });
    }
  });
  return getLibraryItem(ctx, actor, id);
}

/** The audit action of a lifecycle step, where the audit log records that step. */
const AUDITED_TRANSITIONS: Partial<Record<TransitionBody["action"], AuditAction>> = {
  submit: "content.submitted",
  approve: "content.approved",
  publish: "content.published",
};

function auditContent(
  trx: Transaction<Database>,
  actor: SessionUser,
  action: AuditAction,
  row: { id: string; title: string },
  changes?: Record<string, { from: unknown; to: unknown }>,
): Promise<void> {
  return recordAudit(trx, {
    actor: auditActorOf(actor),
    action,
    target: { type: "content", id: row.id, label: row.title },
    changes,
  });
}

// ---- duplicate, trash ----

/** A new draft with the same text and audience (version 1, its own history). */
export async function duplicateLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<LibraryItemDetail> {
  const row = await loadItem(ctx.db, id);
  authorize(actor, "duplicate", row);
  const copyId = randomUUID();
  const now = new Date();
  const title = `${row.title} (copy)`.slice(0, 300);
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertLibraryItem(trx, {
      id: copyId,
      title,
      content_type: row.content_type,
      persona_id: row.persona_id,
      industry_id: row.industry_id,
      buying_stage: row.buying_stage,
      topic: row.topic,
      headline: row.headline,
      introduction: row.introduction,
      body: row.body,
      conclusion: row.conclusion,
      image_prompt: row.image_prompt,
      key_metrics: JSON.stringify(row.key_metrics),
      featured_solutions: JSON.stringify(row.featured_solutions),
      primary_keyword: row.primary_keyword,
      visualization: json(row.visualization),
      repurposed: json(row.repurposed),
      quality_before: row.quality_before,
      quality_after: row.quality_after,
      quality_report: json(row.quality_report),
      provenance: JSON.stringify(row.provenance),
      created_by: actor.id,
      updated_by: actor.id,
      created_at: now,
      updated_at: now,
      duplicated_from: row.id,
    });
    await recordNewItem(trx, {
      id: copyId,
      title,
      headline: row.headline,
      introduction: row.introduction,
      body: row.body,
      conclusion: row.conclusion,
      qualityScore: row.quality_after,
      qualityReport: json(row.quality_report),
      actorId: actor.id,
      note: `Duplicated from "${row.title}"`,
      kind: "duplicated",
      at: now,
    });
  });
  return getLibraryItem(ctx, actor, copyId);
}

/**
 * Version 1 and the "created" event of a new item, in the transaction that inserts it (the
 * generation pipeline calls this when it stores a generation).
 */
export async function recordNewItem(
  trx: Kysely<Database> | Transaction<Database>,
  item: {
    id: string;
    title: string;
    headline: string;
    introduction: string;
    body: string;
    conclusion: string;
    qualityScore: number | null;
    qualityReport: string | null;
    actorId: string | null;
    note?: string;
    kind?: "created" | "duplicated";
    at?: Date;
  },
): Promise<void> {
  const at = item.at ?? new Date();
  await repo.insertContentVersion(trx, {
    content_item_id: item.id,
    version: 1,
    title: item.title,
    headline: item.headline,
    introduction: item.introduction,
    body: item.body,
    conclusion: item.conclusion,
    quality_score: item.qualityScore,
    quality_report: item.qualityReport,
    note: item.note ?? "Generated",
    created_by: item.actorId,
    created_at: at,
  });
  await repo.insertEvent(trx, {
    id: randomUUID(),
    content_item_id: item.id,
    kind: item.kind ?? "created",
    to_status: "draft",
    version: 1,
    note: item.note ?? null,
    actor_id: item.actorId,
    created_at: at,
  });
}

/** Moves an item to the Trash (purged after TRASH_RETENTION_DAYS). */
export async function trashLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<void> {
  const row = await loadItem(ctx.db, id);
  authorize(actor, "delete", row);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockUnchanged(trx, row);
    const now = new Date();
    await repo.updateLibraryItem(trx, id, { deleted_at: now, deleted_by: actor.id });
    await repo.insertEvent(trx, {
      id: randomUUID(),
      content_item_id: id,
      kind: "deleted",
      from_status: locked.status,
      to_status: locked.status,
      version: locked.version,
      actor_id: actor.id,
      created_at: now,
    });
    await auditContent(trx, actor, "content.deleted", row);
  });
}

export async function restoreLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<LibraryItemDetail> {
  const row = await loadItem(ctx.db, id);
  authorize(actor, "restore", row);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockUnchanged(trx, row);
    await repo.updateLibraryItem(trx, id, { deleted_at: null, deleted_by: null });
    await repo.insertEvent(trx, {
      id: randomUUID(),
      content_item_id: id,
      kind: "restored",
      from_status: locked.status,
      to_status: locked.status,
      version: locked.version,
      actor_id: actor.id,
    });
    await auditContent(trx, actor, "content.restored", row);
  });
  return getLibraryItem(ctx, actor, id);
}

/** Deletes an item from the Trash for good (with its versions and history). */
export async function purgeLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<void> {
  const row = await loadItem(ctx.db, id);
  authorize(actor, "purge", row);
  await ctx.db.transaction().execute(async (trx) => {
    await lockUnchanged(trx, row);
    await repo.deleteLibraryItem(trx, id);
    await auditContent(trx, actor, "content.purged", row);
  });
}

/** Purges everything that has been in the Trash for TRASH_RETENTION_DAYS as of `now`. */
export function purgeExpiredTrash(db: Kysely<Database>, now: Date): Promise<number> {
  return repo.purgeTrashBefore(db, new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS));
}

export const TRASH_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The scheduled purge: once at start, then every hour, until shutdown aborts it. Safe on
 * several instances (the delete is idempotent).
 */
export function startTrashPurger(
  ctx: Pick<AppContext, "db" | "jobs">,
  log: { info(o: object, msg: string): void; error(o: object, msg: string): void },
  options: { intervalMs?: number; now?: () => Date } = {},
): void {
  const interval = options.intervalMs ?? TRASH_PURGE_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  ctx.jobs.run(
    "library:trash-purge",
    async (signal) => {
      while (!signal.aborted) {
        try {
          const purged = await purgeExpiredTrash(ctx.db, now());
          if (purged > 0) log.info({ purged }, "library: purged expired Trash items");
        } catch (error) {
          if (signal.aborted) return;
          log.error({ err: error }, "library: Trash purge failed");
        }
        await sleep(interval, undefined, { signal }).catch(() => undefined);
      }
    },
    (error) => log.error({ err: error }, "library: Trash purger stopped"),
  );
}

// ---- export ----

export async function exportLibraryItem(
  ctx: AppContext,
  id: string,
  format: ExportFormat,
): Promise<ExportFile> {
  const row = await loadItem(ctx.db, id);
  return exportContent(
    {
      title: row.title,
      headline: row.headline,
      introduction: row.introduction,
      body: row.body,
      conclusion: row.conclusion,
      contentType: row.content_type,
      personaName: row.persona_title,
      industryName: row.industry_name,
      buyingStage: row.buying_stage,
      version: row.version,
      updatedAt: new Date(row.updated_at).toISOString(),
    },
    format,
  );
}

// ---- dashboard ----

const WEEKS = 12;
const GENERATIONS_MEASURED = 50;

/** Monday 00:00 UTC of the week holding `d`. */
function weekStart(d: Date): Date {
  const start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = (start.getUTCDay() + 6) % 7;
  return new Date(start.getTime() - day * DAY_MS);
}

export async function getDashboardSummary(
  ctx: AppContext,
  now: Date = new Date(),
): Promise<DashboardSummary> {
  const threshold = await qualityThreshold(ctx.db);
  const firstWeek = new Date(weekStart(now).getTime() - (WEEKS - 1) * 7 * DAY_MS);
  const [stats, generation, recent, coverage, weekly] = await Promise.all([
    repo.dashboardStats(ctx.db, new Date(now.getTime() - 7 * DAY_MS), threshold),
    repo.averageGenerationTime(ctx.db, GENERATIONS_MEASURED),
    repo.recentItems(ctx.db, 5),
    repo.coverageCells(ctx.db),
    repo.weeklyCounts(ctx.db, firstWeek),
  ]);
  const byWeek = new Map(weekly.map((w) => [w.week, w]));
  return {
    stats,
    qualityThreshold: threshold,
    averageGenerationMs: generation.average === null ? null : Math.round(generation.average),
    generationsMeasured: generation.count,
    recent: recent.map((r) => ({
      id: r.id,
      title: r.title,
      contentType: r.content_type,
      personaName: r.persona_title,
      industryName: r.industry_name,
      createdAt: new Date(r.created_at).toISOString(),
      qualityScore: r.quality_after,
    })),
    coverage: coverage.map((c) => ({
      personaId: c.persona_id,
      industryId: c.industry_id,
      buyingStage: c.buying_stage,
      count: c.n,
      averageQuality: c.avg,
    })),
    weekly: Array.from({ length: WEEKS }, (_, i) => {
      const key = new Date(firstWeek.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10);
      const w = byWeek.get(key);
      return { weekStart: key, count: w?.n ?? 0, averageQuality: w?.avg ?? null };
    }),
  };
}
