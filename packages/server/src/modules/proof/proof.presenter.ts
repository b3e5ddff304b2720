import type { Fact } from "@content-studio/contract";
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
    structure: row.value === null ? null : deriveFactStructure(row.statement),
    proposedBy: row.proposed_by,
    approvedBy: approverName,
    approvedAt: row.approved_at ? iso(row.approved_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    can: factPolicy.capabilities(actor, row),
  };
}
