import { describe, expect, it } from "vitest";
import { countCharacters, countXCharacters } from "./x-length";

describe("countXCharacters", () => {
  it("counts plain text character by character", () => {
    expect(countXCharacters("Hello world")).toBe(11);
    expect(countXCharacters("")).toBe(0);
  });

  it("counts every link as 23 characters, short or long", () => {
    const long = `https://example.com/${"a".repeat(100)}`;
    expect(countXCharacters(`Read ${long}`)).toBe(5 + 23);
    expect(countXCharacters("Go https://x.co now")).toBe(3 + 23 + 4);
    expect(countXCharacters("www.example.com/page")).toBe(23);
  });

  it("counts several links and leaves trailing punctuation out of the link", () => {
    expect(countXCharacters("https://a.io/x and http://b.io/y.")).toBe(23 + 5 + 23 + 1);
    expect(countXCharacters("(see https://a.io/x)")).toBe(5 + 23 + 1);
  });

  it("counts an emoji as one character", () => {
    expect(countCharacters("🚀 go")).toBe(4);
    expect(countXCharacters("🚀 https://a.io")).toBe(2 + 23);
  });
});
