import { tokenize } from "./text";

/** A statistic stated in the text: a percentage (or range), a multiplier or an amount of money. */
export interface Statistic {
  kind: "percent" | "multiplier" | "currency";
  /** The figure with the words that follow it, up to the end of the clause (for display). */
  text: string;
  /** The figure as written, e.g. "35-45%", "2.6 times", "$4.1M". */
  figure: string;
  lo: number;
  hi: number;
  /** "31% of programs": a share of a sample rather than an improvement claim. */
  share: boolean;
  index: number;
}

/** A proof point or chosen key metric, e.g. "35-45% reduction in engineering change orders". */
export interface MetricRange {
  label: string;
  lo: number;
  hi: number;
  /** Content stems of its topic ("reduction", "eco"), to recognise it in a sentence. */
  stems: string[];
}

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const PERCENT_SIGN = String.raw`\s*(?:%|percent\b|per\s+cent\b)`;
const RANGE_PERCENT = new RegExp(
  String.raw`(?<![\d.,])(${NUMBER})(?:${PERCENT_SIGN})?\s*(?:-|–|—|to)\s*(${NUMBER})${PERCENT_SIGN}`,
  "gi",
);
const PERCENT = new RegExp(String.raw`(?<![\d.,])(${NUMBER})${PERCENT_SIGN}`, "gi");
const WORD_NUMBERS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twenty: 20,
  hundred: 100,
};
const MULTIPLIER = new RegExp(
  String.raw`(?<![\d.,])(${NUMBER}|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred)` +
    String.raw`(?:\s*[x×](?![a-z0-9])|\s+times\s+(?=more|less|faster|slower|higher|lower|better|greater|larger|smaller|as\b|the\b|cheaper|likelier|fewer))`,
  "gi",
);
const CURRENCY = new RegExp(
  String.raw`[$€£]\s?(${NUMBER})(?:\s?(k|m|mm|bn|b|t|thousand|million|billion|trillion)\b)?\+?`,
  "gi",
);
const SHARE_AFTER =
  /^\s*(?:of|were|are|was|is|said|say|reported|named|cited|used|had|have|respondents)\b/i;

function toNumber(s: string): number {
  const lower = s.toLowerCase();
  return WORD_NUMBERS[lower] ?? Number(lower.replace(/,/g, ""));
}

/** The figure plus the following words up to a clause break (at most 8 words). */
function clauseFrom(text: string, start: number, figureEnd: number): string {
  const rest = text.slice(figureEnd, figureEnd + 120);
  const stop = rest.search(/[.;:,!?()\n]|\s-\s|\s—\s/);
  const tail = (stop === -1 ? rest : rest.slice(0, stop)).split(/\s+/).filter(Boolean).slice(0, 8);
  return `${text.slice(start, figureEnd)}${tail.length ? ` ${tail.join(" ")}` : ""}`.trim();
}

/** Every percentage, percentage range, multiplier and amount of money in a plain text. */
export function extractStatistics(text: string): Statistic[] {
  const found: Statistic[] = [];
  // Characters already claimed by an earlier, more specific pattern (a range before a percent).
  const covered = new Uint8Array(text.length);
  const push = (kind: Statistic["kind"], m: RegExpMatchArray, lo: number, hi: number) => {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (covered.subarray(start, end).includes(1)) return;
    covered.fill(1, start, end);
    found.push({
      kind,
      text: clauseFrom(text, start, end),
      figure: m[0].trim(),
      lo: Math.min(lo, hi),
      hi: Math.max(lo, hi),
      share: kind === "percent" && SHARE_AFTER.test(text.slice(end)),
      index: start,
    });
  };
  for (const m of text.matchAll(RANGE_PERCENT)) {
    // "rose from 22% to 35%" is two figures, not a range.
    const before = text.slice(Math.max(0, (m.index ?? 0) - 6), m.index);
    if (/\bto\b/i.test(m[0]) && /\bfrom\s*$/i.test(before)) continue;
    push("percent", m, toNumber(m[1]!), toNumber(m[2]!));
  }
  for (const m of text.matchAll(PERCENT)) push("percent", m, toNumber(m[1]!), toNumber(m[1]!));
  for (const m of text.matchAll(MULTIPLIER))
    push("multiplier", m, toNumber(m[1]!), toNumber(m[1]!));
  for (const m of text.matchAll(CURRENCY)) push("currency", m, toNumber(m[1]!), toNumber(m[1]!));
  return found.sort((a, b) => a.index - b.index);
}

const ENUMERATOR = /\b(?:step|pattern|level|phase|section|chapter|option|stage|part)\s+$/i;

/** Figures of any kind (counts, durations, years, statistics), not counting "Step 1"-style labels. */
export function countFigures(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/(?<![\w.,])\$?\d[\d,.]*/g)) {
    if (ENUMERATOR.test(text.slice(Math.max(0, (m.index ?? 0) - 12), m.index))) continue;
    n++;
  }
  return n;
}

/** Parses a metric label; undefined when it states no percentage. */
export function parseMetric(label: string): MetricRange | undefined {
  const range = new RegExp(RANGE_PERCENT.source, "i").exec(label);
  const single = range ? null : new RegExp(PERCENT.source, "i").exec(label);
  const m = range ?? single;
  if (!m) return undefined;
  const lo = toNumber(m[1]!);
  const hi = range ? toNumber(m[2]!) : lo;
  const topic = label.slice(0, m.index) + " " + label.slice((m.index ?? 0) + m[0].length);
  return {
    label,
    lo: Math.min(lo, hi),
    hi: Math.max(lo, hi),
    stems: [...new Set(tokenize(topic))],
  };
}

/** Whether a percentage statistic falls inside a metric's range. */
export function withinRange(stat: Statistic, metric: MetricRange): boolean {
  return stat.kind === "percent" && stat.lo >= metric.lo - 1e-9 && stat.hi <= metric.hi + 1e-9;
}

/**
 * Figures a careful engineering reader will not believe without a named baseline: percentages
 * over 100, improvements of 80% or more, and multipliers of 5 or more.
 */
export function isImplausible(stat: Statistic): boolean {
  if (stat.kind === "percent") return stat.hi > 100 || (!stat.share && stat.hi >= 80);
  if (stat.kind === "multiplier") return stat.hi >= 5;
  return false;
}
