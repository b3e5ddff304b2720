import { randomUUID } from "node:crypto";
import {
  GLOSSARY_LIMITS,
  glossaryKeyOf,
  type GlossaryImportResult,
  type GlossaryList,
  type GlossaryTerm,
  type GlossaryTermInput,
  type KitLanguage,
  type TermStatus,
  type AuditAction,
} from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database, GlossaryTermRow } from "../../db/types";
import { AppError, orNotFound } from "../../lib/app-error";
import type { SessionUser } from "../../plugins/access";
import { auditBy, diffFields, recordAudit } from "../audit/audit.service";
import { glossaryToCsv, parseGlossaryCsv } from "./glossary-csv";
import { glossaryPolicy } from "./glossary.policy";
import { presentGlossaryTerm } from "./glossary.presenter";
import * as repo from "./glossary.repository";

export type GlossaryContext = Pick<AppContext, "db">;

const DUPLICATE_MESSAGE = "This concept already has this term in this language.";

/** A unique-index violation from PostgreSQL or PGlite (the same SQLSTATE). */
const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

export async function listGlossaryFor(
  ctx: GlossaryContext,
  actor: SessionUser,
  filter: { locale?: KitLanguage; status?: TermStatus },
): Promise<GlossaryList> {
  const rows = await repo.listGlossaryTerms(ctx.db, filter);
  return { terms: rows.map(presentGlossaryTerm), can: glossaryPolicy.capabilities(actor) };
}

/** The terms the language check and the writers use for one language (all of them: DNT terms cross languages). */
export async function loadGlossaryTerms(db: Kysely<Database>): Promise<GlossaryTerm[]> {
  return (await repo.listGlossaryTerms(db)).map(presentGlossaryTerm);
}

const columnsOf = (input: GlossaryTermInput) => ({
  concept: input.concept,
  locale: input.locale,
  term: input.term,
  status: input.status,
  case_sensitive: input.caseSensitive,
  note: input.note || null,
});

const labelOf = (row: Pick<GlossaryTermRow, "term" | "locale">) => `${row.term} (${row.locale})`;

/** An audit entry about one term. */
const termAudit = (
  actor: SessionUser,
  action: AuditAction,
  id: string,
  row: Pick<GlossaryTermRow, "term" | "locale">,
) => auditBy(actor, action, { type: "glossary_term", id, label: labelOf(row) });

/**
 * Runs one term's write by `actor` (who must be allowed to manage the glossary) in a
 * transaction; a twin saved meanwhile (unique index) is a conflict.
 */
async function writeTerm(
  ctx: GlossaryContext,
  actor: SessionUser,
  work: (trx: Transaction<Database>) => Promise<GlossaryTerm>,
): Promise<GlossaryTerm> {
  glossaryPolicy.authorize(actor, "manage");
  try {
    return await ctx.db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", DUPLICATE_MESSAGE);
    throw error;
  }
}

async function assertRoomFor(trx: Transaction<Database>, added: number) {
  if ((await repo.countGlossaryTerms(trx)) + added > GLOSSARY_LIMITS.maxTerms) {
    throw new AppError("conflict", `The glossary holds at most ${GLOSSARY_LIMITS.maxTerms} terms.`);
  }
}

export async function createGlossaryTerm(
  ctx: GlossaryContext,
  actor: SessionUser,
  input: GlossaryTermInput,
): Promise<GlossaryTerm> {
  return writeTerm(ctx, actor, async (trx) => {
    await repo.lockGlossary(trx);
    await assertRoomFor(trx, 1);
    if (await repo.findGlossaryTermByKey(trx, input))
      throw new AppError("conflict", DUPLICATE_MESSAGE);
    const row = await repo.insertGlossaryTerm(trx, {
      id: randomUUID(),
      ...columnsOf(input),
      updated_by: actor.id,
    });
    await recordAudit(trx, {
      ...termAudit(actor, "glossary.term_created", row.id, row),
      changes: diffFields({}, { concept: row.concept, status: row.status }),
    });
    return presentGlossaryTerm(row);
  });
}

export async function updateGlossaryTermFor(
  ctx: GlossaryContext,
  actor: SessionUser,
  id: string,
  input: GlossaryTermInput,
): Promise<GlossaryTerm> {
  return writeTerm(ctx, actor, async (trx) => {
    const before = orNotFound(
      await repo.findGlossaryTerm(trx, id, { forUpdate: true }),
      "Term not found.",
    );
    const clash = await repo.findGlossaryTermByKey(trx, input);
    if (clash && clash.id !== id) throw new AppError("conflict", DUPLICATE_MESSAGE);
    const columns = columnsOf(input);
    const row = orNotFound(
      await repo.updateGlossaryTerm(trx, id, { ...columns, updated_by: actor.id }),
      "Term not found.",
    );
    await recordAudit(trx, {
      ...termAudit(actor, "glossary.term_changed", id, row),
      changes: diffFields(before, columns),
    });
    return presentGlossaryTerm(row);
  });
}

export async function deleteGlossaryTermFor(
  ctx: GlossaryContext,
  actor: SessionUser,
  id: string,
): Promise<void> {
  glossaryPolicy.authorize(actor, "manage");
  await ctx.db.transaction().execute(async (trx) => {
    const row = orNotFound(
      await repo.findGlossaryTerm(trx, id, { forUpdate: true }),
      "Term not found.",
    );
    await repo.deleteGlossaryTerm(trx, id);
    await recordAudit(trx, termAudit(actor, "glossary.term_deleted", id, row));
  });
}

/** The whole glossary as a CSV file (every role may export what it may read). */
export async function exportGlossaryCsv(ctx: GlossaryContext): Promise<string> {
  return glossaryToCsv(await loadGlossaryTerms(ctx.db));
}

/**
 * Imports a CSV: every row is checked first and any error refuses the whole file (400 with
 * each row's line and reason, nothing written). Otherwise, in one transaction, a row whose
 * concept, language and term (case-insensitively) exist updates that term; any other row adds
 * one. Terms not in the file are kept.
 */
export async function importGlossaryCsv(
  ctx: GlossaryContext,
  actor: SessionUser,
  csv: string,
): Promise<GlossaryImportResult> {
  glossaryPolicy.authorize(actor, "manage");
  const parsed = parseGlossaryCsv(csv);
  if (!parsed.ok) {
    const n = parsed.errors.length;
    throw new AppError(
      "validation_error",
      `${n} ${n === 1 ? "row has an error" : "rows have errors"}; nothing was imported.`,
      { rows: parsed.errors },
    );
  }
  if (parsed.terms.length === 0) {
    throw new AppError("validation_error", "The file has no terms; nothing was imported.", {
      rows: [],
    });
  }
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockGlossary(trx);
    const existing = new Map(
      (await repo.listGlossaryTerms(trx)).map((row) => [glossaryKeyOf(row), row]),
    );
    const added = parsed.terms.filter((t) => !existing.has(glossaryKeyOf(t))).length;
    await assertRoomFor(trx, added);
    let updated = 0;
    for (const input of parsed.terms) {
      const row = existing.get(glossaryKeyOf(input));
      if (row) {
        await repo.updateGlossaryTerm(trx, row.id, { ...columnsOf(input), updated_by: actor.id });
        updated++;
      } else {
        await repo.insertGlossaryTerm(trx, {
          id: randomUUID(),
          ...columnsOf(input),
          updated_by: actor.id,
        });
      }
    }
    await recordAudit(trx, {
      ...auditBy(actor, "glossary.imported", { type: "glossary" }),
      changes: { created: { to: added }, updated: { to: updated } },
    });
    return { created: added, updated };
  });
}
