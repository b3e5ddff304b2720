import type { BuyingStage, ContentType } from "@content-studio/contract";
import { HARD_SELL } from "../quality/lexicons";
import { matcherFor } from "../quality/phrases";
import { normaliseForMatch } from "../quality/text";
import {
  Picker,
  briefSeed,
  clip,
  cleanList,
  escapeHtml,
  joinList,
  lowerFirst,
  tidy,
  upperFirst,
  withArticle,
} from "./builtin-text";
import type { BriefExample, ContentBrief, DraftContent } from "./writer";

/**
 * The built-in writer's first draft: composed from the brief (persona, industry, stage, topic,
 * content type, chosen metrics and solutions) and shaped by the good examples (headline form,
 * list style, the kind of offer their conclusions make). Figures come only from the chosen key
 * metrics, quoted verbatim. No network, no key, a few hundred microseconds.
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
    "On an aircraft program, a cost problem found after CDR means a change board, a new first article inspection and often a customer approval.",
    "AS9100 configuration control makes every late change to an airframe part slow and expensive, so cost has to be settled at PDR and CDR rather than after the first supplier quote.",
    "Titanium forgings, castings and composite layups dominate the cost of many aerostructures, and that cost is set by geometry, tolerances and material choices made early in design.",
  ],
  automotive: [
    "In a vehicle program, a cost-driven change after tooling kickoff means tool rework, a new PPAP submission and pressure on the SOP date.",
    "Tier 1 and Tier 2 suppliers answer each RFQ under tight deadlines, while the OEM expects a cost-down every model year.",
    "Stamped, molded and die-cast parts run at volumes where a small per-part cost error turns into a large annual number.",
  ],
  "high-tech": [
    "Each EVT and DVT build tends to change enclosure and PCBA cost, and the contract manufacturer's quote often arrives after the design is effectively set.",
    "With hardware lifecycles measured in months, teams have little time between concept and NPI release to challenge cost.",
    "When a contract manufacturer or ODM builds the product, its cost breakdown stays out of view unless engineering builds its own should-cost.",
  ],
  industrial: [
    "In engineer-to-order and configure-to-order equipment, every configured product carries its own cost, and quoting it quickly is part of winning the order.",
    "Legacy product lines often carry weldments, castings and fabrications that have not been re-costed since they were first released.",
    "Steel and copper price swings reach the margin on industrial equipment quickly, and small cost engineering teams support large portfolios.",
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
    "For a CTO, this is an architecture question: cost data has to flow through the digital thread with CAD, PLM and ERP instead of living in spreadsheets.",
    "A CTO looks for the platform decision that connects cost to design data and scales across business units and sites.",
  ],
  "product-manager": [
    "For a product manager, the issue is confidence: target price and the business case rest on cost estimates that arrive late or change often.",
    "A product manager needs to know what each feature and option costs before committing to it, not after the BOM has grown.",
  ],
};

const IMAGE_SETTING: Record<string, string> = {
  aerospace: "in an aircraft structures assembly hall",
  automotive: "in a vehicle development center next to a stamping line",
  "high-tech": "in a hardware lab with circuit boards and device enclosures on the bench",
  industrial: "on an industrial equipment assembly floor",
};

/** Offers that fit each stage, in the words the stage-fit check looks for. */
const STAGE_ASSETS: Record<BuyingStage, readonly string[]> = {
  awareness: ["benchmark", "worksheet", "self-assessment", "guide", "report"],
  consideration: ["checklist", "scorecard", "comparison guide", "walkthrough", "webinar"],
  decision: ["pilot plan", "business case template", "ROI assessment", "reference call"],
};

const POINTS_OF_VIEW = [
  "They treat product cost as a design requirement, reviewed next to weight, performance and schedule.",
  "They move should-cost into the design review, so a change request arrives with its cost impact attached.",
  "They give engineering, procurement and finance one cost baseline instead of three spreadsheets.",
];

const EVALUATION_PROBES = [
  "Ask for evidence on your own parts, not a prepared demo.",
  "Test it on a recent program where you already know the answer.",
  "Ask how the result would change your next design review.",
  "Check what it takes to keep it current as rates and suppliers change.",
];

type HeadlineStyle = "colon" | "question" | "how" | "statement";

/** What the good examples suggest about form (never their wording). */
export interface ExampleCues {
  headlineStyle: HeadlineStyle | undefined;
  boldLeadIns: boolean;
  asset: string | undefined;
}

