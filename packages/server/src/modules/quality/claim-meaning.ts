/**
 * Whether a claim says what a fact says, by meaning: the phrases that say what the fact's figure
 * is about must be covered by the claim's context, word by word, through the same stem, an
 * acronym of the words ("ECOs" for "engineering change orders") or a close word vector.
 * Specific words weigh more than common ones (rank in the embeddings' frequency list).
 */
import { wordVectors } from "../../lib/language/word-vectors";
import { STOP_WORDS, stem, tokenize } from "./text";

/** Words of a text, lower-case, hyphenated compounds kept and split both. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .flatMap((w) => (w.includes("-") ? [w, ...w.split("-")] : [w]))
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\d/.test(w));
}

/** How much a word tells: rare or unknown words (part names, processes) weigh most. */
export function specificity(word: string): number {
  const rank = wordVectors().rank(word);
  if (rank === undefined) return 2.5;
  if (rank > 20_000) return 2;
  if (rank > 4_000) return 1.5;
  return 1;
}

/** The claim's words, ready for coverage tests. */
export interface ClaimContext {
  words: string[];
  stems: Set<string>;
  /** Acronyms in the context, lower-case, plural s dropped ("ecos" → "eco"). */
  acronyms: Set<string>;
}

export function claimContext(text: string): ClaimContext {
  const raw = text.split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);
  return {
    words: wordsOf(text),
    stems: new Set(tokenize(text)),
    acronyms: new Set(
      raw.filter((w) => /^[A-Z]{2,6}s?$/.test(w)).map((w) => w.replace(/s$/, "").toLowerCase()),
    ),
  };
}

/** Share of the phrase's weight that the context covers (0–1). */
export function phraseCoverage(
  phrase: string,
  context: ClaimContext,
  options: { synonyms?: boolean } = {},
): number {
  // Compounds count through their parts.
  const words = wordsOf(phrase).filter((w) => !w.includes("-"));
  if (words.length === 0) return 1;
  const initials = words.map((w) => w[0]).join("");
  // An acronym of consecutive words of the phrase covers them all.
  for (const acronym of context.acronyms) {
    if (acronym.length >= 2 && initials.includes(acronym)) return 1;
  }
  const vectors = wordVectors();
  let total = 0;
  let covered = 0;
  for (const w of words) {
    const weight = specificity(w);
    total += weight;
    if (context.stems.has(stem(w)) || context.words.includes(w)) {
      covered += weight;
      continue;
    }
    if (options.synonyms === false) continue;
    let best = 0;
    for (const c of context.words) best = Math.max(best, vectors.similarity(w, c));
    if (best >= 0.72) covered += weight;
  }
  return total === 0 ? 1 : covered / total;
}

/** A text normalised for quoting tests: lower case, dashes and spacing folded. */
export function quotable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[–—]/g, "-")
    .replace(/[^\p{L}\p{N}%.-]+/gu, " ")
    .replace(/\.(\s|$)/g, " ")
    .trim();
}
