import { LIBRARY_ACTIONS, ROLES, type Role } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { accountPolicy } from "../modules/account/account.policy";
import { intentUploadPolicy } from "../modules/audience/audience.policy";
import { briefPolicy } from "../modules/campaigns/campaigns.policy";
import { libraryPolicyFor } from "../modules/library/library.policy";
import { factPolicy, type FactAction, type PolicyFact } from "../modules/proof/proof.policy";
import { userPolicy } from "../modules/users/users.policy";

/**
 * The house rule for refusals, over every policy with a record: 403 (`forbidden`) when this
 * role or this person may not, whatever the record's state; 409 (`conflict`) only when the
 * record's state does not allow it now; and a state the code does not know is read as the
 * least permissive one (nothing allowed).
 */
const actor = (role: Role, id = "me") => ({ id, role });
const FACT_ACTIONS: FactAction[] = ["edit", "approve", "expire", "retire"];
/** A fact as read from the database: its status may be one this code does not know. */
const fact = (status: string) => ({ status }) as PolicyFact;

describe("the status rule", () => {
  it("answers 403 for what a person may not do to someone else's record or their own", () => {
    // Whose it is: someone else's account, upload or item; one's own role and password.
    expect(accountPolicy.refusal(actor("admin"), "rename", { id: "someone-else" })).toBe(
      "forbidden",
    );
    expect(
      intentUploadPolicy.refusal(actor("editor"), "commit", { created_by: "someone-else" }),
    ).toBe("forbidden");
    for (const action of ["changeRole", "deactivate", "resetPassword"] as const) {
      expect(userPolicy.refusal(actor("admin"), action, { id: "me" })).toBe("forbidden");
    }
    const strict = libraryPolicyFor({ allowSelfApproval: false });
    const theirs = { status: "draft", deleted_at: null, created_by: "someone-else" };
    const mine = { status: "in_review", deleted_at: null, created_by: "me" };
    expect(strict.refusal(actor("editor"), "delete", theirs)).toBe("forbidden");
    expect(strict.refusal(actor("admin"), "approve", mine)).toBe("forbidden");
    for (const action of ["edit", "run", "delete"] as const) {
      expect(briefPolicy.refusal(actor("editor"), action, { owner_id: "someone-else" })).toBe(
        "forbidden",
      );
    }
  });

  it("answers 409 only for a record's state", () => {
    const strict = libraryPolicyFor({ allowSelfApproval: false });
    const published = { status: "published", deleted_at: null, created_by: "me" };
    expect(strict.refusal(actor("editor"), "edit", published)).toBe("conflict");
    expect(strict.refusal(actor("admin"), "delete", published)).toBe("conflict");
    expect(factPolicy.refusal(actor("admin"), "approve", { status: "approved" })).toBe("conflict");
    expect(factPolicy.refusal(actor("admin"), "retire", { status: "retired" })).toBe("conflict");
  });

  it("answers 403, never 409, to a role below an action's, whatever the record's state", () => {
    const strict = libraryPolicyFor({ allowSelfApproval: true });
    for (const status of ["draft", "in_review", "approved", "published", "mystery"]) {
      for (const deleted of [null, new Date()]) {
        const item = { status, deleted_at: deleted, created_by: "me" };
        for (const action of LIBRARY_ACTIONS) {
          const byRole = strict.refusal(actor("viewer"), action, item);
          expect(byRole, `viewer ${action} ${status}`).toBe("forbidden");
        }
      }
      for (const action of FACT_ACTIONS.filter((a) => a !== "edit")) {
        expect(factPolicy.refusal(actor("editor"), action, fact(status))).toBe("forbidden");
      }
    }
  });

  it("allows nothing on a record whose state the code does not know", () => {
    for (const rules of [{ allowSelfApproval: false }, { allowSelfApproval: true }]) {
      const policy = libraryPolicyFor(rules);
      for (const role of ROLES) {
        for (const deleted of [null, new Date()]) {
          const item = { status: "archived", deleted_at: deleted, created_by: "me" };
          const allowed = LIBRARY_ACTIONS.filter(
            (a) => policy.refusal(actor(role), a, item) === null,
          );
          expect(allowed, `${role}, deleted ${String(deleted !== null)}`).toEqual([]);
        }
      }
    }
    for (const role of ROLES) {
      const allowed = FACT_ACTIONS.filter(
        (a) => factPolicy.refusal(actor(role), a, fact("superseded")) === null,
      );
      expect(allowed, role).toEqual([]);
    }
  });
});
