import { z } from "zod";

/**
 * Quality findings as data: every problem the quality check finds is a closed `code` with its
 * parameters (the offending text, counts, names). The English is rendered from the code in one
 * place, {@link describeFinding}; server, web and the refine step read codes, never sentences.
 */

const SectionSchema = z.enum(["headline", "introduction", "body", "conclusion"]);
export type QualitySection = z.infer<typeof SectionSchema>;

const StageSchema = z.enum(["awareness", "consideration", "decision"]);

/** The kinds of claim the check extracts from copy. */
export const CLAIM_KINDS = [
  "percentage",
  "currency",
  "multiplier",
  "count",
  "survey",
  "named_customer",
  "certification",
  "superlative",
  "guarantee",
] as const;
export const ClaimKindSchema = z.enum(CLAIM_KINDS);
export type ClaimKind = z.infer<typeof ClaimKindSchema>;

const text = z.string().max(2_000);

export const QualityFindingSchema = z.discriminatedUnion("code", [
  // Structure
  z.object({
    code: z.literal("section_length"),
    section: SectionSchema,
    words: z.number().int(),
    min: z.number().int(),
    max: z.number().int(),
  }),
  z.object({
    code: z.literal("few_subheadings"),
    count: z.number().int(),
    words: z.number().int(),
  }),
  z.object({ code: z.literal("long_paragraph"), words: z.number().int(), start: text }),
  z.object({ code: z.literal("no_list") }),
  // Topic
  z.object({ code: z.literal("off_topic"), topic: text, missing: z.array(text) }),
  z.object({ code: z.literal("topic_too_vague"), topic: text }),
  z.object({ code: z.literal("topic_is_instruction"), topic: text }),
  // Audience fit
  z.object({ code: z.literal("persona_mismatch"), persona: text, closer: text }),
  z.object({ code: z.literal("persona_not_addressed"), persona: text }),
  z.object({ code: z.literal("persona_concern_missing"), persona: text, example: text }),
  z.object({ code: z.literal("role_not_named"), persona: text }),
  z.object({
    code: z.literal("industry_mismatch"),
    industry: text,
    closer: text,
    terms: z.array(text),
  }),
  z.object({ code: z.literal("industry_not_named"), industry: text }),
  z.object({ code: z.literal("industry_challenge_missing"), industry: text, example: text }),
  z.object({
    code: z.literal("industry_vocabulary_thin"),
    industry: text,
    examples: z.array(text),
  }),
  // Buying stage
  z.object({ code: z.literal("stage_mismatch"), stage: StageSchema, closer: StageSchema }),
  z.object({ code: z.literal("cta_missing"), stage: StageSchema }),
  z.object({ code: z.literal("cta_wrong_stage"), stage: StageSchema, found: StageSchema }),
  z.object({
    code: z.literal("stage_concern_missing"),
    stage: StageSchema,
    persona: text,
    example: text,
  }),
  z.object({ code: z.literal("hard_sell"), stage: StageSchema, text, sentence: text }),
  // Substance
  z.object({
    code: z.literal("keyword_stuffing"),
    functionWordShare: z.number(),
    terms: z.array(text),
  }),
  z.object({ code: z.literal("list_without_argument"), listWords: z.number().int() }),
  z.object({ code: z.literal("restated_point"), sentence: text, times: z.number().int() }),
  z.object({
    code: z.literal("copied_between_sections"),
    text,
    sections: z.array(SectionSchema),
  }),
  // Evidence and claims
  z.object({ code: z.literal("key_metric_unused"), metric: text }),
  z.object({
    code: z.literal("unsupported_claim"),
    kind: ClaimKindSchema,
    text,
    sentence: text,
  }),
  z.object({
    code: z.literal("contradicted_claim"),
    kind: ClaimKindSchema,
    text,
    sentence: text,
    factId: z.string(),
    fact: text,
  }),
  z.object({
    code: z.literal("expired_claim"),
    kind: ClaimKindSchema,
    text,
    sentence: text,
    factId: z.string(),
    fact: text,
    expiredOn: z.string(),
  }),
  // Readability
  z.object({ code: z.literal("too_dense"), grade: z.number(), ease: z.number() }),
  z.object({ code: z.literal("too_simple"), grade: z.number(), ease: z.number() }),
  z.object({ code: z.literal("long_sentences"), count: z.number().int() }),
  // Style and tone
  z.object({ code: z.literal("banned_phrase"), phrase: text, count: z.number().int() }),
  z.object({ code: z.literal("exclamation_marks"), count: z.number().int() }),
  z.object({ code: z.literal("placeholder"), text }),
  z.object({
    code: z.literal("brand_misspelt"),
    text,
    companyName: text,
    solutions: z.array(text),
  }),
  z.object({ code: z.literal("vendor_centric"), we: z.number().int(), you: z.number().int() }),
  z.object({ code: z.literal("disparaging_claim"), text, sentence: text }),
  z.object({ code: z.literal("absolute_claim"), text, sentence: text }),
  z.object({
    code: z.literal("claim_misattributed"),
    kind: ClaimKindSchema,
    text,
    sentence: text,
    factId: z.string(),
    fact: text,
    /** What differs from the fact: what the figure is about, or which way it goes. */
    differs: z.enum(["subject", "direction", "metric"]),
  }),
  z.object({ code: z.literal("unsourced_figure"), kind: ClaimKindSchema, text, sentence: text }),
  // Gates on the piece as a whole
  z.object({ code: z.literal("wrong_language"), expected: text, found: text }),
  z.object({ code: z.literal("truncated"), section: SectionSchema, end: text }),
  z.object({ code: z.literal("reviewer_instruction"), text }),
  z.object({
    code: z.literal("benchmark_copy"),
    title: text,
    similarity: z.number(),
    source: z.enum(["example", "library"]),
  }),
  z.object({ code: z.literal("generic_copy"), concrete: z.number(), words: z.number().int() }),
  z.object({ code: z.literal("thin_content"), words: z.number().int(), min: z.number().int() }),
  z.object({ code: z.literal("template_boilerplate"), text }),
  z.object({ code: z.literal("repeated_paragraph"), text, times: z.number().int() }),
  z.object({ code: z.literal("outline_draft") }),
  // The editor's review by the configured model judged the piece poor
  z.object({
    code: z.literal("editor_review_low"),
    /** The review's overall score, 0–1. */
    score: z.number(),
    /** Below this the review caps the overall score. */
    threshold: z.number(),
    /** Label of the criterion the review scored lowest. */
    weakest: text,
  }),
  // Requested by the user for a refinement (not a problem the check found)
  z.object({ code: z.literal("use_primary_keyword"), keyword: text }),
  // Benchmark similarity
  z.object({ code: z.literal("closer_to_bad_example"), title: text, similarity: z.number() }),
  z.object({ code: z.literal("study_good_example"), title: text, similarity: z.number() }),
]);
export type QualityFinding = z.infer<typeof QualityFindingSchema>;
export type QualityFindingCode = QualityFinding["code"];

