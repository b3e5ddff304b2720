/**
 * Claims: every checkable statement in a draft (percentages, money, multipliers, counts, survey
 * figures, named customers, certifications, superlatives and guarantees), each bound to an
 * approved fact from the Proof Library. Pure and deterministic.
 *
 * Binding: a fact binds a claim when it is about the same subject (most of the fact's
 * distinctive words appear in the claim's sentence; an industry fact only for that industry)
 * and states the same quantity (same unit, the claim's figure inside the fact's range, 5 %
 * tolerance). Same subject, different number: contradicted. Bound only to an expired fact:
 * expired. Nothing: unsupported. Figures that appear in the brief's reference data (an
 * industry's market size, a persona's pain point) are supported by that reference data.
 */
import type { ClaimKind, FactUnit, QualityClaim, QualitySection } from "@content-studio/contract";
import type { BindingFact } from "../proof/binding-fact";
import { splitSentences } from "./readability";
import { tokenize } from "./text";

/** An approved fact as the judge sees it (the Proof Library owns the shape). */
export type JudgeFact = BindingFact;

/** A claim found in a sentence, before binding. */
export interface ExtractedClaim {
  kind: ClaimKind;
  text: string;
  sentence: string;
  section: QualitySection;
  unit: FactUnit | null;
  lo: number;
  hi: number;
}

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const PCT = String.raw`\s*(?:%|percent\b|per\s+cent\b)`;
const PERCENT = new RegExp(
  String.raw`(?<![\d.,\w])(${NUMBER})(?:${PCT})?(?:\s*(?:-|–|—|to)\s*(${NUMBER}))?${PCT}`,
  "gi",
);
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
  twice: 2,
};
const MULTIPLIER = new RegExp(
  String.raw`(?<![\d.,\w])(${NUMBER}|two|three|four|five|six|seven|eight|nine|ten)` +
    String.raw`(?:\s*[x×](?![a-z0-9])|\s+times\s+(?:more|less|faster|slower|higher|lower|better|greater|larger|smaller|as|cheaper|likelier|fewer)\b)`,
  "gi",
);
const CURRENCY = new RegExp(
  String.raw`([$€£])\s?(${NUMBER})(?:\s?(k|m|mm|bn|b|t|thousand|million|billion|trillion)\b)?\+?`,
  "gi",
);
const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  trillion: 1e12,
};
const CURRENCY_UNIT: Record<string, FactUnit> = { $: "USD", "€": "EUR", "£": "GBP" };
/** Counts that are claims about customers, users or samples ("500+ manufacturers"). */
const COUNT = new RegExp(
  String.raw`(?<![\d.,\w$€£])(${NUMBER})\+?\s+(?:[a-z-]+\s+){0,2}?(customers|companies|manufacturers|users|organi[sz]ations|enterprises|deployments|installations|respondents|executives|leaders|engineers|programs|programmes|plants|sites|suppliers)\b`,
  "gi",
);
const SURVEY =
  /\b(?:survey|surveyed|poll|polled|study|studies|research|respondents|analysis of|report(?:s|ed)? that|according to)\b/i;
const CERTIFICATION = new RegExp(
  String.raw`\b(?:ISO(?:\/IEC)?\s?\d{4,5}(?:-\d+)?|SOC\s?[12](?:\s?Type\s?(?:I{1,2}|[12]))?|IATF\s?16949|AS\s?9100[A-D]?|FedRAMP|ITAR|HIPAA|GDPR|NIST\s?\d*(?:-\d+)?|CMMC(?:\s?(?:Level\s?)?\d)?)` +
    String.raw`[^.;]{0,30}?\b(?:certified|certification|accredited|compliant|registered|approved)\b` +
    String.raw`|\b(?:certified|accredited|compliant)\s+(?:to|with|under)\s+(?:ISO(?:\/IEC)?\s?\d{4,5}|SOC\s?[12]|IATF\s?16949|AS\s?9100[A-D]?|FedRAMP|ITAR|HIPAA|GDPR|NIST[\s\d-]*|CMMC)`,
  "g",
);
const SUPERLATIVE =
  /\b(?:the|our|its)\s+(?:most\s+(?:accurate|advanced|trusted|complete|powerful|widely used|reliable)|fastest|best|leading|largest|cheapest|first|only\s+(?:platform|tool|solution|software|vendor))\b[^.;,]{0,40}?\b(?:on the market|in the (?:industry|market|world)|available|platform|tool|solution|software|vendor)\b|#1\b|\bnumber one\b|\bmarket[- ]leading\b|\bindustry[- ]leading\b/gi;
