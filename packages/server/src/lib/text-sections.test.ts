import { describe, expect, it } from "vitest";
import { textSectionsOf } from "./text-sections";

describe("textSectionsOf", () => {
  it("keeps the four text sections, in reading order, and nothing else", () => {
    const sections = { headline: "H", introduction: "I", body: "B", conclusion: "C" };
    const record = { title: "T", ...sections, notes: "N" };
    expect(textSectionsOf(record)).toEqual(sections);
    const shuffled = { conclusion: "", body: "", introduction: "", headline: "" };
    expect(Object.keys(textSectionsOf(shuffled))).toEqual(Object.keys(sections));
  });
});
