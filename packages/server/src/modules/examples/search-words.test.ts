import { describe, expect, it } from "vitest";
import { searchQueryOf, searchWordsOf } from "./search-words";

describe("search words", () => {
  it("keeps each distinct word once, lower-cased and NFKC-normalised", () => {
    expect(searchWordsOf("Tier-1 ECO, eco: ﬁle 100%")).toBe("'tier' '1' 'eco' 'file' '100'");
  });

  it("turns a query into prefix terms joined by AND, quoting every word", () => {
    expect(searchQueryOf("Toler  stack'; drop")).toBe("'toler':* & 'stack':* & 'drop':*");
  });

  it("has no query for punctuation alone", () => {
    expect(searchQueryOf("%_ !")).toBeUndefined();
  });

  it("cuts very long runs so PostgreSQL accepts them", () => {
    expect(searchWordsOf("a".repeat(5000))).toBe(`'${"a".repeat(64)}'`);
  });
});
