import { describe, expect, it } from "vitest";
import { contentWords } from "../semantic";
import { tokenize } from "../text";
import { coverage, type FitText } from "./coverage";

const fit = (text: string): FitText => ({
  stems: new Set(tokenize(text)),
  words: new Set(contentWords(text)),
});

describe("coverage of reference items, by meaning", () => {
  const pain = "DFM reviews that depend on a few senior experts and become a bottleneck";

  it("credits a paraphrase through near-synonyms (rely for depend, specialists for experts)", () => {
    const text =
      "When every manufacturability check has to rely on two senior specialists, the program waits at that bottleneck.";
    expect(coverage([pain], fit(text)).addressed).toEqual([pain]);
  });

  it("does not credit synonyms alone, nor unrelated words", () => {
    expect(
      coverage([pain], fit("Programs rely on specialists and assessments of tooling.")).addressed,
    ).toEqual([]);
    expect(
      coverage([pain], fit("The casting supplier quoted late and the tooling slipped a month."))
        .missing,
    ).toEqual([pain]);
  });
});
