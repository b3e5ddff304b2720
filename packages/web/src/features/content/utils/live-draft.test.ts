import { describe, expect, it } from "vitest";
import { readableDraft } from "./live-draft";

describe("readableDraft", () => {
  it("shows plain streamed text as it is", () => {
    expect(readableDraft("Simulation pays off")).toBe("Simulation pays off");
  });

  it("turns streamed JSON into readable sections as far as it has arrived", () => {
    expect(readableDraft('{"hea')).toBe("");
    expect(readableDraft('{"headline":"Late ECOs \\"cost\\" more')).toBe('Late ECOs "cost" more');
    const partial =
      '{"headline":"Late ECOs","introduction":"Line one.\\nLine two.","body":"<h2>Why</h2><p>Costs &amp; delays</p><ul><li>One</li></ul><p>Cut of';
    expect(readableDraft(partial)).toBe(
      "Late ECOs\n\nLine one.\nLine two.\n\nWhy\nCosts & delays\n• One\nCut of",
    );
  });

  it("drops a tag or an escape cut off at the end of a chunk", () => {
    expect(readableDraft('{"headline":"A","body":"<p>Text</p><h')).toBe("A\n\nText");
    expect(readableDraft('{"headline":"Caf\\u00e9 \\u00')).toBe("Café");
    expect(readableDraft('{"headline":"End\\')).toBe("End");
  });

  it("includes the conclusion but not the image prompt", () => {
    expect(
      readableDraft(
        '{"headline":"H","introduction":"I","body":"<p>B</p>","conclusion":"C","imagePrompt":"P"}',
      ),
    ).toBe("H\n\nI\n\nB\n\nC");
  });
});
