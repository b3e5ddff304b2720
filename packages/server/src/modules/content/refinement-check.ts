import type {
  QualityClaim,
  QualityFinding,
  QualityFindingCode,
  QualityReport,
} from "@content-studio/contract";
import { toPlainText } from "../../lib/html";
import type { ContentBrief, DraftContent } from "../ai/writer";

/**
 * Whether a refinement candidate makes the text better, judged against the draft it came from:
 * it must remove at least one named finding, add no finding code the draft did not have, add
 * no unsupported claim, append no boilerplate (a block of reference-data sentences, or approved
 * facts listed together), put a fact only where its subject words fit, and not score lower.
 * Pure; the reports are computed by the caller.
 */
export type RefinementRefusal =
  | "no_finding_removed"
  | "finding_added"
  | "claim_added"
  | "boilerplate_appended"
  | "fact_out_of_place"
  | "lower_score";

export type RefinementVerdict =
  { keep: true } | { keep: false; reason: RefinementRefusal; codes?: QualityFindingCode[] };

const claimKey = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Claims a refinement added that no approved fact supports (unsupported or contradicted and not
 * in the draft before). A refinement may remove such claims or replace them with approved facts,
 * never add them: a draft with any is rejected.
 */
export function addedUnsupportedClaims(
  before: QualityReport,
  after: QualityReport,
): QualityClaim[] {
  const known = new Set(before.claims.map((c) => claimKey(c.text)));
  return after.claims.filter(
    (c) =>
      (c.status === "unsupported" ||
        c.status === "contradicted" ||
        c.status === "misattributed" ||
        c.status === "unsourced") &&
      !known.has(claimKey(c.text)),
  );
}

/**
 * Codes that measure a degree (length, reading grade, layout, vocabulary density, similarity)
 * rather than name a
 * defect: any rewrite moves them, and the overall score already weighs them, so a candidate
 * may add one of these as long as it scores no lower. Every other code (claims, audience,
 * stage, substance, style, the gates) must not appear in a candidate that the draft lacked.
 */
const MEASUREMENT_CODES = new Set<QualityFindingCode>([
  "section_length",
  "few_subheadings",
  "long_paragraph",
  "no_list",
  "too_dense",
  "too_simple",
  "long_sentences",
  "key_metric_unused",
  "industry_vocabulary_thin",
  "closer_to_bad_example",
  "study_good_example",
]);

/** Every finding of a report: the gates and each criterion's. */
function allFindings(report: QualityReport): QualityFinding[] {
  return [...report.findings, ...report.criteria.flatMap((c) => c.findings)];
}

/** How many distinct findings each code has (a finding listed twice counts once). */
function codeCounts(report: QualityReport): Map<QualityFindingCode, number> {
  const seen = new Set<string>();
  const counts = new Map<QualityFindingCode, number>();
  for (const f of allFindings(report)) {
    const key = JSON.stringify(f);
    if (seen.has(key)) continue;
    seen.add(key);
    counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  }
  return counts;
}

const norm = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%]+/gu, " ")
    .trim();