const GUARANTEE = /\b(?:guarantee[sd]?|guaranteeing|risk[- ]free|money[- ]back)\b[^.;]{0,50}/gi;
/** "Brightline Electronics saved …", "Acme, an early adopter, cut …". */
const NAMED_RESULT = new RegExp(
  String.raw`\b((?:[A-Z][A-Za-z0-9&'.-]+)(?:\s+(?:[A-Z][A-Za-z0-9&'.-]+|&)){0,3})` +
    String.raw`(?:,[^,.;]{2,60},)?\s+(?:saved|cut|reduced|achieved|increased|improved|lowered|slashed|grew|doubled|tripled|halved|avoided|eliminated)\b[^.;]{0,60}`,
  "g",
);
/** Capitalised words that start a sentence or name a role, not an organisation. */
const NOT_A_NAME = new Set(
  (
    "the a an our your their its this that these those we you they it he she teams team customers " +
    "companies engineers leaders organisations organizations suppliers users one each every most many " +
    "some all early late engineering finance procurement program programs design designs product " +
    "products cost costs quality and but so if when then while after before during"
  ).split(" "),
);

function toNumber(s: string): number {
  const lower = s.toLowerCase();
  return WORD_NUMBERS[lower] ?? Number(lower.replace(/,/g, ""));
}

/** The figure with the words after it, up to a clause break (at most 7 words). */
function clauseFrom(text: string, start: number, end: number): string {
  const rest = text.slice(end, end + 100);
  const stop = rest.search(/[.;:,!?()\n]|\s-\s|\s—\s/);
  const tail = (stop === -1 ? rest : rest.slice(0, stop)).split(/\s+/).filter(Boolean).slice(0, 7);
  return `${text.slice(start, end)}${tail.length ? ` ${tail.join(" ")}` : ""}`.trim();
}

/** Claims examined per piece (a real one has a few dozen; this bounds hostile input). */
const MAX_CLAIMS = 100;

