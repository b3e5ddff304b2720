import { roleAtLeast, type Role } from "@content-studio/contract";
import { AppError } from "./app-error";

/** Who asks: the role decides what is ever allowed; the id decides what is the actor's own. */
export interface PolicyActor {
  id?: string;
  role: Role;
}

/** Why an action is refused: the role never allows it (403), or the record's state does not now (409). */
export type PolicyRefusal = "forbidden" | "conflict";

export const FORBIDDEN_MESSAGE = "You do not have permission to do this.";

export interface PolicyRules<A extends string, R> {
  /** Every action, in the order capabilities are listed. */
  actions: readonly A[];
  /** The lowest role for each action (admin ≥ editor ≥ viewer, ranked by the contract). */
  minRole: Record<A, Role>;
  /** Whether the record's state (and whose it is) allows the action now; omitted: always. */
  allows?: (action: A, record: R, actor: PolicyActor) => boolean;
  /** What a 409 says for each action the state can refuse. */
  conflictMessages?: Partial<Record<A, string>>;
}

export interface Policy<A extends string, R> {
  /** Null when allowed. */
  refusal(actor: PolicyActor, action: A, record: R): PolicyRefusal | null;
  /** Throws AppError forbidden (the role) or conflict (the state) when refused. */
  authorize(actor: PolicyActor, action: A, record: R): void;
  /** The actor's capabilities for the record: one boolean per action. */
  capabilities(actor: PolicyActor, record: R): Record<A, boolean>;
}

/**
 * A feature's policy from a table of minimum roles and a state rule, so each
 * `<feature>.policy.ts` reads as a declaration. The role is checked first: a caller whose role
 * never allows an action hears 403 whatever the record's state.
 */
export function definePolicy<A extends string, R = void>(rules: PolicyRules<A, R>): Policy<A, R> {
  const refusal = (actor: PolicyActor, action: A, record: R): PolicyRefusal | null => {
    if (!roleAtLeast(actor.role, rules.minRole[action])) return "forbidden";
    if (rules.allows && !rules.allows(action, record, actor)) return "conflict";
    return null;
  };
  return {
    refusal,
    authorize(actor, action, record) {
      const why = refusal(actor, action, record);
      if (why === "forbidden") throw new AppError("forbidden", FORBIDDEN_MESSAGE);
      if (why === "conflict") {
        throw new AppError(
          "conflict",
          rules.conflictMessages?.[action] ?? "This cannot be done now.",
        );
      }
    },
    capabilities(actor, record) {
      const can = {} as Record<A, boolean>;
      for (const action of rules.actions) can[action] = refusal(actor, action, record) === null;
      return can;
    },
  };
}
