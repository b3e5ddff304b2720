import {
  OUTLINE_LABELS,
  OUTLINE_NO_FACT,
  type BuyingStage,
  type ContentType,
} from "@content-studio/contract";
import { escapeHtml, hashString, tidy, upperFirst } from "./builtin-text";
import {
  analyzeTopic,
  gerundOf,
  overlap,
  readsAsInstruction,
  stemsOf,
  topicUnits,
} from "./builtin-topic";
import type { BriefFact, ContentBrief, DraftContent } from "./writer";

/**
 * The outline writer's draft: not a language model and not finished copy. It turns the topic
 * into a plan of 3–5 sections, each a list of the point the section must make, the approved
 * fact that supports it (only one whose words the point shares) and the example to add. Every
 * point quotes the topic's own words (its noun chunks, or the verb and object it asks for)
 * after a colon, where any phrase reads grammatically, combined with a move that suits the
 * buying stage. Nothing from the reference data is pasted in: the persona and industry are
 * named, never their descriptions. A topic that reads as an instruction to a model is quoted
 * as a title and never acted on.
 */

const TYPE_NOUN: Record<ContentType, string> = {
  "thought-leadership": "thought-leadership article",
  "case-study": "case study",
  "technical-guide": "technical guide",
  "industry-report": "industry report",
};

/** The kind of evidence each content type is built from, for the "Example to add" items. */
const TYPE_EXAMPLE: Record<ContentType, string> = {
  "thought-leadership": "told as an observation from one {industry} program",
  "case-study": "told as one customer's before and after, with approved figures only",
  "technical-guide": "worked through on one real {industry} part or assembly",
  "industry-report": "with a named, dated {industry} source",
};

/** A rhetorical move: a heading and a point, both ending in a quoted part of the topic. */
interface Move {
  heading: string;
  point: string;
  example: string;
}

/**
 * Topic-neutral moves for each stage: awareness sizes the problem, consideration helps compare,
 * decision removes the last doubts. `{persona}` is the reader's title; the quoted topic words
 * follow each text after a colon.
 */
const STAGE_MOVES: Record<BuyingStage, readonly Move[]> = {
  awareness: [
    {
      heading: "What leaving it alone costs",
      point:
        "Show what {persona} loses today in time, rework or margin while nothing changes on this",
      example: "one recent change and what it cost the program",
    },
    {
      heading: "Where it starts",
      point: "Trace the decision, team or hand-off where the trouble begins for this",
      example: "the moment on one program when it could still have been caught",
    },
    {
      heading: "How to size it",
      point: "Name one measure the reader can take on a current program to size this",
      example: "how one team counted it before deciding anything about this",
    },
  ],
  consideration: [
    {
      heading: "Criteria that matter",
      point: "Set out the criteria a {persona} should use to judge the approaches to this",
      example: "a criterion a team dropped or added after a first trial",
    },
    {
      heading: "Trade-offs",
      point: "Compare two realistic approaches and what each one gives up on this",
      example: "the approach one team chose and what it cost them",
    },
    {
      heading: "How to evaluate it",
      point:
        "Describe a test the reader can run on one live program to evaluate the options for this",
      example: "the questions one evaluation team asked",
    },
  ],
  decision: [
    {
      heading: "Scope of a first step",
      point: "Define the smallest scope that would prove the case for this",
      example: "the scope one team started with and how long it took",
    },
    {
      heading: "Risks and objections",
      point: "Answer the objection the buying committee will raise first about this",
      example: "how one committee's objection was settled",
    },
    {
      heading: "Proof of value",
      point: "Say what result, measured how and by when, would show success on this",
      example: "the measure one team reported after its first step",
    },
  ],
};

/** The section the topic's own form asks for, placed first. */
function formMove(form: "question" | "imperative" | "phrase", verb: string | undefined): Move {
  if (form === "question") {
    return {
      heading: "The question",
      point: "Answer the question in the first paragraph, in one sentence, before any background",
      example: "the case that made the question urgent for one team",
    };
  }
  if (form === "imperative") {
    return {
      heading: "What to do",
      point: verb
        ? `List the steps for ${gerundOf(verb)} it, in order, with who owns each`
        : "List the steps, in order, with who owns each",
      example: "the first step one team took and what it changed",
    };
  }
  return {
    heading: "Why it matters now",
    point: "Say why {persona} in {industry} should care about this now",
    example: "what changed recently for one team",
  };
}

/** "VP of Engineering" → "VPs of Engineering", "CTO" → "CTOs", "Product Manager" → "Product Managers". */
export function pluralTitle(title: string): string {
  const plural = (word: string) =>
    /[^aeiou]y$/i.test(word)
      ? `${word.slice(0, -1)}ies`
      : /(s|x|ch|sh)$/i.test(word)
        ? `${word}es`
        : `${word}s`;
  const of = title.search(/\s+(of|for|in)\s+/i);
  if (of > 0) return plural(title.slice(0, of)) + title.slice(of);
  return plural(title);
}

/** Longest topic quoted whole; a longer one is cut at a word and marked with an ellipsis. */
const TOPIC_QUOTE_MAX = 160;

/** The topic as the outline shows it: normalised, sentence-cased, kept whole when it is short. */
export function outlineTopicText(raw: string): string {
  const text = analyzeTopic(raw).text;
  if (text.length <= TOPIC_QUOTE_MAX) return text;
  const cut = text.slice(0, TOPIC_QUOTE_MAX + 1);
  const space = cut.lastIndexOf(" ");
  return `${tidy(cut.slice(0, space > TOPIC_QUOTE_MAX / 2 ? space : TOPIC_QUOTE_MAX))}…`;
}

