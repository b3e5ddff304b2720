/**
 * Reference data pasted as sentences: a sentence that holds most of a persona's or industry's
 * item (a pain point, goal, driver) nearly word for word. The integrity gate reports such
 * sentences, and the fit criteria give them no credit.
 */
import type { JudgeRun } from "./criteria/criterion";
import type { Sentence } from "./document";
import { stemPostings, tokenize } from "./text";
import { industryTexts, personaTexts } from "./vocabulary";

interface ReferenceItems {
  items: { text: string; stems: string[] }[];
  /** For each stem, the items that use it. */
  byStem: Map<string, number[]>;
}

// Reference-data items analysed once per set of personas and industries (the arrays are made
// afresh whenever the reference data changes, so this derived data cannot go stale).
const referenceItemsCache = new WeakMap<object, WeakMap<object, ReferenceItems>>();

function referenceItems(run: JudgeRun): ReferenceItems {
  const { personas, industries } = run.reference;
  let byIndustries = referenceItemsCache.get(personas);
  if (!byIndustries) referenceItemsCache.set(personas, (byIndustries = new WeakMap()));
  let analysed = byIndustries.get(industries);
  if (!analysed) {
    const items = [...personas.flatMap(personaTexts), ...industries.flatMap(industryTexts)]
      .map((text) => ({ text, stems: [...new Set(tokenize(text))] }))
      .filter((i) => i.stems.length >= 7);
    analysed = { items, byStem: stemPostings(items) };
    byIndustries.set(industries, analysed);
  }
  return analysed;
}

/** Share of an item's stems a sentence must hold to paste it. */
const PASTED = 0.8;

const pastedCache = new WeakMap<JudgeRun, Map<Sentence, string>>();

/** The run's sentences that paste a reference item, with the item (in document order). */
export function pastedSentences(run: JudgeRun): Map<Sentence, string> {
  let pasted = pastedCache.get(run);
  if (pasted) return pasted;
  pasted = new Map();
  const { items, byStem } = referenceItems(run);
  for (const s of run.doc.sentences) {
    if (s.kind === "heading") continue;
    // Stems the sentence shares with each item, from the stem postings.
    const shared = new Map<number, number>();
    for (const x of new Set(s.stems)) {
      for (const i of byStem.get(x) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    }
    let first: number | undefined;
    for (const [i, n] of shared) {
      if (n >= Math.ceil(items[i]!.stems.length * PASTED) && (first === undefined || i < first)) {
        first = i;
      }
    }
    if (first !== undefined) pasted.set(s, items[first]!.text);
  }
  pastedCache.set(run, pasted);
  return pasted;
}
