import { describe, expect, it } from "vitest";
import { describeLibraryCount } from "./library-list";
import { QUALITY_BAND_LABELS } from "./quality-bands";

describe("describeLibraryCount", () => {
  it("shows the server's count, with a + when it stopped at the cap", () => {
    const page = { totalCapped: false, nextCursor: null };
    expect(describeLibraryCount({ ...page, total: 1 }, 1)).toBe("1 item");
    expect(describeLibraryCount({ ...page, total: 0 }, 0)).toBe("0 items");
    expect(describeLibraryCount({ ...page, total: 1234 }, 20)).toBe("1,234 items");
    expect(describeLibraryCount({ total: 1000, totalCapped: true, nextCursor: "next" }, 20)).toBe(
      "1,000+ items",
    );
  });

  it("without a count, says what the pages so far show", () => {
    expect(describeLibraryCount({ total: null, totalCapped: false, nextCursor: "n" }, 40)).toBe(
      "More than 40 items",
    );
    expect(describeLibraryCount({ total: null, totalCapped: false, nextCursor: null }, 1041)).toBe(
      "1,041 items",
    );
    expect(describeLibraryCount({ total: null, totalCapped: false, nextCursor: null }, 1)).toBe(
      "1 item",
    );
  });
});

describe("QUALITY_BAND_LABELS", () => {
  it("names the dashboard bands' bounds in whole percent", () => {
    expect(QUALITY_BAND_LABELS).toEqual({
      high: "High (80% and above)",
      medium: "Medium (60–79%)",
      low: "Low (below 60%)",
      unscored: "Not scored",
    });
  });
});
