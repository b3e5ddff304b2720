import { hasStem } from "../document";
import { tokenize } from "../text";
import type { Criterion } from "./criterion";

/** Share of the topic's words the whole draft must use, below which it is off-topic. */
const ON_TOPIC = 0.4;

/** The topic's content words (stems) and the words they came from. */
function topicWords(topic: string): { stem: string; word: string }[] {
  const out: { stem: string; word: string }[] = [];
  const seen = new Set<string>();
  for (const word of topic.match(/[A-Za-z][A-Za-z0-9'-]*/g) ?? []) {
    for (const stem of tokenize(word)) {
      if (stem.length < 3 || seen.has(stem)) continue;
      seen.add(stem);
      out.push({ stem, word: word.toLowerCase() });
    }
  }
  return out;
}

/** Whether the draft is about the brief's topic: its words in the opening and through the body. */
export const topicRelevance: Criterion = {
  id: "topicRelevance",
  weight: 0.12,
  rationale:
    "The writer was asked for a topic; a fluent piece about something else is not the piece asked for.",
  score({ doc, brief }) {
    if (brief.topic === undefined) return { score: 0, findings: [], measured: false };
    const words = topicWords(brief.topic);
    if (words.length === 0) {
      const finding = { code: "topic_too_vague" as const, topic: brief.topic };
      return { score: 0, findings: [finding], gates: [finding] };
    }
    const inDoc = words.filter((w) => hasStem(doc.stems, w.stem));
    const inBody = words.filter((w) => hasStem(doc.bodyStems, w.stem));
    const inOpening = words.some((w) => hasStem(doc.openingStems, w.stem));
    const coverage = inDoc.length / words.length;
    const bodyCoverage = inBody.length / words.length;
    const score = Math.max(0, 0.45 * coverage + 0.45 * bodyCoverage + 0.1 * (inOpening ? 1 : 0));
    if (coverage >= ON_TOPIC && bodyCoverage >= ON_TOPIC / 2) {
      return { score: Math.min(1, score / 0.8), findings: [] };
    }
    const finding = {
      code: "off_topic" as const,
      topic: brief.topic,
      missing: words.filter((w) => !inDoc.includes(w)).map((w) => w.word),
    };
    return { score, findings: [finding], gates: [finding] };
  },
};
