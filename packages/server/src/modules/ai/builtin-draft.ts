import type { BuyingStage, ContentType } from "@content-studio/contract";
import { containsPhrase } from "./builtin-phrases";
import {
  Picker,
  briefSeed,
  cleanList,
  escapeHtml,
  joinList,
  lowerFirst,
  tidy,
  upperFirst,
  withArticle,
} from "./builtin-text";
import { THEMES, type Theme } from "./builtin-themes";
import { analyzeTopic, overlap, stemsOf, type TopicInfo } from "./builtin-topic";
import type { BriefExample, BriefFact, BriefOffer, ContentBrief, DraftContent } from "./writer";

/**
 * The template writer's first draft. It is not a language model: it fills fixed sentence
 * templates with the brief. The topic chooses the body: paragraph blocks (builtin-themes.ts),
 * pain points, challenges, objections and facts are ranked by the words they share with the
 * topic, so two topics for the same audience read differently. Figures come only from the
 * brief's approved facts, quoted verbatim; calls to action point only at the company's
 * configured offers, else use neutral wording. No network, no key, well under a millisecond.
 */

const TYPE_NOUN: Record<ContentType, string> = {
  "thought-leadership": "article",
  "case-study": "case study",
  "technical-guide": "guide",
  "industry-report": "report",
};

/** Industry context in the industry's own vocabulary. Facts of the trade, no figures. */
const INDUSTRY_CONTEXT: Record<string, readonly string[]> = {
  aerospace: [
    "On an aircraft program, a cost problem found after the critical design review means a change board, a new first article inspection and often a customer approval.",
    "Configuration control makes every late change to an airframe part slow and expensive, so cost has to be settled at the preliminary and critical design reviews rather than after the first supplier quote.",
    "Titanium forgings, castings and composite layups dominate the cost of many aerostructures, and that cost is set by geometry, tolerances and material choices made early in design.",
    "Low production volumes mean each aerospace part carries a large share of its tooling and qualification cost.",
  ],
  automotive: [
    "In a vehicle program, a cost-driven change after tooling kickoff means tool rework, a new production part approval and pressure on the start of production.",
    "Suppliers answer each request for quotation under tight deadlines, while the carmaker expects a cost-down every model year.",
    "Stamped, molded and die-cast parts run at volumes where a small per-part cost error turns into a large annual number.",
    "Electrification moves cost into batteries, power electronics and thermal systems, where many teams have less cost history to draw on.",
  ],
  "high-tech": [
    "Each engineering and design validation build tends to change enclosure and circuit board cost, and the contract manufacturer's quote often arrives after the design is effectively set.",
    "With hardware lifecycles measured in months, teams have little time between concept and release to challenge cost.",
    "When a contract manufacturer builds the product, its cost breakdown stays out of view unless engineering builds its own should-cost.",
    "Component prices and availability change during a program, so an estimate made at concept needs updating before release.",
  ],
  industrial: [
    "In engineer-to-order and configure-to-order equipment, every configured product carries its own cost, and quoting it quickly is part of winning the order.",
    "Legacy product lines often carry weldments, castings and fabrications that have not been re-costed since they were first released.",
    "Steel and copper price swings reach the margin on industrial equipment quickly, and small cost engineering teams support large portfolios.",
    "Long product lives mean a design decision on industrial equipment keeps costing, or saving, for many years.",
  ],
};

const PERSONA_ANGLE: Record<string, readonly string[]> = {
  "vp-engineering": [
    "A VP of Engineering answers for both the schedule and the margin, and a late cost surprise damages both at once.",
    "For a VP of Engineering, the question is whether engineering can show its contribution to gross margin on new products, not only hit launch dates.",
  ],
  "director-engineering": [
    "A director of engineering feels it first, because the rework lands on the teams and schedules they manage.",
    "For a director of engineering, the practical issue is that design engineers get cost feedback weeks after they have moved on.",
  ],
  cto: [
    "For a CTO, this is an architecture question: cost data has to flow with CAD, PLM and ERP data instead of living in spreadsheets.",
    "A CTO looks for the platform decision that connects cost to design data and scales across business units and sites.",
  ],
  "product-manager": [
    "For a product manager, the issue is confidence: target price and the business case rest on cost estimates that arrive late or change often.",
    "A product manager needs to know what each feature and option costs before committing to it, not after the bill of materials has grown.",
  ],
};

