import {
  CONTENT_STATUSES,
  ROLES,
  type ContentStatus,
  type LibraryAction,
  type Role,
} from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error";
import {
  capabilitiesFor,
  libraryPolicyFor,
  refusal,
  type LibraryRules,
  type PolicyItem,
} from "./library.policy";

const STRICT: LibraryRules = { allowSelfApproval: false };
const ONE_PERSON_TEAM: LibraryRules = { allowSelfApproval: true };

const AUTHOR = "u-author";
const OTHER = "u-other";

const live = (status: ContentStatus, createdBy: string | null = OTHER) => ({
  status,
  deleted_at: null,
  created_by: createdBy,
});
const trashed = (status: ContentStatus, createdBy: string | null = OTHER) => ({
  status,
  deleted_at: new Date(),
  created_by: createdBy,
});

describe("library policy", () => {
  it("lets viewers do nothing but read", () => {
    for (const status of CONTENT_STATUSES) {
      for (const item of [live(status), trashed(status)]) {
        expect(
          Object.values(capabilitiesFor({ id: OTHER, role: "viewer" }, item, STRICT)).some(Boolean),
        ).toBe(false);
      }
    }
  });

  it("answers forbidden for the role, conflict for the state", () => {
    expect(refusal({ id: AUTHOR, role: "editor" }, "approve", live("in_review"))).toBe("forbidden");
    expect(refusal({ id: AUTHOR, role: "admin" }, "approve", live("draft"))).toBe("conflict");
    expect(refusal({ id: AUTHOR, role: "admin" }, "approve", live("in_review"))).toBeNull();
  });

  it("follows the lifecycle for each role", () => {
    const can = (role: Role, status: ContentStatus, deleted = false) =>
      capabilitiesFor(
        { id: AUTHOR, role },
        deleted ? trashed(status, AUTHOR) : live(status, AUTHOR),
        STRICT,
      );
    expect(can("editor", "draft")).toMatchObject({ edit: true, submit: true, delete: true });
    expect(can("editor", "in_review")).toMatchObject({ edit: true, submit: false, approve: false });
    expect(can("admin", "approved")).toMatchObject({ publish: true, reject: true, approve: false });
    // Published is read-only until moved back to draft, for everyone.
    expect(can("editor", "published")).toMatchObject({ edit: false, delete: false });
    expect(can("admin", "published")).toMatchObject({ edit: false, unpublish: true });
    for (const role of ROLES) {
      expect(can(role, "draft", true)).toMatchObject({
        edit: false,
        duplicate: false,
        delete: false,
        submit: false,
        restore: role !== "viewer",
        purge: role === "admin",
      });
    }
  });

  describe("separation of duties", () => {
    // Each rule: who asks, the item, and the refusal (null: allowed).
    const cases: {
      rule: string;
      role: Role;
      actor: string;
      action: LibraryAction;
      item: PolicyItem;
      rules?: LibraryRules;
      expected: "forbidden" | "conflict" | null;
      message?: RegExp;
    }[] = [
      {
        rule: "the author does not approve their own item",
        role: "admin",
        actor: AUTHOR,
        action: "approve",
        item: live("in_review", AUTHOR),
        expected: "forbidden",
        message: /cannot approve content you wrote/,
      },
      {
        rule: "another admin approves it",
        role: "admin",
        actor: OTHER,
        action: "approve",
        item: live("in_review", AUTHOR),
        expected: null,
      },
      {
        rule: "a one-person team lets the author approve",
        role: "admin",
        actor: AUTHOR,
        action: "approve",
        item: live("in_review", AUTHOR),
        rules: ONE_PERSON_TEAM,
        expected: null,
      },
      {
        rule: "the setting never lets an editor approve",
        role: "editor",
        actor: AUTHOR,
        action: "approve",
        item: live("in_review", AUTHOR),
        rules: ONE_PERSON_TEAM,
        expected: "forbidden",
      },
      {
        rule: "an editor deletes their own draft",
        role: "editor",
        actor: AUTHOR,
        action: "delete",
        item: live("draft", AUTHOR),
        expected: null,
      },
      {
        rule: "an editor does not delete someone else's draft",
        role: "editor",
        actor: OTHER,
        action: "delete",
        item: live("draft", AUTHOR),
        expected: "forbidden",
        message: /only their own content/,
      },
      {
        rule: "an editor does not delete their own item once it is in review",
        role: "editor",
        actor: AUTHOR,
        action: "delete",
        item: live("in_review", AUTHOR),
        expected: "conflict",
        message: /only drafts/,
      },
      {
        rule: "an editor does not delete their own approved item",
        role: "editor",
        actor: AUTHOR,
        action: "delete",
        item: live("approved", AUTHOR),
        expected: "conflict",
      },
      {
        rule: "an admin deletes anyone's unpublished item",
        role: "admin",
        actor: OTHER,
        action: "delete",
        item: live("approved", AUTHOR),
        expected: null,
      },
      {
        rule: "a published item is moved back to draft before an admin deletes it",
        role: "admin",
        actor: AUTHOR,
        action: "delete",
        item: live("published", AUTHOR),
        expected: "conflict",
        message: /Move it back to draft first/,
      },
      {
        rule: "a published item is moved back to draft before its author deletes it",
        role: "editor",
        actor: AUTHOR,
        action: "delete",
        item: live("published", AUTHOR),
        expected: "conflict",
      },
      {
        rule: "an editor restores their own item from the Trash",
        role: "editor",
        actor: AUTHOR,
        action: "restore",
        item: trashed("draft", AUTHOR),
        expected: null,
      },
      {
        rule: "an editor does not restore someone else's item",
        role: "editor",
        actor: OTHER,
        action: "restore",
        item: trashed("draft", AUTHOR),
        expected: "forbidden",
      },
      {
        rule: "an admin restores anyone's item",
        role: "admin",
        actor: OTHER,
        action: "restore",
        item: trashed("draft", AUTHOR),
        expected: null,
      },
      {
        rule: "an item whose author is gone is nobody's own",
        role: "editor",
        actor: AUTHOR,
        action: "delete",
        item: live("draft", null),
        expected: "forbidden",
      },
    ];

    it.each(cases)("$rule", ({ role, actor, action, item, rules = STRICT, expected, message }) => {
      const who = { id: actor, role };
      expect(refusal(who, action, item, rules)).toBe(expected);
      expect(capabilitiesFor(who, item, rules)[action]).toBe(expected === null);
      const run = () => libraryPolicyFor(rules).authorize(who, action, item);
      if (expected === null) {
        expect(run).not.toThrow();
        return;
      }
      let thrown: unknown;
      try {
        run();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe(expected);
      if (message) expect((thrown as AppError).message).toMatch(message);
    });
  });
});
