/**
 * The kit check: when a cell's assets are written, they are compared with each other, per
 * language, and every inconsistency is a finding on the asset that has it. Pure and
 * deterministic; figures and claims are read by the quality module (`extractClaims`,
 * `bindClaims`), never by a second parser. The codes:
 *
 * - `kit.number-mismatch`: a figure with a unit (%, x, a sum, a count) in a short asset
 *   (LinkedIn, X, email subjects, newsletter) that the article in the same language does not
 *   state, or a figure that contradicts the approved fact it is about. The message names the
 *   asset's figure and the article's (or the fact's).
 * - `kit.fact-mismatch`: a short asset uses an approved fact (recognised by its figure and
 *   statement) that the article does not use, or one that is not among the brief's facts.
 * - `kit.offer-missing`: the article, the LinkedIn post or the newsletter does not name the
 *   stage's offer (its name or its address). X posts and email subjects are too short to be held
 *   to it.
 * - `kit.offer-mismatch`: any asset names another offer of the company profile.
 * - `kit.product-spelling`: a product name written otherwise than in the profile (case, spaces,
 *   hyphens); carries the one-click fix. All-lower-case with the profile's spacing is a common
 *   noun ("a cost engine"), not a misspelling, for a name of more than one word.
 * - `kit.unsupported-claim`: a claim without a figure (a superlative, a guarantee, a
 *   certification, a named customer's result) in a short asset that no sentence of the article
 *   supports. Figures the article lacks are number mismatches, so one slip is one finding.
 */
import {
  KIT_ASSET_LABELS,
  type FactUnit,
  type KitAssetKind,
  type KitFinding,
  type KitLanguage,
  type QualityClaim,
} from "@content-studio/contract";
import { claimContext, phraseCoverage } from "../quality/claim-meaning";
import {
  bindClaims,
  extractClaims,
  figureKey,
  type ExtractedClaim,
  type JudgeFact,
} from "../quality/claims";
import { splitSentences } from "../quality/readability";
import { escapeRegExp } from "../quality/text";
import { kitSections, normaliseUrl, urlsOf, visibleText, type KitAssetText } from "./kit-text";

/** The closed set of kit-check codes. */
export const KIT_CHECK_CODES = [
  "kit.number-mismatch",
  "kit.fact-mismatch",
  "kit.offer-missing",
  "kit.offer-mismatch",
  "kit.product-spelling",
  "kit.unsupported-claim",
] as const;
export type KitCheckCode = (typeof KIT_CHECK_CODES)[number];

/** A finding of the kit check: a {@link KitFinding} whose code is one of the above. */
export type KitCheckFinding = KitFinding & { code: KitCheckCode };

/** One written asset of the cell. */
export interface KitCellAsset {
  stepId: string;
  asset: KitAssetKind;
  language: KitLanguage;
  text: KitAssetText;
}

/** An offer of the company profile. */
export interface KitOffer {
  name: string;
  url: string;
}

export interface KitCheckInput {
  /** Every written asset of one cell, in any of the brief's languages. */
  assets: readonly KitCellAsset[];
  /** The cell's industry (an industry's facts bind only in its own cell). */
  industryId: string;
  /** The brief's approved facts (as the quality check loads them). */
  facts: readonly JudgeFact[];
  /** The other approved facts of the Proof Library: using one is a fact mismatch. */
  otherFacts?: readonly JudgeFact[];
  /** The stage's offer; null when the brief gives the stage none. */
  offer: KitOffer | null;
  /** Every offer of the company profile (the stage's among them). */
  profileOffers: readonly KitOffer[];
  /** The profile's product and solution names, as they are to be spelled. */
  productNames: readonly string[];
}

/** Short companions of the article, whose figures and claims the article must back. */
const SHORT: ReadonlySet<KitAssetKind> = new Set(["linkedin", "x", "email-subjects", "newsletter"]);
/** Assets that must carry the stage's offer (X posts and email subjects are too short). */
const CARRIES_OFFER: ReadonlySet<KitAssetKind> = new Set(["article", "linkedin", "newsletter"]);
/** Share of a claim's words an article sentence must cover to back it. */
const BACKED = 0.75;

