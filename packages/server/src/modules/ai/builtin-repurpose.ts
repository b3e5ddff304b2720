import { REPURPOSE_LIMITS, type BuyingStage, type ContentType } from "@content-studio/contract";
import { charLength, cutAtSentence, xLength } from "@content-studio/contract";
import { replaceBannedPhrases } from "./builtin-phrases";
import { briefSeed, clip, stripTags, tidy, upperFirst, withArticle } from "./builtin-text";
import { analyzeTopic, overlap, stemsOf } from "./builtin-topic";
import type { ContentBrief, DraftContent, RepurposedContent } from "./writer";

/**
 * Channel versions of a draft: a LinkedIn post (≤ 3,000 characters), an X post (≤ 280, a link
 * counting 23), three email subject lines (≤ 60 each) and a newsletter blurb (≤ 600). Each
 * `variation` rotates every template list by one, so a new variation always reads differently;
 * the same variation always reads the same.
 */

const TYPE_NOUN: Record<ContentType, string> = {
  "thought-leadership": "article",
  "case-study": "case study",
  "technical-guide": "guide",
  "industry-report": "report",
};

const STAGE_ASK: Record<BuyingStage, readonly string[]> = {
  awareness: [
    "Read the full {noun} and see how your programs compare.",
    "The full {noun} includes questions to take to your next program review.",
    "Read the {noun}, then start by measuring how many of last year's changes were driven by cost.",
  ],
  consideration: [
    "Read the full {noun}, then compare the options against your own criteria.",
    "The full {noun} lists the criteria worth testing before you choose an approach.",
    "Use the {noun} to evaluate the options side by side on one of your own programs.",
  ],
  decision: [
    "Read the full {noun} and scope a pilot on one live program.",
    "The full {noun} covers the business case and the objections your committee will raise.",
    "Use the {noun} to plan a pilot with clear success criteria.",
  ],
};

const HASHTAGS = [
  "#DesignToCost",
  "#ProductCost",
  "#ShouldCost",
  "#EngineeringLeadership",
  "#NPI",
  "#Manufacturing",
];

