import { ROLES } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { userCapabilitiesFor, userPolicy, usersPolicy } from "./users.policy";

describe("users policy", () => {
  const other = { id: "someone-else" };
  it("lets only admins create and manage accounts", () => {
    for (const role of ROLES) {
      const admin = role === "admin";
      expect(usersPolicy.capabilities({ id: "me", role })).toEqual({ create: admin });
      expect(userPolicy.capabilities({ id: "me", role }, other)).toEqual({
        changeRole: admin,
        deactivate: admin,
        rename: admin,
        resetPassword: admin,
      });
      if (!admin)
        expect(userPolicy.refusal({ id: "me", role }, "changeRole", other)).toBe("forbidden");
    }
  });

  it("refuses an admin's own role change, deactivation and password reset with forbidden", () => {
    const me = { id: "me", role: "admin" as const };
    expect(userPolicy.refusal(me, "changeRole", { id: "me" })).toBe("forbidden");
    expect(userPolicy.refusal(me, "deactivate", { id: "me" })).toBe("forbidden");
    expect(userPolicy.refusal(me, "resetPassword", { id: "me" })).toBe("forbidden");
    expect(userPolicy.refusal(me, "rename", { id: "me" })).toBeNull();
    expect(userCapabilitiesFor(me, { id: "me" })).toEqual({
      changeRole: false,
      deactivate: false,
      resetPassword: false,
    });
    expect(() => userPolicy.authorize(me, "changeRole", { id: "me" })).toThrow(
      "You cannot change your own role.",
    );
    expect(() => userPolicy.authorize(me, "resetPassword", { id: "me" })).toThrow(
      "You cannot reset your own password here. Use Change password under Your account.",
    );
  });
});
