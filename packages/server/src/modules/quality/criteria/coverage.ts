import { boundedMemo } from "../../../lib/bounded-memo";
import type { JudgeRun } from "./criterion";
import { pastedSentences } from "../reference-items";
import { sentenceWords, SynonymMatcher } from "../semantic";
import { terms } from "../text";
import { GENERIC_STEMS } from "../vocabulary";

// Item → its distinctive terms. Items are reference data (pain points, goals, challenges), so
// the same few hundred strings come back on every check.
const distinctiveTerms = boundedMemo(5_000, (item: string): { stem: string; word: string }[] => {
  const seen = new Set<string>();
  return terms(item).filter((t) => {
    if (GENERIC_STEMS.has(t.stem) || seen.has(t.stem)) return false;
    seen.add(t.stem);
    return true;
  });
});

/** Distinctive words of an item a text must have for the item to count as addressed. */
function needed(n: number): number {
  return n <= 2 ? n : Math.max(2, Math.ceil(n * 0.34));
}

/**
 * Whether a text (as its set of stems) addresses an item (a pain point, goal, …): most of the
 * item's distinctive words appear. Items with no distinctive words count as addressed.
 */
export function coversItem(item: string, stems: ReadonlySet<string>): boolean {
  const itemTerms = distinctiveTerms(item);
  if (itemTerms.length === 0) return true;
  return itemTerms.filter((t) => stems.has(t.stem)).length >= needed(itemTerms.length);
}

/**
 * The text a fit criterion reads: the piece without the sentences that paste reference data
 * (those earn nothing), as stems and as content words for synonyms.
 */
export interface FitText {
  stems: ReadonlySet<string>;
  words: ReadonlySet<string>;
}

const fitCache = new WeakMap<JudgeRun, FitText>();

export function fitText(run: JudgeRun): FitText {
  let fit = fitCache.get(run);
  if (!fit) {
    const pasted = pastedSentences(run);
    const kept = run.doc.sentences.filter((s) => !pasted.has(s));
    fit = {
      stems: new Set(kept.flatMap((s) => s.stems)),
      words: new Set(kept.flatMap(sentenceWords)),
    };
    fitCache.set(run, fit);
  }
  return fit;
}

/**
 * Items (pain points, goals, …) the text addresses, by meaning: an item's distinctive word
 * counts when the text has its stem or a near-synonym ("scrap" for "rework" does not count;
 * "suppliers" for "vendors" does), so a paraphrase is credited and a pasted item is not.
 */
export function coverage(items: readonly string[], fit: FitText) {
  const addressed: string[] = [];
  const missing: string[] = [];
  const withTerms = items
    .map((item) => ({ item, terms: distinctiveTerms(item) }))
    .filter((i) => i.terms.length > 0);
  const open = new Set(
    withTerms.flatMap((i) => i.terms.filter((t) => !fit.stems.has(t.stem)).map((t) => t.word)),
  );
  const matcher = new SynonymMatcher(
    open,
    [...fit.words].filter((w) => !open.has(w)),
  );
  for (const { item, terms: itemTerms } of withTerms) {
    // A synonym says less than the word itself: it counts half, and at least one of the item's
    // words must be there as it is.
    let literal = 0;
    let near = 0;
    for (const t of itemTerms) {
      if (fit.stems.has(t.stem)) literal++;
      else if (matcher.anyIn(t.word, fit.words)) near++;
    }
    const met = literal > 0 && literal + near / 2 >= needed(itemTerms.length);
    (met ? addressed : missing).push(item);
  }
  return { addressed, missing };
}
