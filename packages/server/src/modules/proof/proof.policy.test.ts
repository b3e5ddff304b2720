import { FACT_STATUSES, ROLES, type FactStatus, type Role } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { factPolicy, factsPolicy } from "./proof.policy";

/** Who may do what with a fact, by role and status (a viewer does nothing). */
const EXPECTED: Record<Role, Record<FactStatus, Record<string, boolean>>> = {
  viewer: {
    proposed: { edit: false, approve: false, expire: false, retire: false },
    approved: { edit: false, approve: false, expire: false, retire: false },
    retired: { edit: false, approve: false, expire: false, retire: false },
  },
  editor: {
    proposed: { edit: true, approve: false, expire: false, retire: false },
    approved: { edit: false, approve: false, expire: false, retire: false },
    retired: { edit: false, approve: false, expire: false, retire: false },
  },
  admin: {
    proposed: { edit: true, approve: true, expire: false, retire: true },
    approved: { edit: true, approve: false, expire: true, retire: true },
    retired: { edit: false, approve: false, expire: false, retire: false },
  },
};

describe("proof policy", () => {
  it("lets editors and admins propose facts; viewers read", () => {
    for (const role of ROLES) {
      expect(factsPolicy.capabilities({ role }), role).toEqual({ propose: role !== "viewer" });
    }
    expect(factsPolicy.refusal({ role: "viewer" }, "propose", undefined)).toBe("forbidden");
  });

  it("gives each role its capabilities for a fact in each status", () => {
    for (const role of ROLES) {
      for (const status of FACT_STATUSES) {
        expect(factPolicy.capabilities({ role }, { status }), `${role} ${status}`).toEqual(
          EXPECTED[role][status],
        );
      }
    }
  });

  it("refuses a role that never may with forbidden, a fact's state with conflict", () => {
    expect(factPolicy.refusal({ role: "editor" }, "approve", { status: "proposed" })).toBe(
      "forbidden",
    );
    expect(factPolicy.refusal({ role: "viewer" }, "edit", { status: "proposed" })).toBe(
      "forbidden",
    );
    expect(factPolicy.refusal({ role: "editor" }, "edit", { status: "approved" })).toBe("conflict");
    expect(() => factPolicy.authorize({ role: "admin" }, "retire", { status: "retired" })).toThrow(
      "This fact is already retired.",
    );
  });
});
