import { describe, expect, it } from "vitest";
import { bannedPhrasesProblem, parseBannedPhrases } from "./banned-phrases";

describe("parseBannedPhrases", () => {
  it("reads one phrase per line, trimmed, without blanks or repeats (case ignored)", () => {
    expect(parseBannedPhrases("  synergy \n\nGame  changer\nSYNERGY\r\nbest-in-class\n")).toEqual([
      "synergy",
      "Game changer",
      "best-in-class",
    ]);
  });
});

describe("bannedPhrasesProblem", () => {
  it("accepts the contract's limits and names a phrase outside them", () => {
    expect(bannedPhrasesProblem(["synergy", "ab"])).toBeNull();
    expect(bannedPhrasesProblem(["synergy", "x"])).toBe(
      "Each phrase needs 2 to 80 characters; “x” does not fit.",
    );
    expect(bannedPhrasesProblem(["y".repeat(81)])).toMatch(/2 to 80 characters/);
    expect(bannedPhrasesProblem(Array.from({ length: 501 }, (_, i) => `phrase ${i}`))).toBe(
      "At most 500 phrases can be banned.",
    );
  });
});
