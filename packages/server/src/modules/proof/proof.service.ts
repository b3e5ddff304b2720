import { randomUUID } from "node:crypto";
import type {
  WebhookEventType,
  ApprovedFact,
  DerivedFactStructure,
  Fact,
  FactChangeResult,
  FactInput,
  FactList,
  FactStructure,
  FactUsage,
  ListFactsQuery,
  QualityClaim,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { AppContext } from "../../app-context";
import { catalogueFact, SAMPLE_FACTS } from "../../db/seed/proof-facts";
import type { Database, ProofFactRow } from "../../db/types";
import { AppError, orNotFound } from "../../lib/app-error";
import { deriveFactStructure } from "../../lib/language/fact-structure";
import type { SessionUser } from "../../plugins/access";
import { listIndustryRows, loadCompanyCatalogRows } from "../reference/reference.repository";
import { claimSettingOnce } from "../settings/settings.repository";
import { factPolicy, factsPolicy, type FactAction } from "./proof.policy";
import { isExpired, presentFact, structureOf, todayIso } from "./proof.presenter";
import type { BindingFact } from "./binding-fact";
import * as repo from "./proof.repository";
import { auditActorOf, diffFields, recordAudit } from "../audit/audit.service";
import { emitWebhookEvent } from "../webhooks/webhooks.service";

export type ProofContext = Pick<AppContext, "db">;
/** Changing a fact's state may emit a webhook event, written in the change's transaction. */
type FactChangeContext = Pick<AppContext, "db" | "config" | "jobEngine">;

/** Solution and industry names by id, and the company name, to label each fact's subject. */
async function subjectLabels(db: Kysely<Database>) {
  const [catalog, industries] = await Promise.all([
    loadCompanyCatalogRows(db),
    listIndustryRows(db),
  ]);
  const solutions = new Map(catalog.solutions.map((s) => [s.id, s.name]));
  const industryNames = new Map(industries.map((i) => [i.id, i.name]));
  const company = catalog.profile?.company_name ?? "Company";
  return {
    label(row: Pick<ProofFactRow, "subject_type" | "subject_id">): string {
      if (row.subject_type === "solution")
        return solutions.get(row.subject_id ?? "") ?? row.subject_id ?? "";
      if (row.subject_type === "industry")
        return industryNames.get(row.subject_id ?? "") ?? row.subject_id ?? "";
      return company;
    },
    exists(type: FactInput["subjectType"], id: string | null): boolean {
      if (type === "solution") return id !== null && solutions.has(id);
      if (type === "industry") return id !== null && industryNames.has(id);
      return id === null;
    },
  };
}

function present(
  row: ProofFactRow,
  labels: Awaited<ReturnType<typeof subjectLabels>>,
  actor: SessionUser,
): Fact {
  return presentFact(row, labels.label(row), actor, row.approved_by);
}

export async function listFactsFor(
  ctx: ProofContext,
  actor: SessionUser,
  query: ListFactsQuery,
): Promise<FactList> {
  const [rows, labels] = await Promise.all([repo.listFacts(ctx.db, query), subjectLabels(ctx.db)]);
  return {
    facts: rows.map((r) => present(r, labels, actor)),
    can: factsPolicy.capabilities(actor),
  };
}

async function loadFact(ctx: ProofContext, id: string): Promise<ProofFactRow> {
  const row = orNotFound(await repo.findFact(ctx.db, id), "Fact not found.");
  return row;
}

/**
 * The structure a fact is stored with: none for a qualitative fact; the one given; else the one
 * derived from the statement (null when the statement states no figure to read it from).
 */
function inputStructure(input: FactInput): FactStructure | null {
  if (input.value === null) return null;
  return input.structure ?? deriveFactStructure(input.statement);
}

function columnsOf(input: FactInput) {
  const structure = inputStructure(input);
  return {
    statement: input.statement,
    value: input.value,
    value_max: input.valueMax,
    unit: input.unit,
    subject_type: input.subjectType,
    subject_id: input.subjectId,
    source: input.source,
    owner: input.owner,
    expires_on: input.expiresOn,
    is_sample: input.isSample,
    claim_measure: structure?.measure ?? null,
    claim_metric: structure?.metric ?? null,
    claim_direction: structure?.direction ?? null,
  };
}

/** The structure the Proof Library would store for a statement, for the form to pre-fill. */
export function deriveStructureFor(actor: SessionUser, statement: string): DerivedFactStructure {
  factsPolicy.authorize(actor, "propose");
  return { structure: deriveFactStructure(statement) };
}

async function checkSubject(ctx: ProofContext, input: FactInput) {
  const labels = await subjectLabels(ctx.db);
  if (!labels.exists(input.subjectType, input.subjectId)) {
    throw new AppError("validation_error", `Unknown ${input.subjectType} '${input.subjectId}'.`, {
      issues: [{ path: "body.subjectId", message: `Unknown ${input.subjectType}.` }],
    });
  }
  return labels;
}

/** Editors and admins propose a fact; it binds claims only once an admin approves it. */
export async function proposeFact(
  ctx: ProofContext,
  actor: SessionUser,
  input: FactInput,
): Promise<Fact> {
  factsPolicy.authorize(actor, "propose");
  const labels = await checkSubject(ctx, input);
  const id = `fact-${randomUUID()}`;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertFact(trx, {
      id,
      ...columnsOf(input),
      status: "proposed",
      proposed_by: actor.name,
    });
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "proof.fact_created",
      target: { type: "fact", id, label: input.statement },
    });
  });
  return present(await loadFact(ctx, id), labels, actor);
}