const label = (asset: KitAssetKind) => KIT_ASSET_LABELS[asset];

/** A figure as a reader writes it: "37%", "35–45%", "3x", "€4,200,000", "1,200". */
export function formatFigure(f: { unit: FactUnit | null; lo: number; hi: number }): string {
  const n = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 2 });
  const range = f.hi !== f.lo ? `${n(f.lo)}–${n(f.hi)}` : n(f.lo);
  if (f.unit === "%") return `${range}%`;
  if (f.unit === "x") return `${range}x`;
  if (f.unit === "USD") return `$${range}`;
  if (f.unit === "EUR") return `€${range}`;
  if (f.unit === "GBP") return `£${range}`;
  return range;
}

const factFigure = (f: JudgeFact) =>
  f.value === null ? null : formatFigure({ unit: f.unit, lo: f.value, hi: f.valueMax ?? f.value });

/** The English of each finding, rendered in this one place from its code and parameters. */
const MESSAGES = {
  figureNotInArticle: (asset: KitAssetKind, figure: string, article: string[]) =>
    `The ${label(asset)} states ${figure}; the article states ${
      article.length > 0 ? article.join(", ") : "no such figure"
    }.`,
  figureAgainstFact: (asset: KitAssetKind, figure: string, fact: string, article: string[]) =>
    `The ${label(asset)} states ${figure} where the approved fact states ${fact}${
      article.length > 0 ? ` (the article: ${article.join(", ")})` : ""
    }.`,
  factNotInArticle: (asset: KitAssetKind, statement: string) =>
    `The ${label(asset)} uses the fact "${statement}", which the article does not use.`,
  factNotInBrief: (asset: KitAssetKind, statement: string) =>
    `The ${label(asset)} uses the fact "${statement}", which is not among the brief's facts.`,
  offerMissing: (asset: KitAssetKind, offer: KitOffer) =>
    `The ${label(asset)} does not point to the stage's offer, ${offer.name} (${offer.url}).`,
  offerMismatch: (asset: KitAssetKind, other: string, offer: KitOffer | null) =>
    `The ${label(asset)} points to ${other}${
      offer ? `; this stage's offer is ${offer.name}` : "; this stage has no offer"
    }.`,
  productSpelling: (from: string, to: string) =>
    `"${from}" is spelled "${to}" in the company profile.`,
  unsupportedClaim: (asset: KitAssetKind, claim: string) =>
    `The ${label(asset)} claims "${claim}", which the article does not support.`,
} as const;

interface ReadAsset extends KitCellAsset {
  claims: ExtractedClaim[];
  bound: QualityClaim[];
}

/** Findings per step id (every asset of the input has an entry, empty when consistent). */
export function checkKitCell(input: KitCheckInput): Map<string, KitCheckFinding[]> {
  const out = new Map<string, KitCheckFinding[]>(input.assets.map((a) => [a.stepId, []]));
  const add = (stepId: string, finding: KitCheckFinding) => {
    const list = out.get(stepId)!;
    if (!list.some((f) => f.code === finding.code && f.message === finding.message))
      list.push(finding);
  };
  for (const asset of input.assets) {
    for (const f of offerFindings(asset, input)) add(asset.stepId, f);
    for (const f of spellingFindings(asset, input.productNames)) add(asset.stepId, f);
  }
  const briefIds = new Set(input.facts.map((f) => f.id));
  const facts = [...input.facts, ...(input.otherFacts ?? []).filter((f) => !briefIds.has(f.id))];
  const ownNames = input.productNames.filter((n) => n.trim().length > 1);
  const read = (a: KitCellAsset): ReadAsset => {
    const claims = extractClaims(kitSections(a.text, a.language), { ownNames });
    const bound = bindClaims(claims, facts, {
      industryId: input.industryId,
      referenceFigures: new Set(),
      referenceLabel: "",
    });
    return { ...a, claims, bound };
  };
  const languages = [...new Set(input.assets.map((a) => a.language))];
  for (const language of languages) {
    const inLanguage = input.assets.filter((a) => a.language === language);
    const articleAsset = inLanguage.find((a) => a.asset === "article");
    // Without the article in this language there is nothing to compare the short assets with.
    if (!articleAsset) continue;
    const article = read(articleAsset);
    for (const asset of inLanguage.filter((a) => SHORT.has(a.asset))) {
      for (const f of claimFindings(read(asset), article, facts, briefIds)) add(asset.stepId, f);
    }
  }
  return out;
}

/** The fact a claim is about, and whether its figure is the fact's or contradicts it. */
function factOf(
  claim: ExtractedClaim,
  bound: QualityClaim,
  facts: readonly JudgeFact[],
  language: KitLanguage,
): { fact: JudgeFact; contradicts: boolean } | null {
  const byId = (id: string | null | undefined) => facts.find((f) => f.id === id);
  if (bound.status === "supported" || bound.status === "expired") {
    const fact = byId(bound.factId);
    if (fact) return { fact, contradicts: false };
  }
  if (bound.status === "contradicted") {
    const fact = byId(bound.factId);
    if (fact) return { fact, contradicts: true };
  }
  // Binding by meaning reads English; in other languages a figure that is exactly one fact's
  // figure (same unit, inside its range) is that fact's.
  if (language !== "en" && claim.unit !== null) {
    const same = facts.filter(
      (f) =>
        f.unit === claim.unit &&
        f.value !== null &&
        claim.lo >= f.value &&
        claim.hi <= (f.valueMax ?? f.value),
    );
    if (same.length === 1) return { fact: same[0]!, contradicts: false };
  }
  return null;
}

function claimFindings(
  asset: ReadAsset,
  article: ReadAsset,
  facts: readonly JudgeFact[],
  briefIds: ReadonlySet<string>,
): KitCheckFinding[] {
  const out: KitCheckFinding[] = [];
  const articleFigures = new Set(
    article.claims.filter((c) => c.unit !== null).map((c) => figureKey(c)),
  );
  const articleFacts = new Map<string, ExtractedClaim[]>();
  article.claims.forEach((c, i) => {
    const found = factOf(c, article.bound[i]!, facts, article.language);
    if (!found || found.contradicts) return;
    articleFacts.set(found.fact.id, [...(articleFacts.get(found.fact.id) ?? []), c]);
  });
  const articleStated = (unit: FactUnit | null, of: readonly ExtractedClaim[]) => [
    ...new Set(of.filter((c) => c.unit === unit).map((c) => formatFigure(c))),
  ];
  const articleSentences = kitSentences(article);
  asset.claims.forEach((claim, i) => {
    const found = factOf(claim, asset.bound[i]!, facts, asset.language);
    const figure = claim.unit === null ? null : formatFigure(claim);
    if (found && !briefIds.has(found.fact.id)) {
      out.push({
        code: "kit.fact-mismatch",
        message: MESSAGES.factNotInBrief(asset.asset, found.fact.statement),
      });
      return;
    }
    if (found?.contradicts && figure !== null) {
      out.push({
        code: "kit.number-mismatch",
        message: MESSAGES.figureAgainstFact(
          asset.asset,
          figure,
          factFigure(found.fact) ?? "another figure",
          articleStated(claim.unit, articleFacts.get(found.fact.id) ?? []),
        ),
      });
      return;
    }
    if (found && !articleFacts.has(found.fact.id)) {
      out.push({
        code: "kit.fact-mismatch",
        message: MESSAGES.factNotInArticle(asset.asset, found.fact.statement),
      });
      return;
    }
    if (figure !== null) {
      if (articleFigures.has(figureKey(claim))) return;
      // The article states the fact with another figure (both within the fact's tolerance).
      const stated = found ? articleStated(claim.unit, articleFacts.get(found.fact.id) ?? []) : [];
      out.push({
        code: "kit.number-mismatch",
        message: MESSAGES.figureNotInArticle(
          asset.asset,
          figure,
          stated.length > 0 ? stated : articleStated(claim.unit, article.claims),
        ),
      });
      return;
    }
    if (!found && !backedByArticle(claim, articleSentences)) {
      out.push({
        code: "kit.unsupported-claim",
        message: MESSAGES.unsupportedClaim(asset.asset, claim.text),
      });
    }
  });
  return out;
}

const kitSentences = (a: KitCellAsset) =>
  kitSections(a.text, a.language).flatMap((s) => s.text.split("\n").flatMap(splitSentences));

/** Whether an article sentence says what the claim says: its words, and every number in it. */
function backedByArticle(claim: ExtractedClaim, sentences: readonly string[]): boolean {
  const numbers = claim.text.match(/\d+/g) ?? [];
  return sentences.some(
    (s) =>
      numbers.every((n) => new RegExp(String.raw`(?<!\d)${n}(?!\d)`).test(s)) &&
      phraseCoverage(claim.text, claimContext(s), { synonyms: false }) >= BACKED,
  );
}

/** A name as a whole phrase, any case ("Demo" not inside "Demonstration"). */
const namePattern = (name: string, flags = "giu") =>
  new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRegExp(name.trim())}(?![\p{L}\p{N}])`, flags);

