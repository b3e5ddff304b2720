import type { KitFinding, KitStepStatus } from "@content-studio/contract";
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import type {
  CampaignKitStepTable,
  CampaignKitTable,
  Database,
  KitExportTable,
} from "../../db/types";
import { idTable } from "../../db/queries";

type Db = Kysely<Database>;
export type KitRow = Selectable<CampaignKitTable>;
export type KitStepRow = Selectable<CampaignKitStepTable>;

/** Step states that will not change again unless a user retries or resumes. */
export const FINISHED_STEP_STATUSES = ["done", "failed", "skipped"] as const;

/** A job attempt's hold on a step (set when it claims the step). */
interface StepClaim {
  job: string;
  attempt: number;
}

/** The step's kit is still running (a stopped kit takes no more writes). */
function kitIsRunning(eb: ExpressionBuilder<Database, "campaign_kit_step">) {
  return eb.exists(
    eb
      .selectFrom("campaign_kit")
      .select("id")
      .whereRef("campaign_kit.id", "=", "campaign_kit_step.kit_id")
      .where("campaign_kit.status", "=", "running"),
  );
}

/** The step is being written or checked by this attempt, which claimed it. */
const heldBy = (claim: StepClaim) => (eb: ExpressionBuilder<Database, "campaign_kit_step">) =>
  eb.and([
    eb("claim_job", "=", claim.job),
    eb("claim_attempt", "=", claim.attempt),
    eb("status", "in", ["writing", "checking"]),
  ]);

export async function insertKit(
  db: Db,
  kit: {
    id: string;
    briefId: string;
    briefName: string;
    brief: unknown;
    provider: string;
    notices: string[];
    startedBy: string;
  },
  steps: Omit<
    KitStepRow,
    | "attempts"
    | "claim_job"
    | "claim_attempt"
    | "content_item_id"
    | "quality_score"
    | "findings"
    | "started_at"
    | "finished_at"
  >[],
): Promise<void> {
  await db
    .insertInto("campaign_kit")
    .values({
      id: kit.id,
      brief_id: kit.briefId,
      brief_name: kit.briefName,
      brief: JSON.stringify(kit.brief),
      status: "running",
      provider: kit.provider,
      notices: JSON.stringify(kit.notices),
      started_by: kit.startedBy,
      finished_at: null,
    })
    .execute();
  // In slices: a 5-language kit of the whole grid is thousands of rows.
  for (let i = 0; i < steps.length; i += 500) {
    await db
      .insertInto("campaign_kit_step")
      .values(steps.slice(i, i + 500))
      .execute();
  }
}

export const findKit = idTable("campaign_kit").find;

/** The kit, locked for the rest of the transaction (status changes are serialised on it). */
export function lockKit(db: Db, id: string): Promise<KitRow | undefined> {
  return findKit(db, id, { forUpdate: true });
}

export function listKitSteps(db: Db, kitId: string): Promise<KitStepRow[]> {
  return db
    .selectFrom("campaign_kit_step")
    .selectAll()
    .where("kit_id", "=", kitId)
    .orderBy("sort_order")
    .execute();
}

export function listCellSteps(db: Db, kitId: string, cellKey: string): Promise<KitStepRow[]> {
  return db
    .selectFrom("campaign_kit_step")
    .selectAll()
    .where("kit_id", "=", kitId)
    .where("cell_key", "=", cellKey)
    .orderBy("sort_order")
    .execute();
}

/** The library item status of each step's item (for the matrix and bulk submit). */
export async function itemStatusesOf(
  db: Db,
  itemIds: string[],
): Promise<Map<string, { status: string; deleted: boolean; createdBy: string | null }>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("content_item")
    .select(["id", "status", "deleted_at", "created_by"])
    .where("id", "in", itemIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { status: r.status, deleted: r.deleted_at !== null, createdBy: r.created_by },
    ]),
  );
}

export async function setKitStatus(
  db: Db,
  id: string,
  status: KitRow["status"],
  finished: boolean,
): Promise<void> {
  await db
    .updateTable("campaign_kit")
    .set({ status, finished_at: finished ? new Date() : null })
    .where("id", "=", id)
    .execute();
}

