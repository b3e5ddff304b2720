import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo";

describe("boundedMemo", () => {
  it("computes once per key and answers repeats from the cache", () => {
    const seen: string[] = [];
    const upper = boundedMemo(10, (word: string) => {
      seen.push(word);
      return word.toUpperCase();
    });
    expect([upper("a"), upper("b"), upper("a")]).toEqual(["A", "B", "A"]);
    expect(seen).toEqual(["a", "b"]);
  });

  it("forgets everything once it holds `limit` keys", () => {
    const seen: string[] = [];
    const same = boundedMemo(2, (word: string) => {
      seen.push(word);
      return word;
    });
    same("a");
    same("b");
    same("c"); // full: cleared, then "c" is held
    same("c");
    same("a");
    expect(seen).toEqual(["a", "b", "c", "a"]);
  });

  it("keys by keyOf when given, computing from the argument", () => {
    const made: string[][] = [];
    const joined = boundedMemo(
      10,
      (list: readonly string[]) => {
        made.push([...list]);
        return list.length;
      },
      (list) => list.join("|"),
    );
    expect(joined(["x", "y"])).toBe(2);
    expect(joined(["x", "y"])).toBe(2);
    expect(made).toEqual([["x", "y"]]);
  });
});
