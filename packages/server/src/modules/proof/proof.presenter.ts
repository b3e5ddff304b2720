import { FactStructureSchema, type Fact, type FactStructure } from "@content-studio/contract";
import type { ProofFactRow } from "../../db/types";
import { deriveFactStructure } from "../../lib/language/fact-structure";
import type { PolicyActor } from "../../lib/policy";
import { factPolicy } from "./proof.policy";

/** Today as YYYY-MM-DD (UTC): a fact is usable through its expiry date. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Approved and past its expiry date. */
export function isExpired(
  row: Pick<ProofFactRow, "status" | "expires_on">,
  today = todayIso(),
): boolean {
  return row.status === "approved" && row.expires_on !== null && row.expires_on < today;
}

/**
 * A fact's structure: as stored; for a fact with a figure stored without one (proposed before
 * facts carried structure), derived from its statement each time it is read, so it follows
 * the derivation as that improves; null for a qualitative fact.
 */
export function structureOf(
  row: Pick<
    ProofFactRow,
    "statement" | "value" | "claim_measure" | "claim_metric" | "claim_direction"
  >,
): FactStructure | null {
  if (row.value === null) return null;
  if (row.claim_measure !== null && row.claim_metric !== null && row.claim_direction !== null) {
    const stored = FactStructureSchema.safeParse({
      measure: row.claim_measure,
      metric: row.claim_metric,
      direction: row.claim_direction,
    });
    // One stored by an earlier derivation that the contract no longer accepts (a one-letter
    // measure) is derived again rather than answered as a 500.
    if (stored.success) return stored.data;
  }
  return deriveFactStructure(row.statement);
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function presentFact(
  row: ProofFactRow,
  subjectLabel: string,
  actor: PolicyActor,
  approverName: string | null,
): Fact {
  return {
    id: row.id,
    statement: row.statement,
    value: row.value,
    valueMax: row.value_max,
    unit: row.unit,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectLabel,
    source: row.source,
    owner: row.owner,
    status: row.status,
    expired: isExpired(row),
    expiresOn: row.expires_on,
    isSample: row.is_sample,
    structure: structureOf(row),
    proposedBy: row.proposed_by,
    approvedBy: approverName,
    approvedAt: row.approved_at ? iso(row.approved_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    can: factPolicy.capabilities(actor, row),
  };
}
