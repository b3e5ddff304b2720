import { CONTENT_STATUSES, ROLES, type ContentStatus, type Role } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { capabilitiesFor, refusal } from "./library.policy";

const live = (status: ContentStatus) => ({ status, deleted_at: null });
const trashed = (status: ContentStatus) => ({ status, deleted_at: new Date() });

describe("library policy", () => {
  it("lets viewers do nothing but read", () => {
    for (const status of CONTENT_STATUSES) {
      for (const item of [live(status), trashed(status)]) {
        expect(Object.values(capabilitiesFor({ role: "viewer" }, item)).some(Boolean)).toBe(false);
      }
    }
  });

  it("answers forbidden for the role, conflict for the state", () => {
    expect(refusal({ role: "editor" }, "approve", live("in_review"))).toBe("forbidden");
    expect(refusal({ role: "admin" }, "approve", live("draft"))).toBe("conflict");
    expect(refusal({ role: "admin" }, "approve", live("in_review"))).toBeNull();
  });

  it("follows the lifecycle for each role", () => {
    const can = (role: Role, status: ContentStatus, deleted = false) =>
      capabilitiesFor({ role }, deleted ? trashed(status) : live(status));
    expect(can("editor", "draft")).toMatchObject({ edit: true, submit: true, delete: true });
    expect(can("editor", "in_review")).toMatchObject({ edit: true, submit: false, approve: false });
    expect(can("admin", "in_review")).toMatchObject({ approve: true, reject: true });
    expect(can("admin", "approved")).toMatchObject({ publish: true, reject: true, approve: false });
    // Published is read-only until moved back to draft; only admins take it down.
    expect(can("editor", "published")).toMatchObject({ edit: false, delete: false });
    expect(can("admin", "published")).toMatchObject({ edit: false, unpublish: true, delete: true });
    for (const role of ROLES) {
      expect(can(role, "draft", true)).toMatchObject({
        edit: false,
        duplicate: false,
        delete: false,
        submit: false,
        restore: role === "admin",
        purge: role === "admin",
      });
    }
  });
});
