import { ROLES, type Role } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { briefPolicy, briefsPolicy } from "./campaigns.policy";

const actor = (role: Role, id = "me") => ({ id, role });
const mine = { owner_id: "me" };
const theirs = { owner_id: "someone-else" };

describe("campaigns policy", () => {
  it("lets editors and admins create briefs, and only admins assign an owner", () => {
    expect(briefsPolicy.capabilities(actor("viewer"))).toEqual({
      create: false,
      assignOwner: false,
    });
    expect(briefsPolicy.capabilities(actor("editor"))).toEqual({
      create: true,
      assignOwner: false,
    });
    expect(briefsPolicy.capabilities(actor("admin"))).toEqual({ create: true, assignOwner: true });
  });

  it("gives each role its capabilities on its own brief and on another's", () => {
    const expected: Record<Role, { mine: boolean; theirs: boolean }> = {
      viewer: { mine: false, theirs: false },
      editor: { mine: true, theirs: false },
      admin: { mine: true, theirs: true },
    };
    for (const role of ROLES) {
      const all = (v: boolean) => ({ edit: v, run: v, delete: v });
      expect(briefPolicy.capabilities(actor(role), mine), `${role} mine`).toEqual(
        all(expected[role].mine),
      );
      expect(briefPolicy.capabilities(actor(role), theirs), `${role} theirs`).toEqual(
        all(expected[role].theirs),
      );
    }
  });

  it("refuses with forbidden (never conflict): briefs have no state", () => {
    expect(briefPolicy.refusal(actor("viewer"), "edit", mine)).toBe("forbidden");
    expect(briefPolicy.refusal(actor("editor"), "delete", theirs)).toBe("forbidden");
    expect(() => briefPolicy.authorize(actor("editor"), "edit", theirs)).toThrow(
      "Only the brief's owner or an admin can edit this brief.",
    );
    // An actor without an id owns nothing.
    expect(briefPolicy.refusal({ role: "editor" }, "edit", mine)).toBe("forbidden");
  });
});
