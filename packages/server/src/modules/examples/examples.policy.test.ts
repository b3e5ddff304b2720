import { ROLES, roleAtLeast } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { examplePolicy, examplesPolicy } from "./examples.policy";

describe("examples policy", () => {
  it("lets editors and admins change examples and ingest, and only admins the settings", () => {
    for (const role of ROLES) {
      const editor = roleAtLeast(role, "editor");
      expect(examplePolicy.capabilities({ role })).toEqual({ edit: editor, delete: editor });
      expect(examplesPolicy.capabilities({ role })).toEqual({
        create: editor,
        ingest: editor,
        archive: editor,
        editSettings: role === "admin",
      });
    }
    expect(() => examplesPolicy.authorize({ role: "viewer" }, "ingest")).toThrow(
      "You do not have permission to do this.",
    );
  });
});
