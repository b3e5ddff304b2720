import type { FactDirection, FactStructure } from "@content-studio/contract";
import { tagTokens } from "./nlp";

/**
 * Reads a figure's meaning from the words around it, with general English cues only (no product
 * vocabulary): which way it goes (a rise, a fall, a share of a whole, a level), what it measures,
 * and what kind of quantity it is. Facts are read this way when proposed without a structure,
 * and the quality check reads claims in copy the same way, so the two compare like with like.
 */
const REDUCTION =
  /^(fewer|less|lower|reduc\w*|cut\w*|decreas\w*|drop\w*|shrink\w*|shorten\w*|shorter|faster|quicker|speed\w*|sav\w*|avoid\w*|eliminat\w*|down|declin\w*|fall\w*|fell)$/i;
const INCREASE =
  /^(more|higher|increas\w*|rais\w*|ris\w*|grow\w*|grew|gain\w*|improv\w*|boost\w*|lengthen\w*|longer|up|slower|greater|larger|bigger)$/i;

const METRICS: [string, RegExp][] = [
  ["accuracy", /\b(within|accura\w*|error|deviation|variance)\b/i],
  [
    "time",
    /\b(time|days?|weeks?|months?|hours?|minutes?|lead[- ]times?|cycle|faster|quicker|schedule\w*|time-to-market)\b/i,
  ],
  ["rounds", /\b(rounds?|iterations?|loops?)\b/i],
  ["cost", /\b(cost\w*|price\w*|spend\w*|saving\w*|margin\w*|budget\w*|\$|usd|eur|gbp)\b/i],
  ["count", /\b(number|count|orders?|changes?|defects?|parts?|units?)\b/i],
];

/** A figure with an optional range and unit sign: "35-45%", "2x", "8 percent". */
export const FIGURE_PATTERN =
  /(?<![\w.])\d+(?:[.,]\d+)?\s*(?:%|x\b|×|percent\b)?(?:\s*(?:-|–|to)\s*\d+(?:[.,]\d+)?\s*(?:%|x\b|×|percent\b)?)?/i;

const words = (s: string) => s.split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);

/**
 * Which way the figure between `start` and `end` of `text` goes, read from the four words
 * before it and the three after it in the same clause.
 */
export function directionAround(text: string, start: number, end: number): FactDirection {
  const clause = words(
    text
      .slice(0, start)
      .split(/[,;:()]|\band\b|\bbut\b/)
      .pop() ?? "",
  );
  // "cut supplier quote reviews for castings by 30%": the verb stands well before "by".
  const before = clause.slice(/^by$/i.test(clause[clause.length - 1] ?? "") ? -9 : -5);
  const after = words(text.slice(end).split(/[,;:()]|\band\b|\bbut\b|\bor\b/)[0] ?? "").slice(0, 3);
  if (before.some((w) => /^within$/i.test(w))) return "level";
  for (const w of after.slice(0, 2)) {
    if (REDUCTION.test(w)) return "reduction";
    if (INCREASE.test(w)) return "increase";
  }
  // "6-10% of spend", "35-45% of ECOs": a share of a whole, whatever stands before it.
  if (/^(of|percent of)$/i.test(after[0] ?? "")) return "share";
  for (const w of [...before].reverse()) {
    if (REDUCTION.test(w)) return "reduction";
    if (INCREASE.test(w)) return "increase";
  }
  return "level";
}

/**
 * The noun phrase that follows a position (direction words, determiners and prepositions before
 * it skipped), read with parts of speech: nouns, adjectives, participles before a noun, and
 * "and" between them. At most six words.
 */