function offerFindings(asset: KitCellAsset, input: KitCheckInput): KitCheckFinding[] {
  if (asset.asset === "image-prompt") return [];
  const out: KitCheckFinding[] = [];
  const stage = input.offer;
  let text = visibleText(asset.text);
  const urls = urlsOf(asset.text);
  const stageUrl = stage ? normaliseUrl(stage.url) : null;
  const carries =
    stage !== null &&
    ((stage.name.trim() !== "" && namePattern(stage.name).test(text)) || urls.has(stageUrl!));
  if (stage && !carries && CARRIES_OFFER.has(asset.asset)) {
    out.push({ code: "kit.offer-missing", message: MESSAGES.offerMissing(asset.asset, stage) });
  }
  // The stage's own name is taken out first, so an offer whose name is part of it is not seen.
  if (stage && stage.name.trim() !== "") text = text.replace(namePattern(stage.name), " ");
  for (const other of input.profileOffers) {
    if (stage && other.name === stage.name) continue;
    const otherUrl = normaliseUrl(other.url);
    if (otherUrl === stageUrl) continue;
    const named = other.name.trim() !== "" && namePattern(other.name).test(text);
    if (named || urls.has(otherUrl)) {
      out.push({
        code: "kit.offer-mismatch",
        message: MESSAGES.offerMismatch(asset.asset, other.name, stage),
      });
    }
  }
  return out;
}

