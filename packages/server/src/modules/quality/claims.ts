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
import type {
  ClaimKind,
  FactDirection,
  FactStructure,
  FactUnit,
  QualityClaim,
  QualitySection,
} from "@content-studio/contract";
import {
  deriveFactStructure,
  directionAround,
  directionsAgree,
  qualifierPhrases,
  scopePhrases,
} from "../../lib/language/fact-structure";
import { boundedMemo } from "../../lib/bounded-memo";
import { mayBeNegated, tagTokens } from "../../lib/language/nlp";
import type { BindingFact } from "../proof/binding-fact";
import {
  acronymCovers,
  claimContext,
  phraseCoverage,
  preparePhrase,
  quotable,
  type PreparedPhrase,
} from "./claim-meaning";
import { splitSentences } from "./readability";
import { tokenize } from "./text";

/** An approved fact as the judge sees it (the Proof Library owns the shape). */
export type JudgeFact = BindingFact & { structure?: FactStructure | null };

/** A claim found in a sentence, before binding. */
export interface ExtractedClaim {
  kind: ClaimKind;
  text: string;
  sentence: string;
  section: QualitySection;
  unit: FactUnit | null;
  lo: number;
  hi: number;
  /** The sentence, with the one before it when the sentence is too short to say much alone. */
  context: string;
  /** Which way the figure goes (a rise, a fall, a share, a level). */
  direction: FactDirection;
  /** The only figure in its sentence (its context then speaks of it alone). */
  only: boolean;
  /**
   * Said of the vendor, its products, its customers or the reader's results (a marketing
   * claim, which needs an approved fact), rather than a third-party or descriptive figure.
   */
  attributed: boolean;
}

/** How a piece's figures are to be read. */
export interface ExtractOptions {
  /** Customer companies of the reference data, for named-customer results. */
  companyNames?: readonly string[];
  /** The vendor's own names (company, solutions): a figure next to them is a claim, always. */
  ownNames?: readonly string[];
  /** Sentences inside a worked example labelled illustrative: their quantities are not claims. */
  illustrative?: (sentence: string) => boolean;
}

/**
 * Words that make a figure a marketing claim: the vendor speaking ("we", "our"), its customers or
 * users, a promise to the reader ("you", "your"), "up to".
 */