export function phraseAfter(text: string): string {
  // Hyphenated compounds ("time-to-market", "should-cost") stay one word.
  const clause = (text.split(/[.;:()]/)[0] ?? "").slice(0, 200);
  const compounds: string[] = [];
  const tokens = tagTokens(
    clause.replace(/\p{L}+(?:-\p{L}+)+/gu, (c) => `Compound${compounds.push(c) - 1}q`),
  );
  const out: string[] = [];
  const nominal = (pos: string | undefined) => pos === "NOUN" || pos === "PROPN" || pos === "ADJ";
  for (let i = 0; i < tokens.length && out.length < 6; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const slot = /^Compound(\d+)q$/.exec(t.text);
    const compound = slot !== null;
    const word = (slot ? compounds[Number(slot[1])]! : t.text).toLowerCase();
    if (
      (nominal(t.pos) || compound) &&
      !(out.length === 0 && (REDUCTION.test(word) || INCREASE.test(word)))
    ) {
      out.push(word);
    } else if (t.pos === "VERB" && nominal(next?.pos) && out.length === 0) {
      out.push(word);
    } else if (out.length === 0 && t.pos !== "NUM" && t.pos !== "VERB" && t.pos !== "AUX") {
      continue;
    } else if (t.pos === "CCONJ" && out.length > 0 && nominal(next?.pos)) {
      out.push(word);
    } else if (t.pos === "PUNCT" && t.text === "-" && out.length > 0) {
      continue;
    } else {
      break;
    }
  }
  while (out.length > 0 && !/\w/.test(out[out.length - 1]!)) out.pop();
  return out.join(" ");
}

/**
 * The phrases that say what a figure is about: the noun phrase after the figure and every phrase
 * introduced by "for" (its scope: "estimates for machined parts"). A claim binds to a fact only
 * when it covers each of them.
 */
export function qualifierPhrases(statement: string): string[] {
  const out: string[] = [];
  const m = FIGURE_PATTERN.exec(statement);
  if (m) {
    const after = phraseAfter(statement.slice(m.index + m[0].length));
    if (after) out.push(after);
  }
  for (const phrase of scopePhrases(statement)) if (!out.includes(phrase)) out.push(phrase);
  return out;
}

/** The phrases introduced by "for" in a statement: the scope of its figure. */
export function scopePhrases(statement: string): string[] {
  const out: string[] = [];
  for (const f of statement.matchAll(/\bfor\s+([^,.;]+)/gi)) {
    const phrase = phraseAfter(f[1]!);
    if (phrase && !out.includes(phrase)) out.push(phrase);
  }
  return out;
}

export function deriveFactStructure(statement: string): FactStructure | null {
  const m = FIGURE_PATTERN.exec(statement);
  if (!m) return null;
  const direction = directionAround(statement, m.index, m.index + m[0].length);
  const head = statement.slice(0, m.index);
  // "… shorten supplier quote reviews … by 30-40%": the measure is the verb's object.
  const verb = /\bby\s*$/i.test(head)
    ? [...head.matchAll(/[\p{L}-]+/gu)]
        .reverse()
        .find((w) => REDUCTION.test(w[0]) || INCREASE.test(w[0]))
    : undefined;
  // A phrase counts when it has at least two letters ("e" after "2674062e" says nothing), and
  // is kept within the 200 characters a stored measure may have.
  const usable = (phrase: string) =>
    phrase.replace(/[^\p{L}]/gu, "").length >= 2 ? phrase.slice(0, 200).trim() : "";
  const measure =
    (verb ? usable(phraseAfter(head.slice((verb.index ?? 0) + verb[0].length))) : "") ||
    usable(phraseAfter(statement.slice(m.index + m[0].length))) ||
    usable(phraseAfter(head)) ||
    "figure";
  const metric = METRICS.find(([, re]) => re.test(statement))?.[0] ?? "other";
  return { measure, metric, direction };
}

/**
 * Whether two directions can describe the same fact: a rise is never a fall, and neither is a
 * share of a whole; a level (a figure stated as it is) fits any.
 */
export function directionsAgree(a: FactDirection, b: FactDirection): boolean {
  if (a === b || a === "level" || b === "level") return true;
  return false;
}
