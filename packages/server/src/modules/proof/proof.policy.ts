import { FACT_STATUSES, roleAtLeast, type Role } from "@content-studio/contract";
import type { ProofFactRow } from "../../db/types";
import { definePolicy } from "../../lib/policy";

export type FactsAction = "propose";
export type FactAction = "edit" | "approve" | "expire" | "retire";

/** What the policy needs to know about a fact. */
export type PolicyFact = Pick<ProofFactRow, "status">;

/** The Proof Library as a whole: editors and admins propose facts; viewers read. */
export const factsPolicy = definePolicy<FactsAction>({
  actions: ["propose"],
  minRole: { propose: "editor" } satisfies Record<FactsAction, Role>,
});

/**
 * One fact: editors edit facts that are still proposed; admins edit any fact that is not
 * retired, approve proposed facts, expire approved ones and retire any fact that is not
 * retired yet. A retired fact is history: nobody changes it.
 */
export const factPolicy = definePolicy<FactAction, PolicyFact>({
  actions: ["edit", "approve", "expire", "retire"],
  minRole: {
    edit: "editor",
    approve: "admin",
    expire: "admin",
    retire: "admin",
  } satisfies Record<FactAction, Role>,
  allows: (action, fact, actor) => {
    // A status this code does not know allows nothing: the least permissive reading.
    if (!(FACT_STATUSES as readonly string[]).includes(fact.status)) return false;
    switch (action) {
      case "edit":
        return (
          fact.status !== "retired" &&
          (fact.status === "proposed" || roleAtLeast(actor.role, "admin"))
        );
      case "approve":
        return fact.status === "proposed";
      case "expire":
        return fact.status === "approved";
      case "retire":
        return fact.status !== "retired";
    }
  },
  conflictMessages: {
    edit: "This fact cannot be edited now: editors edit proposed facts, admins any fact that is not retired.",
    approve: "Only proposed facts can be approved.",
    expire: "Only approved facts can be expired.",
    retire: "This fact is already retired.",
  },
});
