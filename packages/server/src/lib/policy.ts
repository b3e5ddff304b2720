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
  /**
   * The lowest role for each action (admin ≥ editor ≥ viewer, ranked by the contract), or one
   * role for every action.
   */
  minRole: Record<A, Role> | Role;
  /**
   * Whether this actor may ever do the action to this record, whatever its state (e.g. only
   * to their own): false is a 403 like the role. Omitted: always.
   */
  permits?: (action: A, record: R, actor: PolicyActor) => boolean;
  /** Whether the record's state allows the action now; omitted: always. */
  allows?: (action: A, record: R, actor: PolicyActor) => boolean;
  /** What a 403 from `permits` says for each action it can refuse (else the generic message). */
  forbiddenMessages?: Partial<Record<A, string>>;
  /** What a 409 says for each action the state can refuse (a function when it depends on the record). */
  conflictMessages?: Partial<Record<A, string | ((record: R, actor: PolicyActor) => string)>>;
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
  const minRole = (action: A): Role =>
    typeof rules.minRole === "string" ? rules.minRole : rules.minRole[action];
  const refusal = (actor: PolicyActor, action: A, record: R): PolicyRefusal | null => {
    if (!roleAtLeast(actor.role, minRole(action))) return "forbidden";
    if (rules.permits && !rules.permits(action, record, actor)) return "forbidden";
    if (rules.allows && !rules.allows(action, record, actor)) return "conflict";
    return null;
  };
  return {
    refusal,
    authorize(actor, action, record) {
      const why = refusal(actor, action, record);
      if (why === "forbidden") {
        const byRole = !roleAtLeast(actor.role, minRole(action));
        throw new AppError(
          "forbidden",
          (!byRole && rules.forbiddenMessages?.[action]) || FORBIDDEN_MESSAGE,
        );
      }
      if (why === "conflict") {
        const message = rules.conflictMessages?.[action];
        throw new AppError(
          "conflict",
          (typeof message === "function" ? message(record, actor) : message) ??
            "This cannot be done now.",
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