/** Every claim in the sections, in reading order. */
export function extractClaims(
  sections: readonly { name: QualitySection; text: string }[],
  companyNames: readonly string[] = [],
): ExtractedClaim[] {
  const out: ExtractedClaim[] = [];
  const companies = new Set(companyNames.map((c) => c.toLowerCase()));
  for (const section of sections) {
    for (const sentence of splitSentences(section.text)) {
      if (out.length >= MAX_CLAIMS) return out;
      const covered = new Uint8Array(sentence.length);
      const take = (start: number, end: number) => {
        if (covered.subarray(start, end).includes(1)) return false;
        covered.fill(1, start, end);
        return true;
      };
      const add = (claim: Omit<ExtractedClaim, "sentence" | "section">) => {
        if (out.length < MAX_CLAIMS) out.push({ ...claim, sentence, section: section.name });
      };
      // Hostile input (thousands of figures in one sentence) stops at the cap, not at the end.
      const full = () => out.length >= MAX_CLAIMS;
      const survey = SURVEY.test(sentence);
      // Cheap tests first: most sentences hold no figure and no boast, and skip every pattern.
      const hasDigit = /\d/.test(sentence);
      const mayMultiply = hasDigit || /\btimes\b/i.test(sentence);
      const mayCertify =
        hasDigit && /certif|accredit|compliant|registered|approved/i.test(sentence);
      const mayBoast =
        /\b(?:most|fastest|best|leading|largest|cheapest|first|only|number one)\b|#1/i.test(
          sentence,
        );
      const mayGuarantee = /guarant|risk[- ]free|money[- ]back/i.test(sentence);
      const mayName =
        /\b(?:saved|cut|reduced|achieved|increased|improved|lowered|slashed|grew|doubled|tripled|halved|avoided|eliminated)\b/.test(
          sentence,
        );
      for (const m of hasDigit ? sentence.matchAll(CURRENCY) : []) {
        if (full()) break;
        const start = m.index ?? 0;
        if (!take(start, start + m[0].length)) continue;
        const value = toNumber(m[2]!) * (SCALE[(m[3] ?? "").toLowerCase()] ?? 1);
        add({
          kind: "currency",
          text: clauseFrom(sentence, start, start + m[0].length),
          unit: CURRENCY_UNIT[m[1]!] ?? "USD",
          lo: value,
          hi: value,
        });
      }
      for (const m of hasDigit ? sentence.matchAll(PERCENT) : []) {
        if (full()) break;
        const start = m.index ?? 0;
        if (!take(start, start + m[0].length)) continue;
        const a = toNumber(m[1]!);
        const b = m[2] ? toNumber(m[2]) : a;
        add({
          kind: survey ? "survey" : "percentage",
          text: clauseFrom(sentence, start, start + m[0].length),
          unit: "%",
          lo: Math.min(a, b),
          hi: Math.max(a, b),
        });
      }
      for (const m of mayMultiply ? sentence.matchAll(MULTIPLIER) : []) {
        if (full()) break;
        const start = m.index ?? 0;
        if (!take(start, start + m[0].length)) continue;
        const v = toNumber(m[1]!);
        add({
          kind: "multiplier",
          text: clauseFrom(sentence, start, start + m[0].length),
          unit: "x",
          lo: v,
          hi: v,
        });
      }
      for (const m of hasDigit ? sentence.matchAll(COUNT) : []) {
        if (full()) break;
        const start = m.index ?? 0;
        if (!take(start, start + m[0].length)) continue;
        const v = toNumber(m[1]!);
        // Small counts ("3 engineers") are details, not claims.
        if (v < 10) continue;
        add({
          kind: survey ? "survey" : "count",
          text: m[0].trim(),
          unit: "count",
          lo: v,
          hi: v,
        });
      }
      for (const m of mayCertify ? sentence.matchAll(CERTIFICATION) : []) {
        if (full()) break;
        const start = m.index ?? 0;
        if (!take(start, start + m[0].length)) continue;
        add({ kind: "certification", text: m[0].trim(), unit: null, lo: 0, hi: 0 });
      }
      for (const m of mayBoast ? sentence.matchAll(SUPERLATIVE) : []) {
        if (full()) break;
        const start = m.index ?? 0;
        if (!take(start, start + m[0].length)) continue;
        add({ kind: "superlative", text: m[0].trim(), unit: null, lo: 0, hi: 0 });
      }
      for (const m of mayGuarantee ? sentence.matchAll(GUARANTEE) : []) {
        if (full()) break;
        const start = m.index ?? 0;
        if (!take(start, start + m[0].length)) continue;
        add({ kind: "guarantee", text: m[0].trim(), unit: null, lo: 0, hi: 0 });
      }
      for (const m of mayName ? sentence.matchAll(NAMED_RESULT) : []) {
        if (full()) break;
        const name = m[1]!;
        const words = name.split(/\s+/);
        const known = companies.has(name.toLowerCase());
        if (!known && NOT_A_NAME.has(words[0]!.toLowerCase())) continue;
        // At the start of a sentence one capitalised word is just the sentence's first word.
        if (!known && (m.index ?? 0) === 0 && words.length < 2) continue;
        const start = m.index ?? 0;
        covered.fill(1, start, start + m[0].length);
        add({ kind: "named_customer", text: m[0].trim(), unit: null, lo: 0, hi: 0 });
      }
    }
  }
  return out;
}

/** Words too common in this domain to tell one fact's subject from another's. */
const SUBJECT_STOP = new Set(
  [
    "reduction",
    "reduce",
    "decrease",
    "improvement",
    "improve",
    "faster",
    "increase",
    "customer",
    "report",
    "typical",
    "average",
    "see",
    "achieve",
    "company",
    "catalogue",
    "cost",
    "time",
  ].flatMap(tokenize),
);

interface PreparedFact extends JudgeFact {
  subjectStems: string[];
}

const preparedCache = new WeakMap<readonly JudgeFact[], PreparedFact[]>();

const subjectStemsOf = (text: string) => [
  ...new Set(
    tokenize(text.replace(/[\d.,]+\s*(?:%|x|×)?/g, " ")).filter(
      (s) => !SUBJECT_STOP.has(s) && !/^\d/.test(s),
    ),
  ),
];

/**
 * What a fact is about: for a figure, the words right after it ("35-45% reduction in
 * engineering change orders" → change orders), else the whole statement.
 */