const VENDOR = /\b(?:we|our|customers?|up to)\b/i;
const READER = /\b(?:you|your)\b/i;
/** "us" in lower case only: "US" is a country. */
const US = /\bus\b/;

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
/** Multipliers of a number's written scale ("$4.2m", "3 billion"). */
export const SCALE: Readonly<Record<string, number>> = {
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

/** Characters of context read around a figure in an overlong sentence. */
const MAX_CONTEXT = 400;

/** Claims examined per piece (a real one has a few dozen; this bounds hostile input). */
const MAX_CLAIMS = 100;

/** Sentences of a section, each with the sentence before it in the same section. */
function sentencesWithContext(text: string): { sentence: string; context: string }[] {
  const out: { sentence: string; context: string }[] = [];
  let previous = "";
  for (const line of text.split("\n")) {
    for (const sentence of splitSentences(line)) {
      const short = sentence.split(/\s+/).length < 6;
      out.push({ sentence, context: short && previous ? `${previous} ${sentence}` : sentence });
      previous = sentence;
    }
  }
  return out;
}

/** Every claim in the sections, in reading order. */
export function extractClaims(
  sections: readonly { name: QualitySection; text: string }[],
  options: ExtractOptions = {},
): ExtractedClaim[] {
  const out: ExtractedClaim[] = [];
  const companies = new Set((options.companyNames ?? []).map((c) => c.toLowerCase()));
  const own = (options.ownNames ?? []).filter((n) => n.trim().length > 1);
  const exampleFigures = new Set<string>();
  for (const section of sections) {
    for (const { sentence, context } of sentencesWithContext(section.text)) {
      if (out.length >= MAX_CLAIMS) return out;
      const covered = new Uint8Array(sentence.length);
      const take = (start: number, end: number) => {
        if (covered.subarray(start, end).includes(1)) return false;
        covered.fill(1, start, end);
        return true;
      };
      const vendor =
        VENDOR.test(sentence) || US.test(sentence) || own.some((n) => sentence.includes(n));
      const attributed = vendor || READER.test(sentence);
      // Quantities inside a worked example labelled illustrative describe the example (a part's
      // size, an assumed rate, the arithmetic, what "you" pay in it), not anyone's results.
      const example = !vendor && (options.illustrative?.(sentence) ?? false);
      let tokens: ReturnType<typeof tagTokens> | undefined;
      /** Whether the words at `start` stand under a negation ("does not mean you pay 8% less"). */
      const negatedAt = (start: number) => {
        // A negation's scope follows its cue: with no cue before the figure, it is not negated.
        if (!mayBeNegated(sentence.slice(0, start))) return false;
        tokens ??= tagTokens(sentence);
        let cursor = 0;
        for (const t of tokens) {
          const at = sentence.indexOf(t.text, cursor);
          if (at === -1) continue;
          cursor = at + t.text.length;
          if (cursor > start) return t.negated;
        }
        return false;
      };
      const add = (
        claim: Omit<
          ExtractedClaim,
          "sentence" | "section" | "context" | "direction" | "attributed" | "only"
        >,
        start: number,
        end: number,
      ) => {
        if (out.length >= MAX_CLAIMS) return;
        if (claim.unit !== null) {
          const key = figureKey(claim);
          if (example) exampleFigures.add(key);
          // The example's own figures, quoted again after it, are still the example's.
          if (example || (!vendor && exampleFigures.has(key))) return;
        }
        if (negatedAt(start)) return;
        out.push({
          ...claim,
          sentence,
          section: section.name,
          // A very long "sentence" (hostile or unpunctuated input) is read near the figure only.
          context:
            context.length > MAX_CONTEXT
              ? sentence.slice(Math.max(0, start - MAX_CONTEXT / 2), end + MAX_CONTEXT / 2)
              : context,
          direction: directionAround(sentence, start, end),
          attributed,
          only: (sentence.match(/\d+(?:[.,]\d+)?\s*(?:%|x\b|×|percent)/gi) ?? []).length <= 1,
        });
      };
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
      /**
       * The pattern's matches in the sentence with where each starts and ends, none when `may`
       * is false; hostile input (thousands of figures in one sentence) stops at the claim cap.
       */
      function* spans(may: boolean, pattern: RegExp) {
        if (!may) return;
        for (const m of sentence.matchAll(pattern)) {
          if (full()) return;
          const start = m.index ?? 0;
          yield { m, start, end: start + m[0].length };
        }
      }
      for (const { m, start, end } of spans(hasDigit, CURRENCY)) {
        if (!take(start, end)) continue;
        const value = toNumber(m[2]!) * (SCALE[(m[3] ?? "").toLowerCase()] ?? 1);
        add(
          {
            kind: "currency",
            text: clauseFrom(sentence, start, end),
            unit: CURRENCY_UNIT[m[1]!] ?? "USD",
            lo: value,
            hi: value,
          },
          start,
          end,
        );
      }
      for (const { m, start, end } of spans(hasDigit, PERCENT)) {
        if (!take(start, end)) continue;
        const a = toNumber(m[1]!);
        const b = m[2] ? toNumber(m[2]) : a;
        add(
          {
            kind: survey ? "survey" : "percentage",
            text: clauseFrom(sentence, start, end),
            unit: "%",
            lo: Math.min(a, b),
            hi: Math.max(a, b),
          },
          start,
          end,
        );
      }
      for (const { m, start, end } of spans(mayMultiply, MULTIPLIER)) {
        // "220 × 140 × 60 mm" is a size, not a multiplier.
        const dimension =
          /^\s*\d/.test(sentence.slice(end)) ||
          /[x×]\s*$/.test(sentence.slice(Math.max(0, start - 3), start));
        if (dimension) continue;
        if (!take(start, end)) continue;
        const v = toNumber(m[1]!);
        add(
          { kind: "multiplier", text: clauseFrom(sentence, start, end), unit: "x", lo: v, hi: v },
          start,
          end,
        );
      }
      for (const { m, start, end } of spans(hasDigit, COUNT)) {
        if (!take(start, end)) continue;
        const v = toNumber(m[1]!);
        // Small counts ("3 engineers") are details, not claims; a survey's sample size is its
        // method, not a finding.
        if (v < 10) continue;
        if (
          /\b(?:surveyed|interviewed|polled|(?:survey|study|poll|sample) of)\s+(?:\S+\s+){0,2}$/i.test(
            sentence.slice(0, start),
          )
        )
          continue;
        add(
          { kind: survey ? "survey" : "count", text: m[0].trim(), unit: "count", lo: v, hi: v },
          start,
          end,
        );
      }
      // Certifications, superlatives and guarantees are claims as they stand, in that order.
      for (const [may, pattern, kind] of [
        [mayCertify, CERTIFICATION, "certification"],
        [mayBoast, SUPERLATIVE, "superlative"],
        [mayGuarantee, GUARANTEE, "guarantee"],
      ] as const) {
        for (const { m, start, end } of spans(may, pattern)) {
          if (!take(start, end)) continue;
          add({ kind, text: m[0].trim(), unit: null, lo: 0, hi: 0 }, start, end);
        }
      }
      for (const { m, start, end } of spans(mayName, NAMED_RESULT)) {
        const name = m[1]!;
        const words = name.split(/\s+/);
        const known = companies.has(name.toLowerCase());
        if (!known && NOT_A_NAME.has(words[0]!.toLowerCase())) continue;
        // An acronym ("ECOs avoided") names a thing, not a customer.
        if (!known && words.length === 1 && /^[A-Z]{2,6}s?$/.test(name)) continue;
        // At the start of a sentence one capitalised word is just the sentence's first word.
        if (!known && start === 0 && words.length < 2) continue;
        covered.fill(1, start, end);
        add({ kind: "named_customer", text: m[0].trim(), unit: null, lo: 0, hi: 0 }, start, end);
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
  /** Stems that say what a qualitative fact is about. */
  subjectStems: string[];
  /** Phrases a claim must cover to say what the figure says (what it measures, its scope). */
  qualifiers: string[];
  /** The qualifiers, analysed once. */
  phrases: PreparedPhrase[];
  direction: FactDirection;
  /** The statement normalised for quoting tests. */
  quoted: string;
  /** Its words, longest (most telling) first: a context that lacks one cannot quote it. */
  quotedWords: string[];
  /** Stems of the qualifiers, for a cheap first test. */
  qualifierStems: string[];
  /** The figures a claim may state to be this fact's (its range, 5 % tolerance; NaN if none). */
  lower: number;
  upper: number;
}

/**
 * A fact's own fields and nothing else, in one object shape whatever shape it came in (its
 * structure null when it has none).
 */
export function judgeFact(f: JudgeFact): JudgeFact {
  return {
    id: f.id,
    statement: f.statement,
    value: f.value,
    valueMax: f.valueMax,
    unit: f.unit,
    subjectType: f.subjectType,
    subjectId: f.subjectId,
    expired: f.expired,
    expiresOn: f.expiresOn,
    structure: f.structure ?? null,
  };
}

const preparedCache = new WeakMap<readonly JudgeFact[], PreparedFact[]>();

const subjectStemsOf = (text: string) => [
  ...new Set(
    tokenize(text.replace(/[\d.,]+\s*(?:%|x|×)?/g, " ")).filter(
      (s) => !SUBJECT_STOP.has(s) && !/^\d/.test(s),
    ),
  ),
];

function prepare(facts: readonly JudgeFact[]): PreparedFact[] {
  let prepared = preparedCache.get(facts);
  if (!prepared) {
    prepared = facts.map((f) => {
      const structure = f.structure ?? (f.unit === null ? null : deriveFactStructure(f.statement));
      // A structure stored with the fact (set by its proposer) says what the figure measures;
      // without one, the statement is read the same way claims are.
      const qualifiers = f.structure
        ? [f.structure.measure, ...scopePhrases(f.statement)]
        : qualifierPhrases(f.statement);
      const quoted = quotable(f.statement);
      const lo = f.value ?? Number.NaN;
      const hi = f.valueMax ?? lo;
      const tolerance = 0.05 * Math.max(Math.abs(lo), Math.abs(hi));
      // One object shape for every fact, whatever shape it came in: the binding loops read these
      // fields for every claim.
      return {
        ...judgeFact(f),
        quoted,
        quotedWords: [...new Set(quoted.split(" "))].sort((a, b) => b.length - a.length),
        qualifierStems: [...new Set(qualifiers.flatMap((q) => tokenize(q)))],
        subjectStems: subjectStemsOf(f.statement),
        qualifiers,
        phrases: qualifiers.map(preparePhrase),
        direction: structure?.direction ?? "level",
        lower: lo - tolerance - 1e-9,
        upper: hi + tolerance + 1e-9,
      };
    });
    preparedCache.set(facts, prepared);
  }
  return prepared;
}

/** Whether a qualitative fact is about what the sentence is about. */
function sameSubject(fact: PreparedFact, stems: ReadonlySet<string>): boolean {
  if (fact.subjectStems.length === 0) return false;
  const hits = fact.subjectStems.filter((s) => stems.has(s)).length;
  return hits >= Math.max(1, Math.ceil(fact.subjectStems.length * 0.6));
}

/** Whether the claim's figure is the fact's (inside its range, 5 % tolerance). */
function sameQuantity(fact: PreparedFact, claim: ExtractedClaim): boolean {
  // NaN bounds (a fact without a figure) compare false.
  return fact.unit === claim.unit && claim.lo >= fact.lower && claim.hi <= fact.upper;
}

/** The claim's figure inside the fact's range, with no tolerance. */
function insideRange(fact: JudgeFact, claim: ExtractedClaim): boolean {
  return fact.value !== null && claim.lo >= fact.value && claim.hi <= (fact.valueMax ?? fact.value);
}

/** Share of a qualifier's weight a claim must cover to be about the same thing. */
const COVERAGE = 0.6;
/** Stricter, for calling a third party's figure a borrowed fact: a coincidence is not a claim. */
const BORROWED_COVERAGE = 0.75;

/**
 * Binds each claim to a fact; `referenceFigures` are figures the brief's reference data states.
 * A figure binds when a fact has the same unit and quantity, goes the same way and the claim's
 * context covers what the fact's figure is about. The same figure saying something else is
 * misattributed; the same subject with another figure is contradicted; a fact quoted word for
 * word binds, always.
 */
export function bindClaims(
  claims: readonly ExtractedClaim[],
  facts: readonly JudgeFact[],
  options: { industryId: string; referenceFigures: ReadonlySet<string>; referenceLabel: string },
): QualityClaim[] {
  const prepared = prepare(facts).filter(
    (f) => f.subjectType !== "industry" || f.subjectId === options.industryId,
  );
  const contexts = new Map<string, ReturnType<typeof claimContext>>();
  const byUnit = new Map<FactUnit | null, PreparedFact[]>();
  for (const f of prepared) {
    const list = byUnit.get(f.unit);
    if (list) list.push(f);
    else byUnit.set(f.unit, [f]);
  }
  const quotedIn = new Map<string, PreparedFact[]>();
  return claims.map((claim): QualityClaim => {
    const base = {
      kind: claim.kind,
      text: claim.text,
      sentence: claim.sentence,
      section: claim.section,
    };
    const bound = (f: PreparedFact): QualityClaim =>
      f.expired
        ? { ...base, status: "expired", factId: f.id, source: f.statement }
        : { ...base, status: "supported", factId: f.id, source: f.statement };
    if (claim.unit !== null && options.referenceFigures.has(figureKey(claim))) {
      return { ...base, status: "supported", factId: null, source: options.referenceLabel };
    }
    if (claim.unit === null) {
      const stems = new Set(tokenize(claim.sentence));
      const about = (byUnit.get(null) ?? []).filter((f) => sameSubject(f, stems));
      const fact = about.find((f) => !f.expired) ?? about[0];
      if (fact) return bound(fact);
      // Guarantees, superlatives and named customers' results are claims wherever they stand.
      const claimed = claim.attributed || claim.kind !== "certification";
      return { ...base, status: claimed ? "unsupported" : "unsourced", factId: null, source: null };
    }
    const pool = byUnit.get(claim.unit) ?? [];
    const quotedKey = `${claim.unit}\u0000${claim.context}`;
    let quoted = quotedIn.get(quotedKey);
    if (!quoted) {
      const contextText = quotable(claim.context);
      const contextWords = new Set(contextText.split(" "));
      quoted = pool.filter(
        (f) =>
          f.quoted.length > 0 &&
          f.quotedWords.every((w) => contextWords.has(w)) &&
          contextText.includes(f.quoted),
      );
      quotedIn.set(quotedKey, quoted);
    }
    if (quoted.length > 0) return bound(quoted.find((f) => !f.expired) ?? quoted[0]!);
    const context = contexts.get(claim.context) ?? claimContext(claim.context);
    contexts.set(claim.context, context);
    // A fact none of whose qualifier stems the context has, and none of whose qualifiers an
    // acronym of the context stands for, cannot be covered.
    const touches = (f: PreparedFact) =>
      f.qualifierStems.some((x) => context.stems.has(x)) ||
      f.phrases.some((p) => acronymCovers(p, context));
    const coverages = new Map<PreparedFact, number[]>();
    const coverage = (f: PreparedFact) => {
      let c = coverages.get(f);
      if (!c) {
        c = touches(f) ? f.phrases.map((q) => phraseCoverage(q, context)) : f.phrases.map(() => 0);
        coverages.set(f, c);
      }
      return c;
    };
    const covers = (f: PreparedFact) => coverage(f).every((c) => c >= COVERAGE);
    const numeric = pool.filter((f) => sameQuantity(f, claim));
    const fitting = numeric.filter(
      (f) => directionsAgree(claim.direction, f.direction) && covers(f),
    );
    if (fitting.length > 0) return bound(fitting.find((f) => !f.expired) ?? fitting[0]!);
    // The fact's figure used for something else: said of the vendor or its customers, or about
    // what the fact is about but going another way ("35-45% of ECOs are caused by …").
    const borrowed = numeric.find(
      (f) =>
        !f.expired &&
        (claim.attributed ||
          (insideRange(f, claim) && coverage(f).every((c) => c >= BORROWED_COVERAGE))),
    );
    if (borrowed) {
      return {
        ...base,
        status: "misattributed",
        factId: borrowed.id,
        source: borrowed.statement,
        differs: directionsAgree(claim.direction, borrowed.direction) ? "subject" : "direction",
      };
    }
    // Another figure for what a fact measures: said of the vendor, its customers or the reader,
    // or the sentence's only figure, changing in the fact's direction, on the fact's very words
    // ("engineering change orders fell by 73%"). Other third-party figures are only unsourced.
    const about = pool.find(
      (f) =>
        !f.expired &&
        directionsAgree(claim.direction, f.direction) &&
        (claim.attributed
          ? covers(f)
          : claim.only &&
            claim.direction === f.direction &&
            (f.direction === "increase" || f.direction === "reduction") &&
            f.phrases.every((q) => phraseCoverage(q, context, { synonyms: false }) === 1)),
    );
    if (about)
      return { ...base, status: "contradicted", factId: about.id, source: about.statement };
    return {
      ...base,
      status: claim.attributed ? "unsupported" : "unsourced",
      factId: null,
      source: null,
    };
  });
}

/** A figure's identity for comparing with reference data: unit and range. */
export function figureKey(c: { unit: FactUnit | null; lo: number; hi: number }): string {
  return `${c.unit}:${c.lo}:${c.hi}`;
}

/** The figures stated in reference texts (market sizes, pain points), as {@link figureKey}s. */
export const referenceFigures: (texts: readonly string[]) => Set<string> = boundedMemo(
  256,
  (texts) => {
    const keys = new Set<string>();
    const claims = extractClaims(texts.map((text) => ({ name: "body" as const, text })));
    for (const c of claims) if (c.unit !== null) keys.add(figureKey(c));
    return keys;
  },
  (texts) => texts.join("\u0000"),
);
