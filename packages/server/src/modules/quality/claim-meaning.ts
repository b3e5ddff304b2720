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
  /** Each word's rank in the word vectors (-1 when unknown), for synonym tests. */
  ranks: number[];
  stems: Set<string>;
  /** Acronyms in the context, lower-case, plural s dropped ("ecos" → "eco"). */
  acronyms: Set<string>;
}

export function claimContext(text: string): ClaimContext {
  const raw = text.split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);
  const words = wordsOf(text);
  const vectors = wordVectors();
  return {
    words,
    ranks: words.map((w) => vectors.rank(w) ?? -1),
    stems: new Set(tokenize(text)),
    acronyms: new Set(
      raw.filter((w) => /^[A-Z]{2,6}s?$/.test(w)).map((w) => w.replace(/s$/, "").toLowerCase()),
    ),
  };
}

/** A phrase analysed once for coverage tests (see {@link preparePhrase}). */
export interface PreparedPhrase {
  words: { word: string; stem: string; weight: number; rank: number }[];
  /** The words' first letters, for acronym tests. */
  initials: string;
}

export function preparePhrase(phrase: string): PreparedPhrase {
  const vectors = wordVectors();
  // Compounds count through their parts.
  const words = wordsOf(phrase)
    .filter((w) => !w.includes("-"))
    .map((word) => ({
      word,
      stem: stem(word),
      weight: specificity(word),
      rank: vectors.rank(word) ?? -1,
    }));
  return { words, initials: words.map((w) => w.word[0]).join("") };
}

/** Whether one of the context's acronyms stands for consecutive words of the phrase. */
export function acronymCovers(phrase: PreparedPhrase, context: ClaimContext): boolean {
  for (const acronym of context.acronyms) {
    if (acronym.length >= 2 && phrase.initials.includes(acronym)) return true;
  }
  return false;
}

/** Share of the phrase's weight that the context covers (0–1). */
export function phraseCoverage(
  phrase: string | PreparedPhrase,
  context: ClaimContext,
  options: { synonyms?: boolean } = {},
): number {
  const prepared = typeof phrase === "string" ? preparePhrase(phrase) : phrase;
  if (prepared.words.length === 0) return 1;
  // An acronym of consecutive words of the phrase covers them all.
  if (acronymCovers(prepared, context)) return 1;
  const vectors = wordVectors();
  let total = 0;
  let covered = 0;
  for (const w of prepared.words) {
    total += w.weight;
    if (context.stems.has(w.stem) || context.words.includes(w.word)) {
      covered += w.weight;
      continue;
    }
    if (options.synonyms === false || w.rank < 0) continue;
    for (const r of context.ranks) {
      if (r >= 0 && vectors.similarityOfRanks(w.rank, r) >= SYNONYM) {
        covered += w.weight;
        break;
      }
    }
  }
  return total === 0 ? 1 : covered / total;
}

/** Word-vector similarity at which a context word covers a phrase's word. */
const SYNONYM = 0.72;

/** A text normalised for quoting tests: lower case, dashes and spacing folded. */
export function quotable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[–—]/g, "-")
    .replace(/[^\p{L}\p{N}%.-]+/gu, " ")
    .replace(/\.(\s|$)/g, " ")
    .trim();
}
