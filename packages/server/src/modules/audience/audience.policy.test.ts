import { ROLES } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { audiencePolicy, intentUploadPolicy } from "./audience.policy";

describe("audience policy", () => {
  it("lets editors and admins import intent data; viewers read it", () => {
    for (const role of ROLES) {
      expect(audiencePolicy.capabilities({ id: "me", role }), role).toEqual({
        import: role !== "viewer",
      });
    }
  });

  it("lets the uploader or an admin confirm an upload", () => {
    const mine = { created_by: "me" };
    const theirs = { created_by: "someone-else" };
    expect(intentUploadPolicy.refusal({ id: "me", role: "editor" }, "commit", mine)).toBeNull();
    expect(intentUploadPolicy.refusal({ id: "me", role: "admin" }, "commit", theirs)).toBeNull();
    expect(intentUploadPolicy.refusal({ id: "me", role: "editor" }, "commit", theirs)).toBe(
      "forbidden",
    );
    expect(intentUploadPolicy.refusal({ id: "me", role: "viewer" }, "commit", mine)).toBe(
      "forbidden",
    );
    expect(() =>
      intentUploadPolicy.authorize({ id: "me", role: "editor" }, "commit", { created_by: null }),
    ).toThrow("Only the person who uploaded this file can confirm it.");
  });
});
