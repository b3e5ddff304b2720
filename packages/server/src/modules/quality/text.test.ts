import { describe, expect, it } from "vitest";
import { stemPostings } from "./text";

describe("stemPostings", () => {
  it("lists, for each stem, the entries that hold it in ascending order", () => {
    const postings = stemPostings([
      { stems: ["cost", "part"] },
      { stems: new Set(["part"]) },
      { stems: [] },
      { stems: ["cost", "quot"] },
    ]);
    expect(Object.fromEntries(postings)).toEqual({ cost: [0, 3], part: [0, 1], quot: [3] });
  });
});