function plainSentences(text: string): string[] {
  return stripTags(text)
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function headingsOf(body: string): string[] {
  return [...body.matchAll(/<h[23]\b[^>]*>([\s\S]*?)<\/h[23]>/gi)]
    .map((m) => tidy(stripTags(m[1] ?? "")).replace(/^"|"$/g, ""))
    .filter((s) => s.length > 0 && s.length <= 80);
}

export function composeRepurposed(
  brief: ContentBrief,
  draft: DraftContent,
  variation: number,
): RepurposedContent {
  const base = briefSeed(brief, "repurpose");
  const v = Math.max(0, Math.floor(variation));
  /** The k-th template list, rotated by the variation. */
  const choose = <T>(items: readonly T[], k = 0): T => items[(base + v + k * 7) % items.length]!;
  const noun = TYPE_NOUN[brief.contentType];
  const industry = brief.industry.name.toLowerCase();
  const industryTag = `#${brief.industry.name.replace(/[^A-Za-z0-9]/g, "")}`;
  const headline = tidy(stripTags(draft.headline)) || upperFirst(clip(brief.topic, 90));
  const info = analyzeTopic(brief.topic);
  const topic = info.short;
  const intro = plainSentences(draft.introduction);
  // Figures only from approved facts that share the topic's words, the most relevant first.
  const facts = (brief.approvedFacts ?? [])
    .map((f) => ({ f, score: overlap(stemsOf(f.statement), info.stems) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((r) => tidy(r.f.statement));
  const points = headingsOf(draft.body).slice(0, 3);
  const ask = choose(STAGE_ASK[brief.buyingStage], 1).replace("{noun}", noun);
  const tags = [industryTag, ...[0, 1].map((i) => HASHTAGS[(base + v + i * 3) % HASHTAGS.length]!)];
  const uniqueTags = [...new Set(tags)];

  // LinkedIn
  const hook = choose(
    [
      headline,
      `A question for ${industry} engineering leaders: where does cost really get decided on your programs?`,
      `On many ${industry} programs, the cost surprise arrives after the design is frozen. It does not have to.`,
    ],
    2,
  );
  const listBlock =
    facts.length > 0
      ? `${choose(["The evidence:", "What the evidence shows:"], 3)}\n${facts
          .slice(0, 3)
          .map((m) => `• ${m}`)
          .join("\n")}`
      : points.length > 0
        ? `${choose(["Inside the " + noun + ":", "What the " + noun + " covers:"], 3)}\n${points.map((p) => `• ${p}`).join("\n")}`
        : "";
  const linkedin = [hook, intro.slice(0, 2).join(" "), listBlock, ask, uniqueTags.join(" ")]
    .filter(Boolean)
    .join("\n\n");

  // X: the text must fit with its hashtag; the metric goes first when it has to.
  const xMain = choose([headline, `New ${noun}: ${headline}`], 4);
  const xMetric = facts.length > 0 ? `${facts[0]}.` : "";
  const xTag = uniqueTags[0]!;
  const xCandidates = [
    [ensureStop(xMain), xMetric, xTag],
    [ensureStop(xMain), xTag],
    [ensureStop(headline), xTag],
  ].map((parts) => parts.filter(Boolean).join(" "));
  const x =
    xCandidates.find((c) => xLength(c) <= REPURPOSE_LIMITS.x) ??
    `${cutAtSentence(headline, REPURPOSE_LIMITS.x - xTag.length - 1, { measure: xLength })} ${xTag}`;

  // Email subject lines: three different, complete phrases of at most 60 characters, built
  // from the headline and the topic (so unrelated pieces get different ones). A line that does
  // not fit is left out, never cut.
  const Topic = upperFirst(topic);
  const stageLine: Record<BuyingStage, string> = {
    awareness: `Questions on ${topic} for your next review`,
    consideration: `Comparing approaches to ${topic}`,
    decision: `The business case for ${topic}`,
  };
  const subjectPool = [
    headline,
    info.text,
    `${Topic}: what ${industry} leaders should weigh`,
    stageLine[brief.buyingStage],
    `${Topic} on ${industry} programs`,
    `${upperFirst(withArticle(noun))} on ${topic}`,
    `${Topic}, for the ${brief.persona.title}`,
    `${Topic}: a new ${noun}`,
    Topic,
  ].map((s) => replaceBannedPhrases(s.replace(/\s+/g, " ").trim()));
  const fallback = [
    `A new ${noun} for ${industry} teams`,
    `For ${industry} engineering leaders`,
    `New from ${brief.companyName}`,
  ];
  const fits = (s: string) => s.length > 0 && charLength(s) <= REPURPOSE_LIMITS.emailSubject;
  let pool = [...new Set(subjectPool)].filter(fits);
  if (pool.length < REPURPOSE_LIMITS.emailSubjects)
    pool = [...new Set([...pool, ...fallback.filter(fits)])];
  const emailSubjects: string[] = [];
  for (let i = 0; emailSubjects.length < REPURPOSE_LIMITS.emailSubjects && i < pool.length; i++) {
    // Each variation starts a whole set further on, so a regenerated set is a new set.
    emailSubjects.push(pool[(v * REPURPOSE_LIMITS.emailSubjects + i) % pool.length]!);
  }

  // Newsletter
  const lead = choose(
    [
      `New ${noun}: ${ensureStop(headline)}`,
      ensureStop(headline),
      `This week: ${ensureStop(headline)}`,
    ],
    6,
  );
  const newsletter = cutAtSentence(
    [lead, intro.slice(0, 2).join(" "), ask].filter(Boolean).join(" "),
    REPURPOSE_LIMITS.newsletter,
  );

  const clean = (s: string) => replaceBannedPhrases(s);
  return {
    linkedin: cutAtSentence(clean(linkedin), REPURPOSE_LIMITS.linkedin),
    x: fitX(clean(x)),
    emailSubjects,
    newsletter:
      charLength(clean(newsletter)) <= REPURPOSE_LIMITS.newsletter ? clean(newsletter) : newsletter,
  };
}

function ensureStop(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function fitX(text: string): string {
  return xLength(text) <= REPURPOSE_LIMITS.x
    ? text
    : cutAtSentence(text, REPURPOSE_LIMITS.x, { measure: xLength });
}