const IMAGE_SETTING: Record<string, string> = {
  aerospace: "in an aircraft structures assembly hall",
  automotive: "in a vehicle development center next to a stamping line",
  "high-tech": "in a hardware lab with circuit boards and device enclosures on the bench",
  industrial: "on an industrial equipment assembly floor",
};

type HeadlineStyle = "colon" | "question" | "how" | "statement";

/** What the good examples suggest about form (never their wording). */
export interface ExampleCues {
  headlineStyle: HeadlineStyle | undefined;
  boldLeadIns: boolean;
}

export function exampleCues(examples: readonly BriefExample[]): ExampleCues {
  const styles = new Map<HeadlineStyle, number>();
  let bold = 0;
  for (const e of examples) {
    const style = headlineStyleOf(e.headline || e.title);
    styles.set(style, (styles.get(style) ?? 0) + 1);
    if (/<li>\s*<strong>|^\s*[-*]\s+\*\*/im.test(e.body)) bold += 1;
  }
  const top = [...styles.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return { headlineStyle: top, boldLeadIns: examples.length > 0 && bold * 2 >= examples.length };
}

function headlineStyleOf(headline: string): HeadlineStyle {
  const h = headline.trim();
  if (h.endsWith("?")) return "question";
  if (/^(how|why|what)\b/i.test(h)) return "how";
  if (h.includes(":")) return "colon";
  return "statement";
}

/** Everything the composition needs, resolved once. */
export interface Facts {
  brief: ContentBrief;
  pick: Picker;
  topic: TopicInfo;
  /** The topic's stems plus the primary keyword's: what relevance is measured against. */
  focus: string[];
  /** Themes, most relevant to the topic first. */
  themes: Theme[];
  persona: string;
  aPersona: string;
  industry: string;
  industryName: string;
  noun: string;
  pains: string[];
  goals: string[];
  kpis: string[];
  challenges: string[];
  drivers: string[];
  concerns: string[];
  stakeholders: string[];
  /** Approved facts, most relevant first. */
  facts: BriefFact[];
  /** The offer for this stage, if the company configured one. */
  offer: BriefOffer | undefined;
  /** Chosen key metrics as measures (their figures left out: figures come only from facts). */
  measures: string[];
  solutionNames: string;
  cues: ExampleCues;
}

/**
 * Items sorted by relevance to `focus`. Equal items keep their order, or with a picker are
 * shuffled (its seed holds the topic, so another topic orders them differently).
 */
export function rankByRelevance<T>(
  items: readonly T[],
  focus: readonly string[],
  text: (t: T) => string = String,
  pick?: Picker,
): T[] {
  return items
    .map((item, i) => ({
      item,
      tie: pick ? pick.next() : i,
      score: overlap(stemsOf(text(item)), focus),
    }))
    .sort((a, b) => b.score - a.score || a.tie - b.tie)
    .map((x) => x.item);
}

/** Themes by relevance to the topic; themes the topic does not touch follow in seeded order. */
function rankThemes(focus: readonly string[], pick: Picker): Theme[] {
  const scored = THEMES.map((theme) => ({
    theme,
    score: overlap(theme.terms, focus),
    r: pick.next(),
  }));
  return scored.sort((a, b) => b.score - a.score || a.r - b.r).map((s) => s.theme);
}

/** "35-45% reduction in engineering change orders" → "Engineering change orders". */
export function measureOf(metric: string): string | undefined {
  const text = tidy(metric)
    .replace(/^[^A-Za-z]*\d[^A-Za-z]*/, "")
    .replace(
      /^(?:reduction|decrease|increase|improvement|drop|rise|gain|fewer|faster|lower|higher|better)\s+(?:in\s+)?/i,
      "",
    )
    .trim();
  if (!text || /\d/.test(text)) return undefined;
  return upperFirst(text);
}

export function resolveFacts(brief: ContentBrief, salt: string): Facts {
  const industryName = brief.industry.name;
  const industry = industryName.toLowerCase();
  const topic = analyzeTopic(brief.topic);
  const focus = [...topic.stems, ...stemsOf(brief.primaryKeyword ?? "")];
  const pick = new Picker(briefSeed(brief, salt));
  const journey = brief.persona.buyingJourney;
  const concerns =
    brief.buyingStage === "awareness"
      ? journey.awareness.painPoints
      : brief.buyingStage === "consideration"
        ? journey.consideration.evaluationCriteria
        : journey.decision.objections;
  const rank = (items: readonly string[], n: number) =>
    cleanList(rankByRelevance(items, focus, String, pick), n);
  const stageOffers = (brief.offers ?? []).filter((o) => o.stages.includes(brief.buyingStage));
  return {
    brief,
    pick,
    topic,
    focus,
    themes: rankThemes(focus, pick),
    persona: brief.persona.title,
    aPersona: withArticle(brief.persona.title),
    industry,
    industryName,
    noun: TYPE_NOUN[brief.contentType],
    pains: rank(brief.persona.painPoints, 3),
    goals: rank(brief.persona.goals, 3),
    kpis: rank(brief.persona.keyMetrics, 3),
    challenges: rank(brief.industry.topChallenges, 3),
    drivers: rank(brief.industry.keyDrivers, 3),
    concerns: rank(concerns, 3),
    stakeholders: cleanList(journey.decision.stakeholders, 3),
    facts: rankByRelevance(brief.approvedFacts ?? [], focus, (f) => f.statement).slice(0, 4),
    offer: rankByRelevance(stageOffers, focus, (o) => o.name)[0],
    measures: brief.keyMetrics.map(measureOf).filter((m): m is string => m !== undefined),
    solutionNames: joinList(brief.solutions.map((s) => s.name)) || brief.companyName,
    cues: exampleCues(brief.goodExamples),
  };
}

// ---------------------------------------------------------------------------------------------
// Headline

/**
 * A headline that is grammatical for any topic: the topic stands alone (a question, an
 * imperative) or as a noun phrase before a colon or after a preposition, never as the subject
 * of a verb that would have to agree with it.
 */
export function composeHeadline(f: Facts): string {
  const { brief, pick, topic } = f;
  // "Aerospace cost drivers: what engineering leaders should weigh", not "… aerospace … aerospace".
  const ind = topic.words.includes(f.industry.split(" ")[0]!) ? "" : f.industry;
  const long = topic.text.length > 80;
  const head = upperFirst(long ? topic.phrase : topic.text);
  const np = topic.phrase;
  let candidates: string[];
  if (topic.form === "question" && !long) {
    candidates = [
      topic.text,
      `${topic.text} A view for ${ind} engineering leaders`,
      `${topic.text} What ${ind} programs suggest`,
    ];
    if (brief.contentType === "technical-guide")
      candidates = [`${topic.text} A practical guide for ${ind} teams`];
  } else if (topic.form === "imperative" && !long) {
    candidates = [
      `${topic.text}: a guide for ${ind} engineering teams`,
      `How ${ind} engineering teams can ${lowerFirst(topic.text)}`,
      `${topic.text}: where to start on ${ind} programs`,
    ];
  } else if (topic.clause && !long) {
    candidates = [
      `${head}: what ${ind} engineering leaders should weigh`,
      `${head}: a practical view for ${ind} engineering teams`,
      `${head}: lessons for ${ind} programs`,
    ];
  } else {
    const byType: Record<ContentType, string[]> = {
      "thought-leadership": [
        `${head}: what ${ind} engineering leaders should weigh`,
        `${head}: a practical view for ${ind} engineering teams`,
        ...(topic.gerund ? [] : [`Rethinking ${np} on ${ind} programs`]),
      ],
      "case-study": [`${head} in practice: a composite ${ind} program`],
      "technical-guide": [
        `A practical guide to ${np} for ${ind} engineering teams`,
        `${head}: a step-by-step guide for ${ind} teams`,
      ],
      "industry-report": [`${head}: the state of practice in ${ind} engineering`],
    };
    const byStage: Record<BuyingStage, string[]> = {
      awareness: [],
      consideration: topic.gerund
        ? []
        : [`Evaluating ${np}: what ${ind} engineering teams should compare`],
      decision: [ind ? `The business case for ${np} in ${ind}` : `The business case for ${np}`],
    };
    candidates = [...byType[brief.contentType], ...byStage[brief.buyingStage]];
    // The good examples' form wins when they share one (their wording is never used).
    const style = f.cues.headlineStyle;
    if (style === "question") candidates = [`What does ${np} mean for ${ind} engineering leaders?`];
    if (style === "how") candidates = [`How ${ind} engineering teams approach ${np}`];
    if (style === "colon" && candidates.some((c) => c.includes(":"))) {
      candidates = candidates.filter((c) => c.includes(":"));
    }
  }
  return upperFirst(pick.pick(candidates).replace(/\s{2,}/g, " "));
}

// ---------------------------------------------------------------------------------------------
// Introduction

/** A sentence that names the topic in a frame that fits its form. */
function topicSentence(f: Facts, goal: string | undefined): string {
  const { topic } = f;
  const aim = lowerFirst(goal ?? "protect margin while the design is still open");
  if (asQuestion(topic)) {
    return f.pick.pick([
      `This ${f.noun} takes up the question "${topic.text}"`,
      `The question behind this ${f.noun} is "${topic.text}" Below are the factors that decide the answer.`,
    ]);
  }
  return f.pick.pick([
    `This ${f.noun} looks at ${topic.phrase} and at what it takes to ${aim}.`,
    `This ${f.noun} covers ${topic.phrase}: why it matters now, and how your team can ${aim}.`,
    `Below, we look at ${topic.phrase} and at the practical steps that help your team ${aim}.`,
  ]);
}

/** A question short enough to quote whole; longer ones are represented by their noun phrase. */
function asQuestion(topic: TopicInfo): boolean {
  return topic.form === "question" && topic.text.length <= 100;
}

export function composeIntroduction(f: Facts): string {
  const { pick } = f;
  const challenge = f.challenges[0];
  const pain = f.pains[0];
  const first = challenge
    ? pick.pick([
        `${upperFirst(f.industry)} programs share a familiar problem: ${lowerFirst(challenge)}.`,
        `On ${f.industry} programs, one challenge keeps returning to the program review: ${lowerFirst(challenge)}.`,
        `Ask ${f.industry} engineering leaders about ${f.topic.short}, and the conversation soon turns to ${lowerFirst(challenge)}.`,
      ])
    : `On ${f.industry} programs, cost is set by design choices long before the first supplier quote arrives.`;
  const second = pain
    ? pick.pick([
        `${upperFirst(f.aPersona)} sees the consequence directly: ${lowerFirst(pain)}.`,
        `For ${f.aPersona}, that turns into a daily problem: ${lowerFirst(pain)}.`,
      ])
    : "";
  return [first, second, topicSentence(f, f.goals[0])].filter(Boolean).join(" ");
}

// ---------------------------------------------------------------------------------------------
// Body

const h = (text: string) => escapeHtml(text);

function list(items: readonly string[], boldLeadIns = false): string {
  return `<ul>${items
    .map((item) => {
      const [lead, ...rest] = item.split(/(?<=\.)\s+/);
      return boldLeadIns && rest.length > 0
        ? `<li><strong>${h(lead!)}</strong> ${h(rest.join(" "))}</li>`
        : `<li>${h(item)}</li>`;
    })
    .join("")}</ul>`;
}

function industryContext(f: Facts, n: number): string[] {
  const own = INDUSTRY_CONTEXT[f.brief.industry.id];
  if (!own)
    return [
      `On ${f.industry} programs, cost is set by design choices long before the first supplier quote arrives.`,
    ];
  return rankByRelevance(own, f.focus, String, f.pick).slice(0, n);
}

export function personaAngle(f: Facts): string {
  const own = PERSONA_ANGLE[f.brief.persona.id];
  return own
    ? rankByRelevance(own, f.focus, String, f.pick)[0]!
    : `For ${f.aPersona}, the issue is timing: cost information arrives after the decisions that drive it.`;
}

/** A noun phrase for the topic inside a sentence: a wh-clause is represented by its noun phrase. */
function nounOf(f: Facts): string {
  return f.topic.clause ? f.topic.short : f.topic.phrase;
}

/** The opening of the first body section: the topic in a frame that fits its form. */
function topicOpening(f: Facts): string {
  const { topic, pick } = f;
  if (topic.clause) {
    return `To understand ${topic.phrase}, start with where cost is decided on ${f.industry} programs.`;
  }
  if (asQuestion(topic)) {
    return `There is no single answer to "${topic.text}" but the same factors come up on most ${f.industry} programs.`;
  }
  if (topic.gerund) {
    return pick.pick([
      `${upperFirst(topic.phrase)} starts with knowing where cost is decided.`,
      `${upperFirst(topic.phrase)} depends on decisions made early in the design.`,
    ]);
  }
  return pick.pick([
    `When it comes to ${topic.phrase}, ${f.industry} teams run into the same pattern again and again.`,
    `Behind ${topic.phrase} sits a familiar pattern on ${f.industry} programs.`,
  ]);
}

/** One theme's section: heading and one or two of its paragraphs. */
function themeSection(
  f: Facts,
  theme: Theme,
  opening: string | undefined,
  paragraphs: number,
): string {
  const { pick } = f;
  const chosen = rankByRelevance(theme.paragraphs, f.focus).slice(0, paragraphs);
  const parts = [`<h2>${h(pick.pick(theme.headings))}</h2>`];
  chosen.forEach((p, i) => parts.push(`<p>${h(i === 0 && opening ? `${opening} ${p}` : p)}</p>`));
  return parts.join("");
}

/** The themes the draft covers: the relevant ones, at least two. */
export function draftThemes(f: Facts): Theme[] {
  const relevant = f.themes.filter((t) => overlap(t.terms, f.focus) > 0).slice(0, 3);
  // A topic that touches fewer than two themes gets one more, in the topic's seeded order.
  return relevant.length >= 2 ? relevant : f.themes.slice(0, 2);
}

function contextSection(f: Facts): string {
  const { brief, pick } = f;
  const heading =
    brief.contentType === "case-study"
      ? "The situation"
      : pick.pick([`Why ${f.industry} programs feel it first`, `The ${f.industry} context`]);
  const parts = [`<h2>${h(heading)}</h2>`];
  if (brief.contentType === "case-study") {
    parts.push(
      `<p>${h(`The scenario below is a composite of situations common on ${f.industry} programs, not a single named customer. ${industryContext(f, 1)[0]!}`)}</p>`,
    );
  } else {
    parts.push(`<p>${h(industryContext(f, 2).join(" "))}</p>`);
  }
  if (brief.contentType === "industry-report" && f.challenges.length > 0) {
    parts.push(
      `<p>${h(`Challenges that shape this on ${f.industry} programs:`)}</p>${list(f.challenges)}`,
    );
  } else if (f.drivers.length >= 1) {
    parts.push(
      `<p>${h(
        f.pick.pick([
          `The pressure behind it on ${f.industry} programs: ${lowerFirst(f.drivers[0]!)}.`,
          `What raises the stakes on ${f.industry} programs: ${lowerFirst(f.drivers[0]!)}.`,
        ]),
      )}</p>`,
    );
  }
  if (f.pains.length > 0) {
    const lead = f.pick.pick([
      `In day-to-day work on ${nounOf(f)}, the symptoms are easy to recognize:`,
      `Seen from the ${f.persona}'s desk, the signs are familiar:`,
      `The symptoms show up in the program reviews:`,
    ]);
    parts.push(`<p>${h(`${personaAngle(f)} ${lead}`)}</p>${list(f.pains.slice(0, 2))}`);
  }
  return parts.join("");
}

function practiceSection(f: Facts, themes: readonly Theme[]): string {
  const { brief, pick } = f;
  const steps = themes.flatMap((t) => t.steps).slice(0, 5);
  if (brief.contentType === "technical-guide") {
    return (
      `<h2>${h(pick.pick(["A step-by-step approach", "How to put it into practice"]))}</h2>` +
      `<ol>${steps
        .map((s) => {
          const [lead, ...rest] = s.split(/(?<=\.)\s+/);
          return `<li><strong>${h(lead!)}</strong> ${h(rest.join(" "))}</li>`;
        })
        .join("")}</ol>`
    );
  }
  const heading =
    brief.contentType === "case-study"
      ? "The approach"
      : pick.pick(["Where to start", "What good practice looks like"]);
  return `<h2>${h(heading)}</h2>${list(steps.slice(0, 3), true)}`;
}

function solutionSection(f: Facts): string {
  const { brief, pick } = f;
  if (brief.solutions.length === 0) return "";
  const single = brief.solutions.length === 1;
  const parts = [
    `<h2>${h(single ? `Where ${brief.solutions[0]!.name} fits` : `Where ${brief.companyName} fits`)}</h2>`,
  ];
  brief.solutions.forEach((solution, i) => {
    const goal = f.goals[(i + 1) % Math.max(1, f.goals.length)];
    const tie = goal
      ? pick.pick([
          `For ${f.aPersona}, that supports the goal to ${lowerFirst(goal)}.`,
          `It helps a team ${lowerFirst(goal)}.`,
        ])
      : "";
    const description = cleanList([solution.description], 1)[0];
    parts.push(
      `${single ? "" : `<h3>${h(solution.name)}</h3>`}<p>${h([description ? `${description}.` : "", tie].filter(Boolean).join(" "))}</p>`,
    );
  });
  return parts.join("");
}

/** Approved facts verbatim, or (with none) what to measure: never a figure from anywhere else. */
export function evidenceSection(f: Facts, themes: readonly Theme[]): string {
  if (f.facts.length > 0) {
    return (
      `<h2>${h(f.pick.pick(["The evidence", "What the evidence shows"]))}</h2>` +
      `<p>${h(`These statements come from ${f.brief.companyName}'s approved facts:`)}</p>` +
      list(f.facts.map((fact) => tidy(fact.statement) + "."))
    );
  }
  const measures = [
    ...new Set([
      ...f.measures,
      ...themes.flatMap((t) => t.measures).slice(0, 3),
      ...f.kpis.slice(0, 1),
    ]),
  ].slice(0, 5);
  return (
    `<h2>What to measure</h2>` +
    `<p>${h(`Before changing anything about ${nounOf(f)}, agree on a baseline. For ${f.aPersona}, useful measures are:`)}</p>` +
    list(measures)
  );
}

const OBJECTION_ANSWERS: { test: RegExp; answer: string }[] = [
  {
    test: /spreadsheet|estimator|already have/i,
    answer:
      "Spreadsheets hold real knowledge, but they do not give engineering, procurement and finance one baseline. A pilot shows whether a shared cost model changes decisions on a live program.",
  },
  {
    test: /payback|roi|return|rollout cost|versus measurable/i,
    answer:
      "Build the business case from your own data: pick a program, count last year's cost-driven changes and price them. The pilot then tests that estimate against agreed success criteria.",
  },
  {
    test: /accura|match|actually charge/i,
    answer:
      "Test accuracy directly: cost a set of parts you bought recently and compare the estimates with the actual supplier quotes before you commit.",
  },
  {
    test: /overlap|PLM vendor/i,
    answer:
      "Compare a should-cost from your existing systems with a pilot estimate on the same part. A cost model complements PLM; it does not replace it.",
  },
  {
    test: /integration|migration|PLM/i,
    answer:
      "Scope the integration in phases: start with model and bill-of-materials import, then connect PLM and ERP once the pilot has shown its value.",
  },
  {
    test: /security|\bIP\b|protect/i,
    answer:
      "Review security and deployment options early with IT, including where design data is stored and who can access it.",
  },
  {
    test: /adopt|learn|time to|another tool|compete with/i,
    answer:
      "Keep the rollout small: start with the engineers on one program, inside the tools they already use, and expand only when the results justify it.",
  },
  {
    test: /product management owns|budget has to/i,
    answer:
      "Agree ownership up front: engineering runs the cost model, and product management uses its estimates to set target price and the business case.",
  },
  {
    test: /specialized|processes and materials/i,
    answer:
      "Run the pilot on the parts and processes you consider hardest, so the result answers the question for your real mix.",
  },
];

const FALLBACK_ANSWERS = [
  "Answer it with evidence from a scoped pilot on one live program, with success criteria agreed in advance.",
  "Put it on the pilot's list of success criteria, so the answer comes from your own program rather than a vendor slide.",
];

function answerFor(objection: string, used: ReadonlySet<string>): string {
  const fitting = OBJECTION_ANSWERS.filter((a) => a.test.test(objection)).map((a) => a.answer);
  return [...fitting, ...FALLBACK_ANSWERS].find((a) => !used.has(a)) ?? FALLBACK_ANSWERS[0]!;
}

/** Headings of the stage section, one picked per draft. */
export const STAGE_HEADINGS: Record<BuyingStage, readonly string[]> = {
  awareness: ["Questions to ask your team", "Where to look first"],
  consideration: ["How to evaluate your options", "Criteria for comparing approaches"],
  decision: ["Answering the objections you will hear", "What the buying committee will ask"],
};

export function stageSection(f: Facts, themes: readonly Theme[] = draftThemes(f)): string {
  const { brief, pick } = f;
  if (brief.buyingStage === "awareness") {
    const questions = [
      ...themes.flatMap((t) => t.questions.slice(0, 1)),
      ...themes.flatMap((t) => t.questions.slice(1)),
    ].slice(0, 4);
    return (
      `<h2>${h(pick.pick(STAGE_HEADINGS.awareness))}</h2>` +
      `<p>${h(`Before acting on ${nounOf(f)}, run a short internal review. Start with these questions:`)}</p>` +
      list(questions)
    );
  }
  if (brief.buyingStage === "consideration") {
    const items = [
      ...themes.flatMap((t) => t.criteria.slice(0, 1)),
      ...f.concerns.slice(0, 2).map((c) => tidy(c)),
    ];
    return (
      `<h2>${h(pick.pick(STAGE_HEADINGS.consideration))}</h2>` +
      `<p>${h(`When you compare approaches to ${nounOf(f)}, test each one against the criteria that matter to ${f.aPersona}:`)}</p>` +
      list(items, true)
    );
  }
  const who = f.stakeholders.length > 0 ? joinList(f.stakeholders) : "Finance and procurement";
  const used = new Set<string>();
  const objections = f.concerns
    .slice(0, 2)
    .map((o) => {
      const answer = answerFor(o, used);
      used.add(answer);
      return `<h3>${h(`“${tidy(o)}”`)}</h3><p>${h(answer)}</p>`;
    })
    .join("");
  return (
    `<h2>${h(pick.pick(STAGE_HEADINGS.decision))}</h2>` +
    `<p>${h(`${upperFirst(who)} will each test the case for ${nounOf(f)} from a different angle. Expect objections like these:`)}</p>` +
    objections
  );
}

// ---------------------------------------------------------------------------------------------
// Conclusion

/**
 * The closing call to action: the company's own offer for this stage when one is configured,
 * else a neutral next step that promises nothing (no report, webinar or template that may not
 * exist).
 */
export function stageCallToAction(f: Facts): string {
  const { brief, pick, offer } = f;
  if (offer) {
    const name = tidy(offer.name);
    switch (brief.buyingStage) {
      case "awareness":
        return `To take this further, see ${name}: ${offer.url}`;
      case "consideration":
        return `To compare approaches on your own terms, use ${name}: ${offer.url}`;
      case "decision":
        return `When you are ready to scope it, start with ${name}: ${offer.url}`;
    }
  }
  switch (brief.buyingStage) {
    case "awareness":
      return pick.pick([
        "A useful first step: on one recent program, count the engineering changes that were driven by cost and note when each was found.",
        "Start with one recent program and ask your team where an earlier cost estimate would have changed a decision.",
      ]);
    case "consideration":
      return pick.pick([
        "Before you choose, compare the options on one of your recent programs, against the criteria above.",
        "Evaluate each approach on parts you already know well, so the comparison rests on your own numbers.",
      ]);
    case "decision": {
      const who = f.stakeholders.length > 0 ? joinList(f.stakeholders.slice(0, 2)) : "finance";
      return `Scope a pilot on one live program, with success criteria that ${who} can review before any wider rollout.`;
    }
  }
}

function summarySentence(f: Facts): string {
  const { topic, pick } = f;
  if (asQuestion(topic)) {
    return `The answer to "${topic.text}" depends above all on how early cost is visible in your design process.`;
  }
  return pick.pick([
    `Whatever the approach to ${nounOf(f)}, the earlier cost is visible, the more of it your team can still change.`,
    `For ${nounOf(f)}, as for most cost questions, the decisions that matter are made while the design is still open.`,
  ]);
}

export function composeConclusion(f: Facts): string {
  return `${summarySentence(f)} ${stageCallToAction(f)}`;
}

export function composeImagePrompt(f: Facts): string {
  const setting = IMAGE_SETTING[f.brief.industry.id] ?? "in a modern engineering office";
  return (
    `Editorial photograph of ${withArticle(f.industry)} engineering team reviewing a CAD model with cost callouts on a large screen ${setting}. ` +
    `Theme: ${f.topic.phrase}. Natural light, realistic, no text, numbers or logos.`
  );
}

// ---------------------------------------------------------------------------------------------

/** Sentences (and list items, headings) that hold a banned phrase are left out. */
export function withoutBanned(html: string, phrases: readonly string[]): string {
  if (phrases.length === 0) return html;
  const bad = (s: string) => phrases.some((p) => containsPhrase(s, p));
  return html
    .replace(/<(p|li|h2|h3)>([\s\S]*?)<\/\1>/g, (_m, tag: string, inner: string) => {
      const kept = inner
        .split(/(?<=[.!?:])\s+/)
        .filter((s) => !bad(s))
        .join(" ");
      return kept.trim() && !(tag.startsWith("h") && bad(inner)) ? `<${tag}>${kept}</${tag}>` : "";
    })
    .replace(/<(ul|ol)>\s*<\/\1>/g, "");
}

function plainWithoutBanned(text: string, phrases: readonly string[]): string {
  if (phrases.length === 0) return text;
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((s) => !phrases.some((p) => containsPhrase(s, p)))
    .join(" ");
}

/** The complete first draft. */
export function composeDraft(brief: ContentBrief): DraftContent {
  const f = resolveFacts(brief, "draft");
  const themes = draftThemes(f);
  const [first, ...rest] = themes;
  const body = [
    themeSection(f, first!, topicOpening(f), 2),
    contextSection(f),
    ...rest.map((t) => themeSection(f, t, undefined, 1)),
    practiceSection(f, themes),
    evidenceSection(f, themes),
    solutionSection(f),
    stageSection(f, themes),
  ].join("");
  const banned = [...(brief.bannedPhrases ?? [])];
  return {
    headline: composeHeadline(f),
    introduction: plainWithoutBanned(composeIntroduction(f), banned),
    body: withoutBanned(body, banned),
    conclusion: plainWithoutBanned(composeConclusion(f), banned),
    imagePrompt: composeImagePrompt(f),
  };
}