/**
 * The words of a name: split at spaces, hyphens and underscores, and inside camel case where
 * both sides have two letters or more ("CostEngine" → Cost, Engine; "aPriori" stays whole).
 */
function nameParts(name: string): string[] {
  return name
    .trim()
    .split(/[\s_-]+/)
    .flatMap((w) => w.split(/(?<=\p{Ll}{2})(?=\p{Lu}\p{Ll})/u))
    .filter(Boolean);
}

function spellingFindings(asset: KitCellAsset, productNames: readonly string[]): KitCheckFinding[] {
  const names = [...new Set(productNames.map((n) => n.trim()).filter((n) => n.length > 1))].sort(
    (a, b) => b.length - a.length,
  );
  // Addresses are not prose: "cost-engine" in a URL is not a misspelling.
  const text = visibleText(asset.text).replace(/\b(?:https?:\/\/|www\.)\S+/gi, (u) =>
    " ".repeat(u.length),
  );
  const covered = new Uint8Array(text.length);
  const out: KitCheckFinding[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const parts = nameParts(name);
    const pattern = new RegExp(
      String.raw`(?<![\p{L}\p{N}])${parts.map(escapeRegExp).join(String.raw`[\s_-]*`)}(?![\p{L}\p{N}])`,
      "giu",
    );
    const spacing = name.replace(/[^\s_-]+/g, "x");
    for (const m of text.matchAll(pattern)) {
      const start = m.index ?? 0;
      const written = m[0];
      if (covered.subarray(start, start + written.length).includes(1)) continue;
      covered.fill(1, start, start + written.length);
      if (written === name || seen.has(written)) continue;
      const commonNoun =
        parts.length > 1 &&
        written === written.toLowerCase() &&
        written.replace(/[^\s_-]+/g, "x") === spacing;
      if (commonNoun) continue;
      seen.add(written);
      out.push({
        code: "kit.product-spelling",
        message: MESSAGES.productSpelling(written, name),
        fix: { from: written, to: name },
      });
    }
  }
  return out;
}
