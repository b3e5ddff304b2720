import { roleAtLeast, type Role } from "@content-studio/contract";
import type { ProofFactRow } from "../../db/types";

/** What an actor may do with the Proof Library and one fact. */
export interface FactCapabilities {
  edit: boolean;
  approve: boolean;
  expire: boolean;
  retire: boolean;
}

/** Editors and admins propose facts; viewers read. */
export function canProposeFacts(role: Role): boolean {
  return roleAtLeast(role, "editor");
}

/**
 * Editors edit facts that are still proposed; admins edit any fact that is not retired and
 * approve, expire and retire facts. A retired fact is history: nobody changes it.
 */
export function factCapabilities(role: Role, fact: Pick<ProofFactRow, "status">): FactCapabilities {
  const admin = roleAtLeast(role, "admin");
  const live = fact.status !== "retired";
  return {
    edit: live && (admin || (roleAtLeast(role, "editor") && fact.status === "proposed")),
    approve: admin && fact.status === "proposed",
    expire: admin && fact.status === "approved",
    retire: admin && live,
  };
}
