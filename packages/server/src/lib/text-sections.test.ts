import { describe, expect, it } from "vitest";
import { textSectionsOf } from "./text-sections";

describe("textSectionsOf", () => {
  it("keeps the four text sections, in reading order, and nothing else", () => {
    const sections = { headline: "H", introduction: "I", body: "B", conclusion: "C" };
    const picked = textSectionsOf({ title: "T", ...sections, notes: "N" });
    expect(picked).toEqual(sections);
    expect(
      Object.keys(textSectionsOf({ conclusion: "", body: "", introduction: "", headline: "" })),
    ).toEqual(["headline", "introduction", "body", "conclusion"]);
  });
});