export function exampleCues(examples: readonly BriefExample[], stage: BuyingStage): ExampleCues {
  const styles = new Map<HeadlineStyle, number>();
  let bold = 0;
  const assets = new Map<string, number>();
  for (const e of examples) {
    const style = headlineStyleOf(e.headline || e.title);
    styles.set(style, (styles.get(style) ?? 0) + 1);
    if (/<li>\s*<strong>|^\s*[-*]\s+\*\*/im.test(e.body)) bold += 1;
    const conclusion = e.conclusion.toLowerCase();
    for (const asset of STAGE_ASSETS[stage]) {
      if (conclusion.includes(asset.toLowerCase())) assets.set(asset, (assets.get(asset) ?? 0) + 1);
    }
  }
  const top = <K>(m: Map<K, number>) => [...m.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return {
    headlineStyle: top(styles),
    boldLeadIns: examples.length > 0 && bold * 2 >= examples.length,
    asset: top(assets),
  };
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
  persona: string;
  aPersona: string;
  industry: string;
  industryName: string;
  topic: string;
  topicLower: string;
  pains: string[];
  goals: string[];
  kpis: string[];
  challenges: string[];
  drivers: string[];
  concerns: string[];
  stakeholders: string[];
  solutionNames: string;
  cues: ExampleCues;
}

/** Reference phrases without pushy wording ("lock in"), which would read as a hard sell. */
function calm(items: readonly string[]): string[] {
  const pushy = matcherFor(HARD_SELL);
  return items.filter((item) => pushy.find(normaliseForMatch(item)).length === 0);
}

export function resolveFacts(brief: ContentBrief, salt: string): Facts {
  const industryName = brief.industry.name;
  const industry = industryName.toLowerCase();
  const topic = clip(brief.topic, 90) || "product cost";
  const journey = brief.persona.buyingJourney;
  const concerns =
    brief.buyingStage === "awareness"
      ? journey.awareness.painPoints
      : brief.buyingStage === "consideration"
        ? journey.consideration.evaluationCriteria
        : journey.decision.objections;
  return {
    brief,
    pick: new Picker(briefSeed(brief, salt)),
    persona: brief.persona.title,
    aPersona: withArticle(brief.persona.title),
    industry,
    industryName,
    topic: upperFirst(topic),
    topicLower: lowerFirst(topic),
    pains: cleanList(calm(brief.persona.painPoints), 3),
    goals: cleanList(calm(brief.persona.goals), 3),
    kpis: cleanList(brief.persona.keyMetrics, 3),
    challenges: cleanList(calm(brief.industry.topChallenges), 3),
    drivers: cleanList(calm(brief.industry.keyDrivers), 3),
    concerns: cleanList(calm(concerns), 3),
    stakeholders: cleanList(journey.decision.stakeholders, 3),
    solutionNames: joinList(brief.solutions.map((s) => s.name)) || brief.companyName,
    cues: exampleCues(brief.goodExamples, brief.buyingStage),
  };
}

// ---------------------------------------------------------------------------------------------
// Sections

export function composeHeadline(f: Facts): string {
  const { brief, pick } = f;
  const t = f.topic;
  const tl = f.topicLower;
  const ind = f.industry;
  // "Get X right" and "rethinking X" need a noun phrase, not "Reducing ECOs" or "How to …".
  const nounTopic =
    !/^(\w+ing|how|why|what|when|where|who|which|is|are|can|should|do|does)\b/i.test(t);
  const nounOnly = (templates: string[]) => (nounTopic ? templates : []);
  // "X starts in design" also takes a gerund ("Reducing ECOs starts…"), not a question.
  const subjectTopic = !/^(how|why|what|when|where|who|which|is|are|can|should|do|does)\b/i.test(t);
  const subjectOnly = (templates: string[]) => (subjectTopic ? templates : []);
  const byStyle: Record<HeadlineStyle, string[]> = {
    colon: [
      `${t}: what ${ind} engineering leaders should weigh now`,
      `${t}: a practical view for ${ind} engineering teams`,
      `${t}: where ${ind} programs win or lose margin`,
    ],
    question: [
      `What does ${tl} mean for ${ind} engineering leaders?`,
      ...nounOnly([`Where does ${tl} fit in your ${ind} design process?`]),
    ],
    how: [
      ...nounOnly([
        `How ${ind} engineering teams can get ${tl} right`,
        `Why ${ind} engineering leaders are rethinking ${tl}`,
      ]),
      `Why ${ind} engineering leaders are looking again at ${tl}`,
    ],
    statement: subjectOnly([
      `${t} starts in design, not in procurement`,
      `${t} is decided earlier than most ${ind} teams think`,
    ]),
  };
  const byType: Record<ContentType, string[]> = {
    "thought-leadership": [],
    "case-study": [
      `${t} in practice: a composite ${ind} program`,
      ...nounOnly([`How a ${ind} engineering team approached ${tl}`]),
    ],
    "technical-guide": [
      ...nounOnly([`A practical guide to ${tl} for ${ind} engineering teams`]),
      `${t}: a step-by-step guide for ${ind} teams`,
    ],
    "industry-report": [
      `${t}: the state of practice in ${ind} engineering`,
      ...nounOnly([`What ${ind} engineering teams are learning about ${tl}`]),
    ],
  };
  const byStage: Record<BuyingStage, string[]> = {
    awareness: [],
    consideration: nounOnly([`Evaluating ${tl}: what ${ind} engineering teams should compare`]),
    decision: subjectOnly([`Building the business case for ${tl} in ${ind}`]),
  };
  const style = f.cues.headlineStyle ?? pick.pick(["colon", "how", "statement"] as const);
  const preferred = byStyle[style].length > 0 ? byStyle[style] : byStyle.colon;
  const candidates = [...byType[brief.contentType], ...byStage[brief.buyingStage], ...preferred];
  // Mostly the examples' form; the content type and stage get their turn.
  return upperFirst(pick.next() < 0.5 ? pick.pick(preferred) : pick.pick(candidates));
}

export function composeIntroduction(f: Facts): string {
  const { pick } = f;
  const challenge = f.challenges[0] ?? "cost decisions made too late to change the design";
  const pain = f.pains[0] ?? "cost surprises that arrive after design freeze";
  const goal = f.goals[0] ?? "protect margin without slowing the program";
  const noun = TYPE_NOUN[f.brief.contentType];
  const keyword = f.brief.primaryKeyword ? tidy(f.brief.primaryKeyword) : undefined;
  const about =
    keyword && !f.topicLower.toLowerCase().includes(keyword.toLowerCase())
      ? `${f.topicLower}, with a focus on ${keyword},`
      : f.topicLower;
  const first = pick.pick([
    `${upperFirst(f.industry)} programs share a familiar problem: ${lowerFirst(challenge)}.`,
    `Ask ${f.industry} engineering leaders where margin slips, and one answer comes up often: ${lowerFirst(challenge)}.`,
    `In ${f.industry}, one challenge keeps returning to the program review: ${lowerFirst(challenge)}.`,
  ]);
  const second = pick.pick([
    `${upperFirst(f.aPersona)} sees the consequence directly: ${lowerFirst(pain)}.`,
    `For ${f.aPersona}, that turns into a daily problem: ${lowerFirst(pain)}.`,
  ]);
  const third = pick.pick([
    `This ${noun} looks at ${about} and at what it takes to ${lowerFirst(goal)}.`,
    `This ${noun} covers ${about}: why it matters now, and how your team can ${lowerFirst(goal)}.`,
    `Below, we look at ${about} and at the practical steps that help you ${lowerFirst(goal)}.`,
  ]);
  return `${first} ${second} ${third}`;
}

function industryContext(f: Facts, n: number): string[] {
  const own = INDUSTRY_CONTEXT[f.brief.industry.id];
  if (!own) {
    return [
      `In ${f.industry}, cost is set by design choices long before the first supplier quote arrives.`,
    ];
  }
  const start = Math.floor(f.pick.next() * own.length);
  return Array.from({ length: Math.min(n, own.length) }, (_, i) => own[(start + i) % own.length]!);
}

export function personaAngle(f: Facts): string {
  const own = PERSONA_ANGLE[f.brief.persona.id];
  return own
    ? f.pick.pick(own)
    : `For ${f.aPersona}, the issue is timing: cost information arrives after the decisions that drive it.`;
}

function list(items: readonly string[], boldLeadIns = false): string {
  return `<ul>${items
    .map((item) => {
      if (!boldLeadIns) return `<li>${item}</li>`;
      const [lead, ...rest] = item.split(/(?<=\.)\s+/);
      return rest.length > 0
        ? `<li><strong>${lead}</strong> ${rest.join(" ")}</li>`
        : `<li>${item}</li>`;
    })
    .join("")}</ul>`;
}

const h = (text: string) => escapeHtml(text);

function problemSection(f: Facts): string {
  const { brief, pick } = f;
  const stage = brief.buyingStage;
  const heading =
    brief.contentType === "case-study"
      ? "The situation"
      : brief.contentType === "industry-report"
        ? "Key findings"
        : pick.pick(
            stage === "awareness"
              ? [
                  "Why cost surprises arrive late",
                  "Why this problem keeps coming back",
                  `Why ${f.industry} programs feel it first`,
                ]
              : stage === "consideration"
                ? ["What you are really evaluating", "The problem behind the evaluation"]
                : ["Why act on this now", "What is at stake for your programs"],
          );
  const parts: string[] = [`<h2>${h(heading)}</h2>`];
  if (brief.contentType === "case-study") {
    parts.push(
      `<p>The scenario below is a composite of situations common on ${h(f.industry)} programs, not a single named customer. ${h(industryContext(f, 1)[0]!)}</p>`,
    );
  } else {
    parts.push(`<p>${h(industryContext(f, 2).join(" "))}</p>`);
  }
  if (f.drivers.length >= 2) {
    parts.push(
      `<p>Two forces raise the stakes: ${h(lowerFirst(f.drivers[0]!))}, and ${h(lowerFirst(f.drivers[1]!))}. ${h(
        pick.pick([
          "Both leave less room to absorb a cost surprise late in the program.",
          "Both make it more expensive to find a cost problem late.",
        ]),
      )}</p>`,
    );
  }
  if (brief.contentType === "industry-report" && f.challenges.length > 0) {
    parts.push(
      `<p>The challenges ${h(f.industry)} engineering teams report most often:</p>${list(f.challenges.map(h))}`,
    );
  }
  if (f.pains.length > 0) {
    parts.push(
      `<p>${h(personaAngle(f))} The symptoms are easy to recognize:</p>${list(f.pains.map((p) => h(p)))}`,
    );
  }
  parts.push(
    `<p>${h(
      pick.pick([
        "The root cause is the same in each case: cost information reaches engineers after the decisions that set it.",
        "The root cause is timing. By the time a supplier quote exposes the problem, the design is under change control.",
      ]),
    )}</p>`,
  );
  return parts.join("");
}

function approachSection(f: Facts): string {
  const { brief, pick } = f;
  const heading =
    brief.contentType === "case-study"
      ? "The approach"
      : brief.contentType === "technical-guide"
        ? pick.pick(["A step-by-step approach", "How to put it into practice"])
        : pick.pick(["What leading teams do differently", "What good looks like"]);
  const parts: string[] = [`<h2>${h(heading)}</h2>`];
  const goals = f.goals.slice(0, 2).map(lowerFirst);
  parts.push(
    `<p>${h(
      goals.length === 2
        ? `The teams that make progress start from two clear goals: ${goals[0]}, and ${goals[1]}.`
        : "The teams that make progress start from a clear goal: protect margin while the design is still open.",
    )} ${h(pick.pick(POINTS_OF_VIEW))}</p>`,
  );
  if (brief.contentType === "technical-guide") {
    const kpis = f.kpis.slice(0, 2).map(lowerFirst);
    const steps = [
      "Pick one program and scope it. Choose a live program and the few dozen parts that carry most of its cost.",
      "Set target costs early. Agree a target cost per part or assembly before detailed design, with procurement and finance in the room.",
      "Review should-cost at each design review. Put the estimate next to weight and performance, and record the assumptions behind it.",
      "Close the loop with suppliers. Compare supplier quotes against should-cost and feed the differences back into the cost model.",
      kpis.length > 0
        ? `Track the results. Measure ${joinList(kpis)} before and after the change.`
        : "Track the results. Measure cost against target at each gate before and after the change.",
    ];
    parts.push(
      `<ol>${steps
        .map((s) => {
          const [lead, ...rest] = s.split(/(?<=\.)\s+/);
          return `<li><strong>${h(lead!)}</strong> ${h(rest.join(" "))}</li>`;
        })
        .join("")}</ol>`,
    );
  }
  if (brief.solutions.length > 0) {
    brief.solutions.forEach((solution, i) => {
      const goal = f.goals[(i + 1) % Math.max(1, f.goals.length)];
      const tie = goal
        ? pick.pick([
            `For ${f.aPersona}, that supports the goal to ${lowerFirst(goal)}.`,
            `It helps your team ${lowerFirst(goal)}.`,
          ])
        : "";
      parts.push(`<h3>${h(solution.name)}</h3><p>${h(tidy(solution.description))}. ${h(tie)}</p>`);
    });
  } else {
    parts.push(
      `<h3>Where to start</h3><p>${h(
        `Start with one program where a late cost surprise already hurt, and put cost next to weight and performance at its next design review.`,
      )}</p>`,
    );
  }
  return parts.join("");
}

function proofSection(f: Facts): string {
  const { brief, pick } = f;
  const kpis = f.kpis.slice(0, 2).map(lowerFirst);
  if (brief.keyMetrics.length > 0) {
    const heading =
      brief.contentType === "case-study"
        ? "The results"
        : pick.pick(["Results teams report", "What the results look like", "The evidence"]);
    return (
      `<h2>${h(heading)}</h2>` +
      `<p>${h(`Teams that put cost into the design loop with ${brief.companyName} report results like these:`)}</p>` +
      list(brief.keyMetrics.map((m) => h(tidy(m)))) +
      (kpis.length > 0
        ? `<p>${h(`For ${f.aPersona}, these results show up in the numbers you already report: ${joinList(kpis)}.`)}</p>`
        : "")
    );
  }
  const measures = f.kpis.length > 0 ? f.kpis : ["Product cost against target at each gate"];
  return (
    `<h2>What to measure</h2>` +
    `<p>${h(
      `Agree on how you will measure progress before you change anything. For ${f.aPersona}, the useful measures are the ones already on your dashboard:`,
    )}</p>` +
    list(measures.map(h))
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
      "Build the business case from your own data: pick a program, count last year's cost-driven changes and price them. The pilot then tests that estimate against agreed success metrics.",
  },
  {
    test: /accura|match|actually charge/i,
    answer:
      "Test accuracy directly: cost a set of parts you bought recently and compare the estimates with the actual supplier quotes before you commit.",
  },
  {
    test: /overlap|PLM vendor/i,
    answer:
      "Ask your PLM vendor for a should-cost on one of your parts and compare it with a pilot estimate. A cost model complements PLM; it does not replace it.",
  },
  {
    test: /integration|migration|PLM/i,
    answer:
      "Scope the integration in phases: start with CAD and BOM import, then connect PLM and ERP once the pilot has proven its value.",
  },
  {
    test: /security|\bIP\b|protect/i,
    answer:
      "Review security and deployment options early with IT, including where CAD data is stored and who can access it.",
  },
  {
    test: /adopt|learn|time to|another tool|compete with/i,
    answer:
      "Keep the rollout small: start with the engineers on one program, inside the CAD tools they already use, and expand only when the results justify it.",
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

/** The first fitting answer not given yet, so two objections never get the same reply. */
function answerFor(objection: string, used: ReadonlySet<string>): string {
  const fitting = OBJECTION_ANSWERS.filter((a) => a.test.test(objection)).map((a) => a.answer);
  return [...fitting, ...FALLBACK_ANSWERS].find((a) => !used.has(a)) ?? FALLBACK_ANSWERS[0]!;
}

export function stageSection(f: Facts): string {
  const { brief, pick } = f;
  if (brief.buyingStage === "awareness") {
    const stems = [
      (x: string) => `How often do we see ${lowerFirst(x)}?`,
      (x: string) => `Where in the program do we first notice ${lowerFirst(x)}?`,
      (x: string) => `What would it be worth to catch ${lowerFirst(x)} earlier?`,
    ];
    const stem = pick.cycle(stems);
    const questions = (f.concerns.length > 0 ? f.concerns : f.pains).map((c, i) => h(stem(i)(c)));
    return (
      `<h2>${h(pick.pick(["Questions to ask your team", "Where to look first"]))}</h2>` +
      `<p>${h("A short internal review shows whether this applies to your programs. Start with these questions:")}</p>` +
      list(questions)
    );
  }
  if (brief.buyingStage === "consideration") {
    const probe = pick.cycle(EVALUATION_PROBES);
    const items = f.concerns.map((c, i) => h(`${tidy(c)}. ${probe(i)}`));
    return (
      `<h2>${h(pick.pick(["How to evaluate your options", "Criteria for comparing approaches"]))}</h2>` +
      `<p>${h(`When you compare options, test each one against the criteria that matter to ${f.aPersona}:`)}</p>` +
      list(items, true) +
      `<p>${h("Weigh the trade-off between speed to a first estimate and the transparency of the cost model: you will need both once procurement starts using the numbers.")}</p>`
    );
  }
  const who = f.stakeholders.length > 0 ? joinList(f.stakeholders) : "Finance and procurement";
  const used = new Set<string>();
  const objections = f.concerns
    .map((o) => {
      const answer = answerFor(o, used);
      used.add(answer);
      return `<h3>${h(`“${tidy(o)}”`)}</h3><p>${h(answer)}</p>`;
    })
    .join("");
  return (
    `<h2>${h(pick.pick(["Answering the objections you will hear", "What the buying committee will ask"]))}</h2>` +
    `<p>${h(`${upperFirst(who)} will each test the business case from a different angle. Expect these objections:`)}</p>` +
    objections +
    `<p>${h(
      "A well-scoped pilot answers most of them at once: one program, clear success criteria, a fixed timeline and results reviewed with finance before any wider rollout.",
    )}</p>`
  );
}

/** The closing call to action for the stage (awareness: read/benchmark; consideration: compare/walkthrough; decision: pilot/business case). */
export function stageCallToAction(f: Facts): string {
  const { brief, pick } = f;
  const asset = f.cues.asset;
  switch (brief.buyingStage) {
    case "awareness": {
      const withAsset = `Download our ${f.industry} benchmark report and use the ${asset && asset !== "benchmark" && asset !== "report" ? asset : "self-assessment worksheet"} to see where cost surprises start on your programs.`;
      // The good examples' kind of offer wins when they make one.
      return asset && asset !== "benchmark" && asset !== "report"
        ? withAsset
        : pick.pick([
            `Read our ${f.industry} design-to-cost benchmark to see how your programs compare, and start by measuring how many of last year's changes were driven by cost.`,
            withAsset,
          ]);
    }
    case "consideration":
      return pick.pick([
        `Compare the options on your own parts: book a technical walkthrough of ${f.solutionNames} and use our ${asset && asset !== "walkthrough" ? asset : "evaluation checklist"} to score each approach against your criteria.`,
        `Evaluate the approaches side by side with our ${asset && asset !== "walkthrough" ? asset : "comparison guide"}, then book a walkthrough of ${f.solutionNames} using one of your recent programs.`,
      ]);
    case "decision": {
      const who = f.stakeholders.length > 0 ? joinList(f.stakeholders.slice(0, 2)) : "finance";
      return pick.pick([
        `Scope a pilot on one live program with ${f.solutionNames}, and we will help you build the business case with ${who} before you commit.`,
        `Book a scoping session for a pilot of ${f.solutionNames} on one live program, with success criteria and a business case your ${who} can review.`,
      ]);
    }
  }
}

export function composeConclusion(f: Facts): string {
  const goal = f.goals[0];
  const summary = f.pick.pick([
    "The earlier cost is visible, the more of it your team can still change.",
    "Cost decisions are design decisions, and they are cheapest to change before design freeze.",
    goal
      ? `The teams that ${lowerFirst(goal)} are the ones that see cost while the design is still open.`
      : "The teams that protect margin are the ones that see cost while the design is still open.",
  ]);
  return `${summary} ${stageCallToAction(f)}`;
}

export function composeImagePrompt(f: Facts): string {
  const setting = IMAGE_SETTING[f.brief.industry.id] ?? "in a modern engineering office";
  return (
    `Editorial photograph of ${withArticle(f.industry)} engineering team reviewing a CAD model with cost callouts on a large screen ${setting}. ` +
    `Theme: ${f.topicLower}. Natural light, realistic, no text, numbers or logos.`
  );
}

/** The complete first draft. */
export function composeDraft(brief: ContentBrief): DraftContent {
  const f = resolveFacts(brief, "draft");
  return {
    headline: composeHeadline(f),
    introduction: composeIntroduction(f),
    body: [problemSection(f), approachSection(f), proofSection(f), stageSection(f)].join(""),
    conclusion: composeConclusion(f),
    imagePrompt: composeImagePrompt(f),
  };
}
