import { describe, expect, it } from "vitest";
import { columnsOf, formatDuration, formatEstimate, kitAnnouncement, rowsOf } from "./kit-model";
import { buildKit, kitCounts, OPTIONS } from "../../../../test/campaigns-fixtures";

describe("kit model", () => {
  it("orders columns by asset then language, naming the language only when there are several", () => {
    const kit = buildKit();
    expect(columnsOf(kit).map((c) => c.label)).toEqual([
      "Article (English)",
      "Article (German)",
      "LinkedIn post (English)",
    ]);
    const english = buildKit({ steps: kit.steps.filter((s) => s.language === "en") });
    expect(columnsOf(english).map((c) => c.label)).toEqual(["Article", "LinkedIn post"]);
  });

  it("names cells from the reference data and falls back to ids", () => {
    expect(rowsOf(buildKit(), OPTIONS).map((r) => r.label)).toEqual([
      "CTO · Aerospace · Awareness",
      "VP Engineering · Industrial · Decision",
    ]);
    expect(rowsOf(buildKit(), { personas: [], industries: [] })[0]?.label).toBe(
      "cto · aerospace · Awareness",
    );
  });

  it("formats time so far and the estimate", () => {
    expect(formatDuration(45_000)).toBe("45 s");
    expect(formatDuration(130_000)).toBe("2 min 10 s");
    expect(formatDuration(120_000)).toBe("2 min");
    expect(formatDuration(3_900_000)).toBe("1 h 5 min");
    expect(formatEstimate(20_000)).toBe("less than a minute left");
    expect(formatEstimate(70_000)).toBe("about 1 min left");
  });

  it("announces how a kit ended", () => {
    expect(kitAnnouncement(buildKit({ counts: kitCounts({ done: 216 }) }))).toBe(
      "Kit finished: 216 done, 0 failed.",
    );
    expect(kitAnnouncement(buildKit({ status: "cancelled" }))).toBe(
      "Kit cancelled: 3 done, 1 failed, 1 skipped.",
    );
  });
});