const quote = (text: string) => `“${text}”`;

/** Ends a sentence with a full stop unless it already ends with a quoted question. */
const stop = (text: string) => (/[?!]”$/.test(text) ? text : `${text}.`);

/** An approved fact whose content words the point shares, not used by an earlier section. */
function supportingFact(
  facts: readonly BriefFact[],
  pointWords: string,
  used: Set<string>,
): BriefFact | undefined {
  const stems = stemsOf(pointWords);
  // Names (capitalised words after the first) say who, not what: "NCS Design" is no design topic.
  const subject = (statement: string) => statement.replace(/(?<=\S\s+)\p{Lu}[\p{L}\p{N}-]*/gu, " ");
  return facts
    .filter((f) => !used.has(f.id))
    .map((fact) => ({ fact, score: overlap(stemsOf(subject(fact.statement)), stems) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)[0]?.fact;
}

/** The stage's offer when the brief has one, else a next step that promises no asset. */
function conclusionOf(brief: ContentBrief, topic: string): string {
  const offer = brief.offers.find((o) => o.stages.includes(brief.buyingStage));
  if (offer) return `Close with the next step for the reader: ${offer.name} (${offer.url}).`;
  const step: Record<BuyingStage, string> = {
    awareness:
      "Close with a next step the reader can take alone: check one current program against the points above",
    consideration:
      "Close with a next step the reader can take alone: score the approaches they are weighing against the criteria above",
    decision:
      "Close with a next step the reader can take alone: write down the scope, owner and measure of a first step",
  };
  return stop(`${step[brief.buyingStage]}, on ${quote(topic)}`);
}

export function composeOutline(brief: ContentBrief): DraftContent {
  const topicText = outlineTopicText(brief.topic);
  const info = analyzeTopic(brief.topic);
  const instruction = readsAsInstruction(topicText);
  const persona = brief.persona.title;
  const industry = brief.industry.name;
  const stage = brief.buyingStage;
  const fill = (text: string) =>
    text.replace(/\{persona\}/g, `the ${persona}`).replace(/\{industry\}/g, industry);
  const nameOnly = (chunk: string) =>
    [industry, persona].some((name) => name.toLowerCase() === chunk.toLowerCase());

  // What each point quotes: the topic's noun chunks (an instruction is quoted whole only).
  const units = instruction ? { nouns: [], actions: [] } : topicUnits(topicText);
  // A chunk that only names the reader's industry or role says nothing about the subject.
  const chunks = units.nouns.filter((n) => !nameOnly(n));
  const nouns = chunks.length > 0 ? chunks : [topicText];
  const action = units.actions[0];
  const seed = hashString(`${topicText.toLowerCase()}|${persona}|${industry}|${stage}`);
  const stageMoves = STAGE_MOVES[stage];
  // The stage's moves in a topic-seeded order, each paired with a chunk of the topic.
  const start = seed % stageMoves.length;
  const moves = stageMoves.map((_, i) => stageMoves[(start + i) % stageMoves.length]!);
  const sections: { move: Move; quoted: string }[] = [
    {
      move: formMove(instruction ? "phrase" : info.form, action?.verb),
      quoted: info.form === "imperative" && action && !instruction ? action.object : topicText,
    },
    ...moves.map((move, i) => ({ move, quoted: nouns[i % nouns.length]! })),
  ];
  // A topic with more chunks than moves gets a fifth section on the chunk not yet covered.
  const extra = nouns.find((n, i) => i >= moves.length);
  if (extra) {
    sections.push({
      move: {
        heading: "The part readers skip",
        point: "Explain how this connects to the rest of the topic",
        example: "where one team found the two linked",
      },
      quoted: extra,
    });
  }

  const facts = brief.approvedFacts ?? [];
  const used = new Set<string>();
  const typeExample = fill(TYPE_EXAMPLE[brief.contentType]);
  const h = escapeHtml;
  const item = (label: string, text: string) => `<li><strong>${h(label)}:</strong> ${h(text)}</li>`;
  const body = sections
    .map(({ move, quoted }) => {
      const point = stop(`${fill(move.point)}: ${quote(quoted)}`);
      // A fact supports a point only when it shares the point's topic words.
      const fact = instruction ? undefined : supportingFact(facts, quoted, used);
      if (fact) used.add(fact.id);
      return (
        `<h3>${h(`${move.heading}: ${quote(quoted)}`)}</h3><ul>` +
        item(OUTLINE_LABELS.point, point) +
        item(OUTLINE_LABELS.fact, fact ? quote(tidy(fact.statement)) : OUTLINE_NO_FACT) +
        item(
          OUTLINE_LABELS.example,
          `${upperFirst(move.example)}, on ${quote(quoted)}, ${typeExample}.`,
        ) +
        `</ul>`
      );
    })
    .join("");

  const introduction = [
    stop(
      `This is an outline, not finished copy: a ${TYPE_NOUN[brief.contentType]} for ${pluralTitle(persona)} in ${industry} at the ${stage} stage, on ${quote(topicText)}`,
    ),
    "Each section names the point to make, the approved fact that supports it where one matches, and the example to add.",
    instruction
      ? "The topic reads like an instruction rather than a subject, so it is kept only as a quoted title: replace it with the subject you want covered."
      : "Write each section out in your own words, or connect an AI provider for a written draft.",
  ].join(" ");

  return {
    headline: instruction ? `Outline: ${quote(topicText)}` : `Outline: ${topicText}`,
    introduction,
    body,
    conclusion: conclusionOf(brief, topicText),
    imagePrompt: `An uncluttered editorial illustration for ${industry} engineering leaders, on ${quote(topicText)}; no text in the image.`,
  };
}
