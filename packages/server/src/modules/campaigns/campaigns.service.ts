import { randomUUID } from "node:crypto";
import {
  roleAtLeast,
  type CampaignBrief,
  type CampaignBriefInput,
  type CampaignBriefList,
  type FieldIssue,
  type KitSummary,
  type Role,
} from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../../app-context";
import { deleteKitExportObjects } from "./kit-export-store";
import { kitExportKeysOfBrief } from "./kit.repository";
import type { Database } from "../../db/types";
import { AppError, orNotFound } from "../../lib/app-error";
import type { SessionUser } from "../../plugins/access";
import { auditActorOf, diffFields, recordAudit } from "../audit/audit.service";
import { findUserById } from "../users/users.repository";
import { loadBriefReferences, referenceIssues } from "./brief-references";
import { briefCsv, briefCsvFileName, readBriefCsv } from "./campaigns-csv";
import { briefPolicy, briefsPolicy } from "./campaigns.policy";
import { presentBrief } from "./campaigns.presenter";
import * as repo from "./campaigns.repository";

export type CampaignsContext = Pick<AppContext, "db" | "objectStore">;

/**
 * What the caller knows of kits: the newest kit of each brief, by brief id. Briefs do not read
 * kits; the kit module passes this in when it answers a brief.
 */
export interface LatestKits {
  latestKits?: ReadonlyMap<string, KitSummary>;
}

type Db = Kysely<Database> | Transaction<Database>;

async function presentRows(
  db: Db,
  rows: repo.BriefWithOwnerRow[],
  actor: SessionUser,
  { latestKits }: LatestKits,
): Promise<CampaignBrief[]> {
  const cells = await repo.listCellRows(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    presentBrief(
      row,
      cells.filter((c) => c.brief_id === row.id),
      actor,
      latestKits?.get(row.id) ?? null,
    ),
  );
}

/** Every brief, readable by every role; each with what the caller may do to it. */
export async function listBriefs(
  ctx: CampaignsContext,
  actor: SessionUser,
  options: LatestKits = {},
): Promise<CampaignBriefList> {
  const rows = await repo.listBriefRows(ctx.db);
  return {
    briefs: await presentRows(ctx.db, rows, actor, options),
    can: briefsPolicy.capabilities(actor),
  };
}

async function loadBrief(db: Db, id: string, options: { forUpdate?: boolean } = {}) {
  const row = orNotFound(await repo.findBriefRow(db, id, options), "Brief not found.");
  return row;
}

async function answer(
  db: Db,
  id: string,
  actor: SessionUser,
  options: LatestKits = {},
): Promise<CampaignBrief> {
  const [brief] = await presentRows(db, [await loadBrief(db, id)], actor, options);
  return brief!;
}

export function getBrief(
  ctx: CampaignsContext,
  actor: SessionUser,
  id: string,
  options: LatestKits = {},
): Promise<CampaignBrief> {
  return answer(ctx.db, id, actor, options);
}

/** The brief as stored: blank offers are none; the owner is resolved by the caller. */
function columnsOf(input: CampaignBriefInput, ownerId: string) {
  const offer = (name: string | null) => (name && name.trim() ? name.trim() : null);
  return {
    name: input.name,
    objective: input.objective,
    key_message: input.keyMessage,
    fact_ids: JSON.stringify(input.factIds),
    offers: JSON.stringify({
      awareness: offer(input.offers.awareness),
      consideration: offer(input.offers.consideration),
      decision: offer(input.offers.decision),
    }),
    assets: JSON.stringify(input.assets),
    article_content_type: input.articleContentType,
    languages: JSON.stringify(input.languages),
    owner_id: ownerId,
    due_date: input.dueDate,
  };
}

const invalid = (issues: FieldIssue[]) =>
  new AppError(
    "validation_error",
    issues.length === 1 ? issues[0]!.message : `${issues.length} fields need attention.`,
    { issues },
  );

/**
 * Checks what the brief refers to (personas, industries, approved and unexpired facts, offers
 * that suit their stage) and who owns it: the actor, unless an admin names another editor or
 * admin. Throws validation_error naming each field that does not resolve.
 */
async function checkBrief(
  db: Db,
  actor: SessionUser,
  input: CampaignBriefInput,
  currentOwnerId: string | null,
): Promise<string> {
  const ownerId = input.ownerId ?? currentOwnerId ?? actor.id;
  if (ownerId !== (currentOwnerId ?? actor.id))
    briefsPolicy.authorize(actor, "assignOwner", undefined);
  const issues = referenceIssues(await loadBriefReferences(db), input);
  if (ownerId !== actor.id && ownerId !== currentOwnerId) {
    const owner = await findUserById(db, ownerId);
    if (!owner || owner.banned || !roleAtLeast((owner.role ?? "viewer") as Role, "editor")) {
      issues.push({
        path: "body.ownerId",
        message: "The owner must be an active editor or admin.",
      });
    }
  }
  if (issues.length > 0) throw invalid(issues);
  return ownerId;
}

async function insertBrief(
  trx: Transaction<Database>,
  actor: SessionUser,
  input: CampaignBriefInput,
  ownerId: string,
  how: "created" | "duplicated" | "imported",
): Promise<string> {
  const id = `brief-${randomUUID()}`;
  await repo.insertBriefRow(trx, { id, ...columnsOf(input, ownerId) });
  await repo.replaceCellRows(trx, id, input.cells);
  await recordAudit(trx, {
    actor: auditActorOf(actor),
    action: "campaign.created",
    target: { type: "campaign_brief", id, label: input.name },
    changes: how === "created" ? {} : { origin: { to: how } },
  });
  return id;
}