export async function editFact(
  ctx: FactChangeContext,
  actor: SessionUser,
  id: string,
  input: FactInput,
): Promise<Fact> {
  const row = await loadFact(ctx, id);
  factPolicy.authorize(actor, "edit", row);
  const labels = await checkSubject(ctx, input);
  const updated = await updateAudited(ctx, actor, row, "edit", columnsOf(input));
  return present(updated, labels, actor);
}

/** Every stored content item whose claims are bound to the fact. */
export async function factUsages(ctx: ProofContext, id: string): Promise<FactUsage[]> {
  const rows = await repo.findContentUsingFact(ctx.db, id);
  return rows.map((r) => ({
    contentItemId: r.id,
    title: r.title,
    createdAt: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
    claims: (Array.isArray(r.claims) ? (r.claims as Partial<QualityClaim>[]) : [])
      .filter((c) => c.factId === id && typeof c.text === "string")
      .map((c) => c.text as string),
  }));
}

export async function getFactUsages(
  ctx: ProofContext,
  actor: SessionUser,
  id: string,
): Promise<FactChangeResult> {
  const [row, labels] = await Promise.all([loadFact(ctx, id), subjectLabels(ctx.db)]);
  return { fact: present(row, labels, actor), usages: await factUsages(ctx, id) };
}

/** The webhook event of a fact change, where there is one. */
const WEBHOOK_OF: Partial<Record<FactAction, WebhookEventType>> = {
  expire: "fact.expired",
  retire: "fact.retired",
};

/**
 * Updates a fact and records the change, with the fields it changed, in one transaction. The
 * row is locked and the action authorised again on it as it is now: an approval or retirement
 * between the caller's read and this write refuses an edit that was allowed on the old state.
 */
function updateAudited(
  ctx: FactChangeContext,
  actor: SessionUser,
  seen: Awaited<ReturnType<typeof loadFact>>,
  action: FactAction,
  update: Parameters<typeof repo.updateFact>[2],
) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = orNotFound(
      await repo.findFact(trx, seen.id, { forUpdate: true }),
      "Fact not found.",
    );
    factPolicy.authorize(actor, action, row);
    const updated = orNotFound(await repo.updateFact(trx, row.id, update), "Fact not found.");
    const hook = WEBHOOK_OF[action];
    if (hook) {
      await emitWebhookEvent(ctx, trx, {
        type: hook,
        data: { factId: row.id, statement: row.statement },
        path: `/proof-library`,
      });
    }
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "proof.fact_changed",
      target: { type: "fact", id: row.id, label: row.statement },
      changes: diffFields(
        row as unknown as Record<string, unknown>,
        update as Record<string, unknown>,
      ),
    });
    return updated;
  });
}

