import { describe, expect, it } from "vitest";
import { readIntentData } from "./intent-data";

describe("readIntentData", () => {
  it("is null without intent data", () => {
    expect(readIntentData(null)).toBeNull();
    expect(readIntentData(undefined)).toBeNull();
    expect(readIntentData("nope")).toBeNull();
  });

  it("keeps at most 5 keywords and skips malformed ones", () => {
    const intent = readIntentData({
      topKeywords: [
        { keyword: "simulation", volume: 1200 },
        { keyword: "cost modelling" },
        "should costing",
        { volume: 3 },
        42,
        { keyword: "dfm", volume: 10 },
        { keyword: "plm", volume: 9 },
        { keyword: "sixth", volume: 8 },
      ],
    });
    expect(intent?.topKeywords).toEqual([
      { keyword: "simulation", volume: 1200 },
      { keyword: "cost modelling", volume: null },
      { keyword: "should costing", volume: null },
      { keyword: "dfm", volume: 10 },
      { keyword: "plm", volume: 9 },
    ]);
  });

  it("defaults each buying-stage percentage to 0", () => {
    expect(readIntentData({ buyingStages: { consideration: 42 } })?.buyingStages).toEqual({
      awareness: 0,
      consideration: 42,
      decision: 0,
    });
    expect(readIntentData({})?.buyingStages).toEqual({
      awareness: 0,
      consideration: 0,
      decision: 0,
    });
  });
});