/** Editors and admins create a brief; it is the actor's own unless an admin names an owner. */
export async function createBrief(
  ctx: CampaignsContext,
  actor: SessionUser,
  input: CampaignBriefInput,
  how: "created" | "imported" = "created",
): Promise<CampaignBrief> {
  briefsPolicy.authorize(actor, "create", undefined);
  return ctx.db.transaction().execute(async (trx) => {
    const ownerId = await checkBrief(trx, actor, input, null);
    const id = await insertBrief(trx, actor, input, ownerId, how);
    return answer(trx, id, actor);
  });
}

/** Replaces a brief's fields and cells; the owner (their own) or an admin. */
export async function updateBrief(
  ctx: CampaignsContext,
  actor: SessionUser,
  id: string,
  input: CampaignBriefInput,
): Promise<CampaignBrief> {
  briefPolicy.authorize(actor, "edit", await loadBrief(ctx.db, id));
  return ctx.db.transaction().execute(async (trx) => {
    // Authorised again on the locked row: an owner change since the read is respected.
    const row = await loadBrief(trx, id, { forUpdate: true });
    briefPolicy.authorize(actor, "edit", row);
    const ownerId = await checkBrief(trx, actor, input, row.owner_id);
    const before = await answer(trx, id, actor);
    const columns = columnsOf(input, ownerId);
    await repo.updateBriefRow(trx, id, columns);
    await repo.replaceCellRows(trx, id, input.cells);
    const after = await answer(trx, id, actor);
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "campaign.changed",
      target: { type: "campaign_brief", id, label: input.name },
      changes: diffFields(auditedFields(before), auditedFields(after)),
    });
    return after;
  });
}

/** The fields an audit entry compares (not timestamps or capabilities). */
function auditedFields(brief: CampaignBrief): Record<string, unknown> {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    can: _can,
    latestKit: _k,
    ownerName: _n,
    ...rest
  } = brief;
  return rest;
}

export async function deleteBrief(
  ctx: CampaignsContext,
  actor: SessionUser,
  id: string,
): Promise<void> {
  briefPolicy.authorize(actor, "delete", await loadBrief(ctx.db, id));
  const exportKeys = await ctx.db.transaction().execute(async (trx) => {
    const row = await loadBrief(trx, id, { forUpdate: true });
    briefPolicy.authorize(actor, "delete", row);
    // The kits' stored exports go with the brief: their rows by cascade, their objects below.
    const keys = await kitExportKeysOfBrief(trx, id);
    await repo.deleteBriefRow(trx, id);
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "campaign.deleted",
      target: { type: "campaign_brief", id, label: row.name },
    });
    return keys;
  });
  await deleteKitExportObjects(ctx, exportKeys);
}

/** The name of a copy: "Copy of <name>", within the name's limit. */
export function copyName(name: string): string {
  return `Copy of ${name}`.slice(0, 200);
}

/**
 * Any brief the actor reads can be copied by an editor or admin: the copy ("Copy of <name>") is
 * the actor's own, with the same cells, facts, offers, assets and languages.
 */
export async function duplicateBrief(
  ctx: CampaignsContext,
  actor: SessionUser,
  id: string,
): Promise<CampaignBrief> {
  briefsPolicy.authorize(actor, "create", undefined);
  return ctx.db.transaction().execute(async (trx) => {
    const source = await answer(trx, id, actor);
    const input: CampaignBriefInput = { ...inputOf(source), name: copyName(source.name) };
    const copy = await insertBrief(trx, actor, input, actor.id, "duplicated");
    return answer(trx, copy, actor);
  });
}

/** The input fields of a stored brief. */
export function inputOf(brief: CampaignBrief): CampaignBriefInput {
  return {
    name: brief.name,
    objective: brief.objective,
    keyMessage: brief.keyMessage,
    factIds: brief.factIds,
    offers: brief.offers,
    cells: brief.cells,
    assets: brief.assets,
    articleContentType: brief.articleContentType,
    languages: brief.languages,
    dueDate: brief.dueDate,
  };
}

/** A brief as a CSV download (one row per cell); every role may export what it reads. */
export async function exportBrief(
  ctx: CampaignsContext,
  actor: SessionUser,
  id: string,
): Promise<{ fileName: string; csv: string }> {
  const brief = await answer(ctx.db, id, actor);
  return { fileName: briefCsvFileName(brief), csv: briefCsv(brief) };
}

/**
 * Creates one brief from a CSV export (the actor's own), atomically: every row is checked and
 * every problem answered as one validation_error naming its row and column; nothing is stored
 * unless the whole file is valid.
 */
export async function importBrief(
  ctx: CampaignsContext,
  actor: SessionUser,
  text: string,
): Promise<CampaignBrief> {
  briefsPolicy.authorize(actor, "create", undefined);
  const read = readBriefCsv(text, await loadBriefReferences(ctx.db));
  if (!read.ok) {
    throw new AppError(
      "validation_error",
      read.issues.length === 1
        ? `The file has a problem: ${read.issues[0]!.path}: ${read.issues[0]!.message}`
        : `The file has ${read.issues.length} problems.`,
      { issues: read.issues },
    );
  }
  return createBrief(ctx, actor, read.input, "imported");
}
