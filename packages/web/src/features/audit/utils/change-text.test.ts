import { describe, expect, it } from "vitest";
import { changeText, fieldLabel } from "./change-text";

describe("audit change text", () => {
  it("names fields in words, not as stored", () => {
    expect(fieldLabel("approvedVersion")).toBe("Approved version");
    expect(fieldLabel("claim_measure")).toBe("Claim measure");
    expect(fieldLabel("status")).toBe("Status");
  });

  it("shows times in the reader's time zone, not as ISO strings", () => {
    const text = changeText("approvedAt", { from: null, to: "2026-11-27T12:04:45.265Z" });
    expect(text).toMatch(/^Approved at: Nov 27, 2026, \d{1,2}:\d{2} (AM|PM)$/);
    expect(text).not.toContain("T12:04");
    expect(changeText("status", { from: "draft", to: "in_review" })).toBe(
      "Status: draft → in_review",
    );
  });
});
