import { boundedMemo } from "../../lib/bounded-memo";
import { normaliseForMatch, phrasePattern } from "./text";

/**
 * Finds a list of phrases in one pass (one alternation, longest phrase first, so "download the
 * report" wins over "download" at the same place). Matches whole words, case-insensitively, on
 * text prepared with `normaliseForMatch`.
 */
export class PhraseMatcher {
  private readonly phrases: string[];
  private readonly regex: RegExp | undefined;

  constructor(phrases: readonly string[]) {
    const seen = new Set<string>();
    this.phrases = [];
    for (const p of phrases) {
      const key = normaliseForMatch(p.trim());
      if (key.length < 2 || seen.has(key)) continue;
      seen.add(key);
      this.phrases.push(p.trim());
    }
    this.phrases.sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
    this.regex =
      this.phrases.length > 0
        ? new RegExp(this.phrases.map((p) => `(${phrasePattern(p)})`).join("|"), "g")
        : undefined;
  }

  /** Occurrences of each phrase found, in first-occurrence order. */
  count(normalisedText: string): Map<string, number> {
    const counts = new Map<string, number>();
    if (!this.regex) return counts;
    for (const m of normalisedText.matchAll(this.regex)) {
      for (let i = 1; i < m.length; i++) {
        if (m[i] === undefined) continue;
        const phrase = this.phrases[i - 1]!;
        counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
        break;
      }
    }
    return counts;
  }

  /** The distinct phrases found, in first-occurrence order. */
  find(normalisedText: string): string[] {
    return [...this.count(normalisedText).keys()];
  }
}

/** A matcher for a phrase list, reused across calls (admins rarely change the list). */
export const matcherFor: (phrases: readonly string[]) => PhraseMatcher = boundedMemo(
  32,
  (phrases) => new PhraseMatcher(phrases),
  (phrases) => phrases.join("\u0000"),
);