async function change(
  ctx: FactChangeContext,
  actor: SessionUser,
  id: string,
  action: Exclude<FactAction, "edit">,
  update: Parameters<typeof repo.updateFact>[2],
): Promise<FactChangeResult> {
  const row = await loadFact(ctx, id);
  factPolicy.authorize(actor, action, row);
  const updated = await updateAudited(ctx, actor, row, action, update);
  const labels = await subjectLabels(ctx.db);
  return { fact: present(updated, labels, actor), usages: await factUsages(ctx, id) };
}

/** Admins approve a proposed fact: from now on it binds claims. */
export function approveFact(ctx: FactChangeContext, actor: SessionUser, id: string) {
  return change(ctx, actor, id, "approve", {
    status: "approved",
    approved_by: actor.name,
    approved_at: new Date(),
  });
}

/** Admins expire an approved fact now (its expiry date becomes yesterday); it stops binding. */
export function expireFact(ctx: FactChangeContext, actor: SessionUser, id: string) {
  const yesterday = todayIso(new Date(Date.now() - 86_400_000));
  return change(ctx, actor, id, "expire", { expires_on: yesterday });
}

/** Admins retire a fact: it stops binding and can no longer be edited. */
export function retireFact(ctx: FactChangeContext, actor: SessionUser, id: string) {
  return change(ctx, actor, id, "retire", { status: "retired" });
}

/** Approved facts as the judge binds claims to them (expired ones flagged). */
export async function loadBindingFacts(ctx: ProofContext): Promise<BindingFact[]> {
  const today = todayIso();
  return (await repo.listApprovedFacts(ctx.db)).map((r) => ({
    id: r.id,
    statement: r.statement,
    value: r.value,
    valueMax: r.value_max,
    unit: r.unit,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    expired: isExpired(r, today),
    expiresOn: r.expires_on,
    structure: structureOf(r),
  }));
}

/** Most facts handed to a writer as numbered sources. */
const MAX_BRIEF_FACTS = 12;

/**
 * The approved, unexpired facts relevant to a brief: about the company, the brief's industry,
 * or a featured solution (any solution when none is featured).
 */
export function factsForBrief(
  facts: readonly BindingFact[],
  brief: { industryId: string; featuredSolutions: readonly string[] },
): ApprovedFact[] {
  return facts
    .filter((f) => !f.expired)
    .filter(
      (f) =>
        f.subjectType === "company" ||
        (f.subjectType === "industry" && f.subjectId === brief.industryId) ||
        (f.subjectType === "solution" &&
          (brief.featuredSolutions.length === 0 ||
            brief.featuredSolutions.includes(f.subjectId ?? ""))),
    )
    .slice(0, MAX_BRIEF_FACTS)
    .map((f) => ({ id: f.id, statement: f.statement, value: f.value, unit: f.unit }));
}

const SEED_MARKER = "seed.proof";

/**
 * Seeds the Proof Library once per database: the company catalogue's key metrics as approved
 * facts and a few sample proof points (marked as samples). Later edits are never overwritten.
 */
export async function seedProofFacts(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimSettingOnce(trx, SEED_MARKER, { version: 1 }))) return false;
    const catalog = await loadCompanyCatalogRows(trx);
    const now = new Date();
    await repo.insertFactsIfAbsent(
      trx,
      [
        ...catalog.keyMetrics.map((m) => ({
          id: `fact-catalogue-${m.id}`,
          ...catalogueFact(m.label),
        })),
        ...SAMPLE_FACTS,
      ].map((f) => ({
        id: f.id,
        ...columnsOf(f),
        status: "approved" as const,
        proposed_by: "Content Studio",
        approved_by: "Content Studio",
        approved_at: now,
      })),
    );
    return true;
  });
}
