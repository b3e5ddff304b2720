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
  });

  it("shows statuses and stored codes in words, never as 'in_review'", () => {
    expect(changeText("status", { from: "draft", to: "in_review" })).toBe(
      "Status: Draft → In review",
    );
    expect(changeText("status", { from: "in_review", to: "approved" })).toBe(
      "Status: In review → Approved",
    );
    expect(changeText("decision", { from: null, to: "needs_review" })).toBe(
      "Decision: Needs review",
    );
    // Free text is shown as it was written.
    expect(changeText("note", { from: null, to: "fix the intro" })).toBe("Note: fix the intro");
  });
});
