import { CONTENT_STATUSES, ROLES, roleAtLeast } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { aiPolicy } from "../ai/ai.policy";
import { accountPolicy } from "../account/account.policy";
import { contentItemCapabilitiesFor } from "../library/library.policy";
import { referencePolicy } from "../reference/reference.policy";
import { settingsPolicy } from "../settings/settings.policy";
import { authorizeItemAction, contentPolicy } from "./content.policy";

describe("content policy", () => {
  it("lets editors and admins generate, and only admins change the generation settings", () => {
    for (const role of ROLES) {
      expect(contentPolicy.capabilities({ role })).toEqual({
        generate: roleAtLeast(role, "editor"),
      });
      expect(settingsPolicy.capabilities({ role }).editGenerationSettings).toBe(role === "admin");
    }
  });

  it("decides the item's result-view actions by role and lifecycle state", () => {
    for (const role of ROLES) {
      const editor = roleAtLeast(role, "editor");
      for (const status of CONTENT_STATUSES) {
        const changeable = editor && status !== "published";
        expect(
          contentItemCapabilitiesFor({ role }, { status, deleted_at: null, created_by: null }),
        ).toEqual({
          edit: changeable,
          optimize: changeable,
          visualize: changeable,
          repurpose: changeable,
          saveAsExample: editor,
        });
        // Nothing is done to an item in the Trash.
        expect(
          Object.values(
            contentItemCapabilitiesFor(
              { role },
              { status, deleted_at: new Date(), created_by: null },
            ),
          ),
        ).not.toContain(true);
      }
    }
    expect(() =>
      authorizeItemAction({ role: "editor" }, "visualize", {
        status: "published",
        deleted_at: null,
        created_by: null,
      }),
    ).toThrow(/Published content is read-only/);
    expect(() =>
      authorizeItemAction({ role: "viewer" }, "visualize", {
        status: "draft",
        deleted_at: null,
        created_by: null,
      }),
    ).toThrow("You do not have permission to do this.");
  });
});

describe("settings policies", () => {
  it("let only admins change the AI provider, banned phrases and company profile", () => {
    for (const role of ROLES) {
      const admin = role === "admin";
      expect(aiPolicy.capabilities({ role })).toEqual({ changeProvider: admin });
      expect(settingsPolicy.capabilities({ role })).toEqual({
        editGenerationSettings: admin,
        editBannedPhrases: admin,
      });
      expect(referencePolicy.capabilities({ role })).toEqual({ editCompanyProfile: admin });
    }
  });

  it("let everyone manage their own account, and only their own", () => {
    for (const role of ROLES) {
      const me = { id: "me", role };
      expect(accountPolicy.capabilities(me, { id: "me" })).toEqual({
        editPreferences: true,
        rename: true,
        changePassword: true,
      });
      expect(accountPolicy.refusal(me, "changePassword", { id: "other" })).toBe("forbidden");
    }
  });
});