const STAGE_NEXT_STEP: Record<z.infer<typeof StageSchema>, string> = {
  awareness: "invite the reader to read a guide or report, or to benchmark their own team",
  consideration: "offer a comparison guide, checklist, scorecard, webinar or technical walkthrough",
  decision: "offer a pilot, a business case, an ROI assessment or a conversation with your team",
};

const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  percentage: "percentage",
  currency: "amount",
  multiplier: "multiplier",
  count: "count",
  survey: "survey figure",
  named_customer: "named-customer result",
  certification: "certification",
  superlative: "superlative",
  guarantee: "guarantee",
};

const quote = (s: string) => `'${s}'`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const lowerFirst = (s: string) =>
  /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
const article = (noun: string) => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
const SECTION_RANGE_HINT: Record<QualitySection, string> = {
  headline: "a specific claim",
  introduction: "the problem and why it matters to the reader",
  body: "evidence and examples",
  conclusion: "a concrete next step",
};

/** The English for a finding: what is wrong and what to change, in one sentence or two. */
export function describeFinding(f: QualityFinding): string {
  switch (f.code) {
    case "section_length":
      return f.words < f.min
        ? `Develop the ${f.section} to ${f.min}–${f.max} words with ${SECTION_RANGE_HINT[f.section]} (it has ${f.words}).`
        : `Shorten the ${f.section} to ${f.min}–${f.max} words (it has ${f.words}).`;
    case "few_subheadings":
      return `Add subheadings (it has ${f.count}) so a busy reader can scan the body's ${f.words} words.`;
    case "long_paragraph":
      return `Split the ${f.words}-word paragraph starting '${f.start}' into paragraphs of under 120 words.`;
    case "no_list":
      return "Turn a run of parallel points (criteria, steps, results) into a bulleted list.";
    case "off_topic":
      return `The draft is not about the topic '${f.topic}'${f.missing.length ? `: it never deals with ${f.missing.map(quote).join(", ")}` : ""}. Write about the topic asked for.`;
    case "topic_is_instruction":
      return `The topic '${f.topic}' is an instruction to the writer, not a subject: state what the piece is about.`;
    case "topic_too_vague":
      return `The topic '${f.topic}' is too vague to check the draft against: state the subject in a few specific words.`;
    case "persona_mismatch":
      return `The copy speaks to ${article(f.closer)}, not to the ${f.persona} it is for: rewrite it around the ${f.persona}'s responsibilities and concerns.`;
    case "persona_not_addressed":
      return `Nothing in the copy addresses what the ${f.persona} is responsible for: connect it to their pain points, goals and the metrics they report on.`;
    case "persona_concern_missing":
      return `Connect the piece to a concern the ${f.persona} owns, e.g. '${lowerFirst(f.example)}'.`;
    case "role_not_named":
      return `Address the reader as ${article(f.persona)} at least once.`;
    case "industry_mismatch":
      return `The copy is written for ${f.closer}, not ${f.industry}${f.terms.length ? ` (${f.terms.slice(0, 4).map(quote).join(", ")})` : ""}: use the ${f.industry} reader's programs, parts and constraints.`;
    case "industry_not_named":
      return `Name the industry (${f.industry}) in the headline or introduction.`;
    case "industry_challenge_missing":
      return `Address ${article(f.industry)} challenge directly, e.g. '${lowerFirst(f.example)}'.`;
    case "industry_vocabulary_thin":
      return `Use the language of ${f.industry} engineering where it is accurate${f.examples.length ? ` (e.g. ${f.examples.map(quote).join(", ")})` : ""}.`;
    case "stage_mismatch":
      return `The piece is written for the ${f.closer} stage, not ${f.stage}: ${STAGE_NEXT_STEP[f.stage]}, and give the body the substance that stage needs.`;
    case "cta_missing":
      return `End with a call to action for the ${f.stage} stage: ${STAGE_NEXT_STEP[f.stage]}.`;
    case "cta_wrong_stage":
      return `The call to action suits the ${f.found} stage, not ${f.stage}: ${STAGE_NEXT_STEP[f.stage]}.`;
    case "stage_concern_missing":
      return f.stage === "decision"
        ? `Answer a typical objection of the ${f.persona}, e.g. '${lowerFirst(f.example)}'.`
        : f.stage === "consideration"
          ? `Address an evaluation criterion the ${f.persona} uses, e.g. '${lowerFirst(f.example)}'.`
          : `Open with a problem the ${f.persona} already feels, e.g. '${lowerFirst(f.example)}'.`;
    case "hard_sell":
      return `Remove the sales push '${f.text}' ("${f.sentence}"): at the ${f.stage} stage ${STAGE_NEXT_STEP[f.stage]}.`;
    case "keyword_stuffing":
      return `The copy is a list of keywords, not an argument${f.terms.length ? ` (${f.terms.slice(0, 4).map(quote).join(", ")})` : ""}: explain causes, consequences and what to do in full sentences.`;
    case "list_without_argument":
      return `The body is mostly bullet points (${f.listWords} words of lists) with no argument around them: explain in prose why each point matters.`;
    case "restated_point":
      return `The same point is made ${f.times} times ('${f.sentence}'): say it once and use the space for evidence or an example.`;
    case "copied_between_sections":
      return `'${f.text}' is repeated in the ${f.sections.join(" and ")}: each section should add something new.`;
    case "key_metric_unused":
      return `Use the chosen key metric '${f.metric}' with the context it applies to.`;
    case "unsupported_claim":
      return `Remove the ${CLAIM_KIND_LABELS[f.kind]} '${f.text}' or replace it with an approved fact: no approved fact supports it ("${f.sentence}").`;
    case "contradicted_claim":
      return `'${f.text}' contradicts the approved fact '${f.fact}': use the approved figure or remove the claim ("${f.sentence}").`;
    case "expired_claim":
      return `'${f.text}' relies on the fact '${f.fact}', which expired on ${f.expiredOn}: renew the fact or remove the claim.`;
    case "too_dense":
      return `Shorten long sentences and swap abstract multi-syllable words for concrete ones (grade ${f.grade.toFixed(1)}, reading ease ${f.ease.toFixed(1)}).`;
    case "too_simple":
      return `The writing is simpler than engineering executives expect (grade ${f.grade.toFixed(1)}): use the precise terms and fuller sentences of a peer.`;
    case "long_sentences":
      return `Break up the ${plural(f.count, "sentence")} over 40 words.`;
    case "banned_phrase":
      return `Replace '${f.phrase}' (banned phrase${f.count > 1 ? `, ${f.count} times` : ""}) with a specific, verifiable statement.`;
    case "exclamation_marks":
      return `Remove the ${plural(f.count, "exclamation mark")}: engineering leaders read them as consumer marketing.`;
    case "placeholder":
      return `Fill in or remove the placeholder '${f.text}' before publishing.`;
    case "brand_misspelt":
      return `Correct '${f.text}': the company is '${f.companyName}'${f.solutions.length ? ` and its solutions are ${f.solutions.join(", ")}` : ""}.`;
    case "vendor_centric":
      return `Rewrite around the reader's problem: 'we/our' appears ${f.we} times and 'you/your' ${f.you} times.`;
    case "disparaging_claim":
      return `Remove the disparaging claim '${f.text}' ("${f.sentence}"): compare on criteria the reader can check instead.`;
    case "absolute_claim":
      return `Remove the absolute claim '${f.text}' ("${f.sentence}"): no engineering leader believes there is only one option.`;
    case "claim_misattributed":
      return `'${f.text}' borrows the figure of the approved fact '${f.fact}' but says something else (${f.differs === "direction" ? "the opposite direction" : f.differs === "metric" ? "another measure" : "another subject"}): state the fact as approved or remove the figure ("${f.sentence}").`;
    case "unsourced_figure":
      return `Give the source of '${f.text}' or add it to the Proof Library: readers check figures ("${f.sentence}").`;
    case "wrong_language":
      return `The copy is in ${f.expected === f.found ? "another language" : f.found}, not ${f.expected} as the brief asks: write it in ${f.expected}.`;
    case "truncated":
      return `The ${f.section} stops mid-sentence ('${f.end}'): finish it.`;
    case "reviewer_instruction":
      return `Remove the text addressed to a reviewer, grader or model ('${f.text}'): copy speaks to its reader only.`;
    case "benchmark_copy":
      return `The copy is a near-copy of the ${f.source === "library" ? "library item" : "benchmark example"} '${f.title}' (${f.similarity.toFixed(2)}): write original copy for this brief.`;
    case "generic_copy":
      return `The copy says little a reader can use (${f.concrete.toFixed(1)} concrete points per 100 words): add parts, processes, mechanisms, quantities with units and the reasons behind them.`;
    case "thin_content":
      return `The piece is too short to carry an argument (${f.words} words; at least ${f.min}): develop the body with evidence and examples.`;
    case "template_boilerplate":
      return `'${f.text}' is reference data pasted as a sentence: say what it means for this reader and topic in your own words.`;
    case "repeated_paragraph":
      return `A paragraph is said again ${f.times} times in other words ('${f.text}'): keep one and use the space for something new.`;
    case "editor_review_low":
      return `The editor's review judged the piece poor (${f.score.toFixed(2)}, below ${f.threshold.toFixed(2)}), weakest on ${lowerFirst(f.weakest)}: read the review's comments and quoted passages and rework them.`;
    case "outline_draft":
      return "This is an outline from the offline outline writer, not finished copy: write the sections out, or connect an AI provider for written drafts.";
    case "use_primary_keyword":
      return `Use the primary keyword '${f.keyword}' in the headline, in the introduction and in at least one subheading, naturally.`;
    case "closer_to_bad_example":
      return `Reads closer to the bad example '${f.title}' (${f.similarity.toFixed(2)}) than to the good ones: compare the two and remove what they share.`;
    case "study_good_example":
      return `Study the good example '${f.title}' (${f.similarity.toFixed(2)}) for structure and evidence.`;
  }
}
