import { hasStem, type Doc } from "../document";
import { OVERRIDE } from "../integrity";
import { contentWords, SynonymMatcher } from "../semantic";
import { wordVectors } from "../../../lib/language/word-vectors";
import type { SimilarityIndex } from "../similarity";
import { tokenize } from "../text";
import type { Criterion } from "./criterion";

/**
 * Whether a topic word is in a part of the draft: its stem, the acronym it is part of ("CM"
 * for "contract manufacturers"), or a near-synonym ("outsourced" for "subcontracted").
 */
function meaningIn(
  part: { stems: ReadonlySet<string>; words: readonly string[]; acronyms: ReadonlySet<string> },
  w: { stem: string; word: string },
  topicInitials: string,
  matcher: SynonymMatcher,
): boolean {
  if (hasStem(part.stems, w.stem)) return true;
  const bare = w.word.replace(/s$/, "");
  if (part.acronyms.has(bare)) return true;
  for (const a of part.acronyms)
    if (a.length >= 2 && topicInitials.includes(a) && a.includes(w.word[0]!)) return true;
  return part.words.some((x) => x.length > 3 && matcher.same(w.word, x));
}

function partOf(doc: Doc, text: string, stems: ReadonlySet<string>) {
  return {
    stems,
    words: [...new Set(contentWords(text))],
    acronyms: new Set(
      (text.match(/\b[A-Z]{2,6}s?\b/g) ?? []).map((a) => a.replace(/s$/, "").toLowerCase()),
    ),
    doc,
  };
}

/** Share of the topic's words the whole draft must use, below which it is off-topic. */
const ON_TOPIC = 0.4;
/**
 * Share of the topic's distinctive weight the whole draft must carry (see {@link distinctiveness}):
 * a piece on a neighbouring subject shares the domain's common words, not the topic's own.
 */
const ON_TOPIC_DISTINCTIVE = 0.45;

/**
 * How much a topic word tells this topic apart from the others of the domain (0–1): words most
 * benchmark examples use (cost, design, engineering) tell little, and so do the most frequent
 * English words (reducing, change, case); part names, processes and program terms tell most.
 */
function distinctiveness(w: { stem: string; word: string }, index: SimilarityIndex | undefined) {
  const domain = 1 - (index?.documentShare(w.stem) ?? 0);
  const rank = wordVectors().rank(w.word);
  // Rank 100 and above: 0.2 at the 100th word, 0.6 at the 3,000th, 1 from about the 30,000th.
  const english =
    rank === undefined ? 1 : Math.min(1, Math.max(0.2, (Math.log10(rank + 1) - 2) / 2.5));
  return domain * english;
}

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
  score({ doc, brief, reference }) {
    if (brief.topic === undefined) return { score: 0, findings: [], measured: false };
    // "Ignore previous instructions and …" is not a subject: no piece can be on it.
    if (OVERRIDE.test(brief.topic)) {
      const finding = { code: "topic_is_instruction" as const, topic: brief.topic };
      return { score: 0, findings: [finding], gates: [finding] };
    }
    const words = topicWords(brief.topic);
    if (words.length === 0) {
      const finding = { code: "topic_too_vague" as const, topic: brief.topic };
      return { score: 0, findings: [finding], gates: [finding] };
    }
    const initials = words.map((w) => w.word[0]).join("");
    const whole = partOf(doc, doc.plain, doc.stems);
    const body = partOf(doc, doc.bodyText, doc.bodyStems);
    const matcher = new SynonymMatcher(
      words.map((w) => w.word),
      whole.words,
    );
    const inDoc = words.filter((w) => meaningIn(whole, w, initials, matcher));
    const inBody = words.filter((w) => meaningIn(body, w, initials, matcher));
    const inOpening = words.some((w) => hasStem(doc.openingStems, w.stem));
    const coverage = inDoc.length / words.length;
    const bodyCoverage = inBody.length / words.length;
    const score = Math.max(0, 0.45 * coverage + 0.45 * bodyCoverage + 0.1 * (inOpening ? 1 : 0));
    const weights = new Map(words.map((w) => [w, distinctiveness(w, reference.index)]));
    const totalWeight = words.reduce((sum, w) => sum + weights.get(w)!, 0);
    const distinctive =
      totalWeight === 0 ? 1 : inDoc.reduce((sum, w) => sum + weights.get(w)!, 0) / totalWeight;
    if (
      coverage >= ON_TOPIC &&
      bodyCoverage >= ON_TOPIC / 2 &&
      distinctive >= ON_TOPIC_DISTINCTIVE
    ) {
      return { score: Math.min(1, score / 0.8), findings: [] };
    }
    const finding = {
      code: "off_topic" as const,
      topic: brief.topic,
      // The topic's own words first: those are what the piece lacks most.
      missing: [
        ...new Set(
          words
            .filter((w) => !inDoc.includes(w))
            .sort((a, b) => weights.get(b)! - weights.get(a)!)
            .map((w) => w.word),
        ),
      ],
    };
    return { score, findings: [finding], gates: [finding] };
  },
};