/** The body's blocks (paragraphs, list items, headings) as plain text, with their heading. */
function blocksOf(html: string): { text: string; heading: string; tag: string }[] {
  const out: { text: string; heading: string; tag: string }[] = [];
  let heading = "";
  for (const m of html.matchAll(/<(p|li|h[1-6]|blockquote|td)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const tag = m[1]!.toLowerCase();
    const text = toPlainText(m[2] ?? "");
    if (/^h[1-6]$/.test(tag)) heading = text;
    out.push({ text, heading, tag });
  }
  return out;
}

/** Sentences and list items of the reference data: the persona's and industry's own wording. */
function referenceSentences(brief: ContentBrief): string[] {
  const p = brief.persona;
  const i = brief.industry;
  const journey = Object.values(p.buyingJourney).flatMap((stage) =>
    Object.values(stage).flatMap((v) => (Array.isArray(v) ? v : [])),
  );
  return [
    ...p.description.split(/(?<=[.!?])\s+/),
    ...p.painPoints,
    ...p.goals,
    ...p.keyMetrics,
    ...p.contentPreferences,
    ...journey,
    ...i.keyDrivers,
    ...i.topChallenges,
    ...i.contentStrategies,
  ]
    .map(norm)
    .filter((s) => s.split(" ").length >= 4);
}

/** Words of a text that say what it is about (no figures, no short function words). */
function subjectWords(text: string): Set<string> {
  return new Set(
    norm(text)
      .split(" ")
      .filter((w) => w.length >= 4 && !/\d/.test(w))
      .map((w) => w.replace(/(?:ings?|ed|es|s)$/, "")),
  );
}

/**
 * What the candidate adds that reads as pasted boilerplate or a misplaced fact: a new block that
 * is a reference-data sentence, two or more approved facts added together (in one block, or as
 * items of new lists), or a fact added to a passage that shares none of its subject words.
 */
export function appendedBoilerplate(
  brief: ContentBrief,
  draft: DraftContent,
  candidate: DraftContent,
): "boilerplate_appended" | "fact_out_of_place" | null {
  const before = new Set(blocksOf(draft.body).map((b) => norm(b.text)));
  const added = blocksOf(candidate.body).filter((b) => b.text && !before.has(norm(b.text)));
  const reference = referenceSentences(brief);
  const facts = (brief.approvedFacts ?? []).map((f) => ({ ...f, key: norm(f.statement) }));
  const draftText = norm([draft.introduction, toPlainText(draft.body), draft.conclusion].join(" "));
  const withFacts = added.map((block) => {
    const text = norm(block.text);
    const stated = facts.filter((f) => text.includes(f.key) && !draftText.includes(f.key));
    return { block, text, stated };
  });
  // Reference-data sentences, or facts listed together (in one block or as new list items).
  const listed = withFacts.filter((b) => b.block.tag === "li").flatMap((b) => b.stated);
  if (
    listed.length >= 2 ||
    withFacts.some((b) => b.stated.length >= 2 || reference.some((r) => b.text.includes(r)))
  ) {
    return "boilerplate_appended";
  }
  for (const { block, text, stated } of withFacts) {
    for (const fact of stated) {
      // The passage around the fact: the block without it, and its section heading.
      const passage = subjectWords(`${text.replace(fact.key, " ")} ${block.heading}`);
      const shares = [...subjectWords(fact.statement)].some((w) => passage.has(w));
      if (!shares) return "fact_out_of_place";
    }
  }
  return null;
}

/** Whether the candidate uses a primary keyword the user asked for that the draft lacked. */
function keywordNowUsed(extra: readonly QualityFinding[], draft: DraftContent, next: DraftContent) {
  return extra.some((f) => {
    if (f.code !== "use_primary_keyword") return false;
    const k = f.keyword.toLowerCase();
    const has = (d: DraftContent) => `${d.headline} ${d.introduction}`.toLowerCase().includes(k);
    return !has(draft) && has(next);
  });
}

export function judgeRefinement(input: {
  brief: ContentBrief;
  draft: DraftContent;
  before: QualityReport;
  candidate: DraftContent;
  after: QualityReport;
  /** Findings the user asked for (a primary keyword): meeting one counts as a removal. */
  requested?: readonly QualityFinding[];
}): RefinementVerdict {
  const { brief, draft, before, candidate, after } = input;
  if (addedUnsupportedClaims(before, after).length > 0)
    return { keep: false, reason: "claim_added" };
  const boilerplate = appendedBoilerplate(brief, draft, candidate);
  if (boilerplate) return { keep: false, reason: boilerplate };
  const was = codeCounts(before);
  const now = codeCounts(after);
  const addedCodes = [...now.keys()].filter(
    (code) => !was.has(code) && !MEASUREMENT_CODES.has(code),
  );
  if (addedCodes.length > 0) return { keep: false, reason: "finding_added", codes: addedCodes };
  const removed =
    [...was.entries()].some(([code, n]) => (now.get(code) ?? 0) < n) ||
    keywordNowUsed(input.requested ?? [], draft, candidate);
  if (!removed) return { keep: false, reason: "no_finding_removed" };
  if (after.overall < before.overall) return { keep: false, reason: "lower_score" };
  return { keep: true };
}