/**
 * Claims a queued step for a job attempt (queued → writing). False when it is not queued any
 * more (another attempt has it, or it finished), or the kit stopped running.
 */
export async function claimStep(db: Db, stepId: string, claim: StepClaim): Promise<boolean> {
  const result = await db
    .updateTable("campaign_kit_step")
    .set((eb) => ({
      status: "writing",
      attempts: eb("attempts", "+", 1),
      claim_job: claim.job,
      claim_attempt: claim.attempt,
      reason: null,
      started_at: new Date(),
      finished_at: null,
    }))
    .where("id", "=", stepId)
    .where("status", "=", "queued")
    .where(kitIsRunning)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a step this attempt holds to another state (writing → checking, or back to queued). */
export async function moveClaimedStep(
  db: Db,
  stepId: string,
  claim: StepClaim,
  to: { status: KitStepStatus; reason?: string | null },
): Promise<boolean> {
  const finished = (FINISHED_STEP_STATUSES as readonly string[]).includes(to.status);
  const result = await db
    .updateTable("campaign_kit_step")
    .set({
      status: to.status,
      reason: to.reason ?? null,
      ...(to.status === "queued" ? { claim_job: null, claim_attempt: null } : {}),
      ...(finished ? { finished_at: new Date(), claim_job: null, claim_attempt: null } : {}),
    })
    .where("id", "=", stepId)
    .where(heldBy(claim))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a queued step finished without writing it (skipped, or failed before any call). */
export async function finishQueuedStep(
  db: Db,
  stepId: string,
  status: "skipped" | "failed",
  reason: string,
): Promise<void> {
  await db
    .updateTable("campaign_kit_step")
    .set({ status, reason, finished_at: new Date() })
    .where("id", "=", stepId)
    .where("status", "=", "queued")
    .execute();
}

/**
 * Records the written asset on the step this attempt holds (→ done), in the caller's
 * transaction with the library item. False when the step is no longer this attempt's or the
 * kit stopped running meanwhile: then the caller rolls the item back.
 */
export async function completeStep(
  db: Db,
  stepId: string,
  claim: StepClaim,
  done: { contentItemId: string; qualityScore: number | null; findings: KitFinding[] },
): Promise<boolean> {
  const result = await db
    .updateTable("campaign_kit_step")
    .set({
      status: "done",
      content_item_id: done.contentItemId,
      quality_score: done.qualityScore,
      findings: JSON.stringify(done.findings),
      reason: null,
      claim_job: null,
      claim_attempt: null,
      finished_at: new Date(),
    })
    .where("id", "=", stepId)
    .where(heldBy(claim))
    .where(kitIsRunning)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Steps another attempt was writing when it stopped: back to queued. */
export async function requeueSteps(db: Db, stepIds: string[]): Promise<void> {
  if (stepIds.length === 0) return;
  await db
    .updateTable("campaign_kit_step")
    .set({ status: "queued", claim_job: null, claim_attempt: null })
    .where("id", "in", stepIds)
    .where("status", "in", ["writing", "checking"])
    .execute();
}

/** Failed steps (all of the kit, or these) back to queued; returns their cells. */
export async function requeueFailed(db: Db, kitId: string, stepIds?: string[]): Promise<string[]> {
  let query = db
    .updateTable("campaign_kit_step")
    .set({ status: "queued", reason: null, finished_at: null })
    .where("kit_id", "=", kitId)
    .where("status", "=", "failed");
  if (stepIds) query = query.where("id", "in", stepIds);
  const rows = await query.returning("cell_key").execute();
  return [...new Set(rows.map((r) => r.cell_key))];
}

/** Cells of the kit that still have queued steps. */
export async function cellsWithQueuedSteps(db: Db, kitId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("campaign_kit_step")
    .select("cell_key")
    .distinct()
    .where("kit_id", "=", kitId)
    .where("status", "=", "queued")
    .execute();
  return rows.map((r) => r.cell_key);
}

/** Failed steps of a cell that are still queued (a job that gave up): failed with the reason. */
export async function failQueuedCellSteps(
  db: Db,
  kitId: string,
  cellKey: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable("campaign_kit_step")
    .set({ status: "failed", reason, finished_at: new Date(), claim_job: null })
    .where("kit_id", "=", kitId)
    .where("cell_key", "=", cellKey)
    .where("status", "in", ["queued", "writing", "checking"])
    .execute();
}

export async function setStepFindings(db: Db, findings: Map<string, KitFinding[]>): Promise<void> {
  for (const [stepId, list] of findings) {
    await db
      .updateTable("campaign_kit_step")
      .set({ findings: JSON.stringify(list) })
      .where("id", "=", stepId)
      .execute();
  }
}

/** Whether every step of the kit is finished. */
export async function kitUnfinishedCount(db: Db, kitId: string): Promise<number> {
  const row = await db
    .selectFrom("campaign_kit_step")
    .select(sql<number>`count(*)`.as("n"))
    .where("kit_id", "=", kitId)
    .where("status", "not in", [...FINISHED_STEP_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The latest kit of each brief (for the brief list). */
export async function latestKitsOf(db: Db, briefIds?: string[]) {
  if (briefIds?.length === 0) return [];
  let query = db
    .selectFrom("campaign_kit as k")
    .select((eb) => {
      /** How many steps the kit has (in this state, when given). */
      const stepCount = (status?: KitStepStatus) => {
        const steps = eb
          .selectFrom("campaign_kit_step as s")
          .select(sql<number>`count(*)`.as("n"))
          .whereRef("s.kit_id", "=", "k.id");
        return status ? steps.where("s.status", "=", status) : steps;
      };
      return [
        "k.id",
        "k.brief_id",
        "k.status",
        "k.created_at",
        "k.finished_at",
        stepCount().as("total"),
        stepCount("done").as("done"),
        stepCount("failed").as("failed"),
      ];
    })
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("campaign_kit as newer")
            .select("newer.id")
            .whereRef("newer.brief_id", "=", "k.brief_id")
            .whereRef("newer.created_at", ">", "k.created_at"),
        ),
      ),
    );
  if (briefIds) query = query.where("k.brief_id", "in", briefIds);
  return query.execute();
}

/** The kit step that made a library item, with its findings (approval is blocked by them). */
export function findStepOfItem(db: Db, itemId: string) {
  return db
    .selectFrom("campaign_kit_step")
    .select(["id", "kit_id", "asset", "language", "findings"])
    .where("content_item_id", "=", itemId)
    .executeTakeFirst();
}

/** The name of the campaign brief whose kit wrote the item (null: not written by a kit). */
export async function findCampaignNameOfItem(db: Db, itemId: string): Promise<string | null> {
  const row = await db
    .selectFrom("campaign_kit_step as s")
    .innerJoin("campaign_kit as k", "k.id", "s.kit_id")
    .select("k.brief_name")
    .where("s.content_item_id", "=", itemId)
    .executeTakeFirst();
  return row?.brief_name ?? null;
}

// ---- stored exports (decision 0050) ----

export type KitExportRow = Selectable<KitExportTable>;

/** Records a kit export kept in the object store. */
export async function insertKitExport(
  db: Db,
  row: Omit<KitExportRow, "created_at">,
): Promise<void> {
  await db.insertInto("kit_export").values(row).execute();
}

/** A stored export of this kit, if it is younger than `since`'s cut-off. */
export function findKitExport(
  db: Db,
  kitId: string,
  exportId: string,
  since: Date,
): Promise<KitExportRow | undefined> {
  return db
    .selectFrom("kit_export")
    .selectAll()
    .where("id", "=", exportId)
    .where("kit_id", "=", kitId)
    .where("created_at", ">=", since)
    .executeTakeFirst();
}

/** The object keys of every stored export of a brief's kits (read before the brief goes). */
export async function kitExportKeysOfBrief(db: Db, briefId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("kit_export as e")
    .innerJoin("campaign_kit as k", "k.id", "e.kit_id")
    .select("e.key")
    .where("k.brief_id", "=", briefId)
    .execute();
  return rows.map((r) => r.key);
}

/** Forgets exports made before `before`; their objects are then swept. */
export async function deleteKitExportsBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom("kit_export").where("created_at", "<", before).execute();
}

/** Of these object keys, the ones a stored export refers to. */
export async function kitExportKeysIn(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom("kit_export").select("key").where("key", "in", keys).execute();
  return new Set(rows.map((r) => r.key));
}