function factSubject(f: JudgeFact): string[] {
  if (f.unit !== null) {
    const figure = extractClaims([{ name: "body", text: f.statement }]).find(
      (c) => c.unit !== null,
    );
    const after = figure ? figure.text.replace(/^\S+\s*/, "") : "";
    const stems = subjectStemsOf(after);
    if (stems.length > 0) return stems;
  }
  return subjectStemsOf(f.statement);
}

function prepare(facts: readonly JudgeFact[]): PreparedFact[] {
  let prepared = preparedCache.get(facts);
  if (!prepared) {
    prepared = facts.map((f) => ({ ...f, subjectStems: factSubject(f) }));
    preparedCache.set(facts, prepared);
  }
  return prepared;
}

/** Whether a fact is about what the sentence is about (and may be used for this industry). */
function sameSubject(fact: PreparedFact, stems: ReadonlySet<string>, industryId: string): boolean {
  if (fact.subjectType === "industry" && fact.subjectId !== industryId) return false;
  if (fact.subjectStems.length === 0) return false;
  const hits = fact.subjectStems.filter((s) => stems.has(s)).length;
  return fact.unit === null
    ? hits >= Math.max(1, Math.ceil(fact.subjectStems.length * 0.6))
    : hits >= Math.min(2, fact.subjectStems.length) ||
        hits >= Math.ceil(fact.subjectStems.length * 0.5);
}

/** Whether the claim's figure is the fact's (inside its range, 5 % tolerance). */
function sameQuantity(fact: JudgeFact, claim: ExtractedClaim): boolean {
  if (fact.value === null || fact.unit !== claim.unit) return false;
  const lo = fact.value;
  const hi = fact.valueMax ?? fact.value;
  const tolerance = 0.05 * Math.max(Math.abs(lo), Math.abs(hi));
  return claim.lo >= lo - tolerance - 1e-9 && claim.hi <= hi + tolerance + 1e-9;
}

/** Binds each claim to a fact; `referenceFigures` are figures the brief's reference data states. */
export function bindClaims(
  claims: readonly ExtractedClaim[],
  facts: readonly JudgeFact[],
  options: { industryId: string; referenceFigures: ReadonlySet<string>; referenceLabel: string },
): QualityClaim[] {
  const prepared = prepare(facts);
  return claims.map((claim) => {
    const base = {
      kind: claim.kind,
      text: claim.text,
      sentence: claim.sentence,
      section: claim.section,
    };
    if (claim.unit !== null && options.referenceFigures.has(figureKey(claim))) {
      return { ...base, status: "supported", factId: null, source: options.referenceLabel };
    }
    const stems = new Set(tokenize(claim.sentence));
    const about = prepared.filter(
      (f) =>
        (f.unit === null) === (claim.unit === null) && sameSubject(f, stems, options.industryId),
    );
    const matching = claim.unit === null ? about : about.filter((f) => sameQuantity(f, claim));
    const live = matching.find((f) => !f.expired);
    if (live) return { ...base, status: "supported", factId: live.id, source: live.statement };
    const expired = matching[0];
    if (expired) {
      return { ...base, status: "expired", factId: expired.id, source: expired.statement };
    }
    const differs = about.find((f) => !f.expired && f.unit === claim.unit);
    if (differs && claim.unit !== null) {
      return { ...base, status: "contradicted", factId: differs.id, source: differs.statement };
    }
    return { ...base, status: "unsupported", factId: null, source: null };
  });
}

/** A figure's identity for comparing with reference data: unit and range. */
export function figureKey(c: { unit: FactUnit | null; lo: number; hi: number }): string {
  return `${c.unit}:${c.lo}:${c.hi}`;
}

const referenceCache = new Map<string, Set<string>>();

/** The figures stated in reference texts (market sizes, pain points), as {@link figureKey}s. */
export function referenceFigures(texts: readonly string[]): Set<string> {
  const cacheKey = texts.join("\u0000");
  const cached = referenceCache.get(cacheKey);
  if (cached) return cached;
  if (referenceCache.size >= 256) referenceCache.clear();
  const keys = figuresOf(texts);
  referenceCache.set(cacheKey, keys);
  return keys;
}

function figuresOf(texts: readonly string[]): Set<string> {
  const keys = new Set<string>();
  const claims = extractClaims(texts.map((text) => ({ name: "body" as const, text })));
  for (const c of claims) if (c.unit !== null) keys.add(figureKey(c));
  return keys;
}
