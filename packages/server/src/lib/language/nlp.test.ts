import { describe, expect, it } from "vitest";
import { JUDGE_FIXTURES } from "../../../test/fixtures/judge";
import { splitSentences } from "../../modules/quality/readability";
import { loadShippedExamples } from "../../modules/quality/shipped-examples";
import { mayBeNegated, tagTokens } from "./nlp";

describe("mayBeNegated, the cheap test before tagging", () => {
  it("is true wherever the tagger finds a negated token (every shipped and fixture sentence)", () => {
    const texts = [
      ...loadShippedExamples().map((e) => e.body),
      ...JUDGE_FIXTURES.map((f) =>
        [f.draft.introduction, f.draft.body, f.draft.conclusion].join("\n"),
      ),
    ];
    const sentences = texts.flatMap((t) => splitSentences(t.replace(/\n+/g, ". ")));
    let negated = 0;
    for (const sentence of sentences) {
      if (tagTokens(sentence).some((t) => t.negated)) {
        negated++;
        expect(mayBeNegated(sentence), sentence).toBe(true);
      }
    }
    // The corpus has negations to test against, and most sentences need no tagging.
    expect(negated).toBeGreaterThan(10);
    expect(sentences.filter((s) => !mayBeNegated(s)).length).toBeGreaterThan(sentences.length / 2);
  });

  it.each([
    "This does not mean you pay 8% less.",
    "It isn't 5% cheaper.",
    "Teams cannot cut 5%.",
    "Programs rarely cut cost by 5%.",
    "Suppliers fail to hold a 5% reduction.",
    "Without rework the cost fell 5%.",
  ])("catches %s", (sentence) => {
    expect(tagTokens(sentence).some((t) => t.negated)).toBe(true);
    expect(mayBeNegated(sentence)).toBe(true);
  });

  it("passes plain statements without tagging", () => {
    const sentence = "Teams cut the cost of the bracket by 5% in one quarter.";
    expect(tagTokens(sentence).some((t) => t.negated)).toBe(false);
    expect(mayBeNegated(sentence)).toBe(false);
  });
});
