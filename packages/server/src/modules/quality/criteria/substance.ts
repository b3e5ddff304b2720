import type { QualityFinding, QualitySection } from "@content-studio/contract";
import { wordTokens } from "../readability";
import { matcherFor } from "../phrases";
import { STOP_WORDS, tokenize } from "../text";
import { roleNames } from "../vocabulary";
import { clamp, excerpt, type Criterion } from "./criterion";

/**
 * Share of function words ("the", "because", "when") below which text is a list of keywords:
 * English prose runs at 40–55 %; strings of noun phrases at 10–25 %.
 */
const PROSE_FUNCTION_SHARE = 0.3;
/** Roles and industries named at once (each), above which copy addresses no one in particular. */
const AUDIENCE_SALAD = 3;
/** Sentences sharing this share of their content words say the same thing. */
const SAME_POINT = 0.6;

/**
 * Whether the copy argues rather than lists: function-word share (keyword salad), lists with no
 * prose around them, the same point restated, and sentences copied between sections.
 */
export const substance: Criterion = {
  id: "substance",
  weight: 0.12,
  rationale:
    "Keywords, repetition and padding can hit every vocabulary check while saying nothing.",
  score({ doc, reference }) {
    const findings: QualityFinding[] = [];
    const prose = doc.sentences.filter((s) => s.kind !== "heading");
    const words = prose.flatMap((s) => wordTokens(s.text.toLowerCase()));
    const functionShare = words.length
      ? words.filter((w) => STOP_WORDS.has(w.replace(/[’]/g, "'"))).length / words.length
      : 0;
    let penalty = 0;
    if (functionShare < PROSE_FUNCTION_SHARE) {
      const fragments = prose
        .filter((s) => s.words <= 8)
        .map((s) => excerpt(s.text.replace(/[.!?]+$/, ""), 8))
        .slice(0, 6);
      findings.push({
        code: "keyword_stuffing",
        functionWordShare: Math.round(functionShare * 1000) / 1000,
        terms: fragments,
      });
      penalty += 0.6 + Math.min(0.3, (PROSE_FUNCTION_SHARE - functionShare) * 3);
    }
    // Every audience at once: a piece that names most roles and most industries strings their
    // vocabulary together instead of speaking to one reader (the reference data names them).
    const roles = reference.personas.filter(
      (p) => matcherFor(roleNames(p)).find(doc.match).length > 0,
    );
    const markets = reference.industries.filter((i) => {
      const stems = tokenize(i.name);
      return stems.length > 0 && stems.every((x) => doc.stems.has(x));
    });
    if (
      functionShare >= PROSE_FUNCTION_SHARE &&
      roles.length >= AUDIENCE_SALAD &&
      markets.length >= AUDIENCE_SALAD
    ) {
      findings.push({
        code: "keyword_stuffing",
        functionWordShare: Math.round(functionShare * 1000) / 1000,
        terms: [...roles.map((p) => p.title), ...markets.map((i) => i.name)],
      });
      penalty += 0.6;
    }

    const bodyItems = doc.sentences.filter((s) => s.section === "body" && s.kind === "item");
    const bodyParagraphs = doc.sentences.filter(
      (s) => s.section === "body" && s.kind === "paragraph",
    );
    const listWords = bodyItems.reduce((n, s) => n + s.words, 0);
    const paragraphWords = bodyParagraphs.reduce((n, s) => n + s.words, 0);
    if (listWords > 60 && listWords > 1.5 * paragraphWords) {
      findings.push({ code: "list_without_argument", listWords });
      penalty += 0.3;
    }

    // Copies and restatements: compare each sentence with those before it.
    const eligible = prose
      .filter((s) => s.stems.length >= 5)
      .map((s) => ({ s, set: new Set(s.stems) }));
    const copies = new Map<string, { text: string; sections: Set<QualitySection> }>();
    const restated = new Map<string, { text: string; times: number }>();
    let copiedWords = 0;
    let restatedCount = 0;
    // Shared stems with every earlier sentence, counted through an inverted index (stem →
    // sentences), so only sentences that share a word are ever compared.
    const postings = new Map<string, number[]>();
    const shared = new Int32Array(eligible.length);
    for (let i = 0; i < eligible.length; i++) {
      const a = eligible[i]!;
      shared.fill(0, 0, i);
      for (const stem of a.set) {
        const list = postings.get(stem);
        if (list) for (const j of list) shared[j]!++;
      }
      for (let j = 0; j < i; j++) {
        const both = shared[j]!;
        if (both === 0) continue;
        const b = eligible[j]!;
        const sim = both / (a.set.size + b.set.size - both);
        if (sim >= 0.85 && a.s.words >= 8) {
          const key = b.s.text;
          const entry = copies.get(key) ?? {
            text: excerpt(b.s.text, 14),
            sections: new Set([b.s.section]),
          };
          entry.sections.add(a.s.section);
          copies.set(key, entry);
          copiedWords += a.s.words;
          break;
        }
        if (sim >= SAME_POINT) {
          const entry = restated.get(b.s.text) ?? { text: excerpt(b.s.text, 14), times: 1 };
          entry.times++;
          restated.set(b.s.text, entry);
          restatedCount++;
          break;
        }
      }
      for (const stem of a.set) {
        const list = postings.get(stem);
        if (list) list.push(i);
        else postings.set(stem, [i]);
      }
    }
    // Padding: sentences that add almost no word the piece has not used already.
    const seen = new Set<string>();
    let stale = 0;
    let counted = 0;
    for (const [k, e] of eligible.entries()) {
      const fresh = e.s.stems.filter((x) => !seen.has(x)).length;
      for (const x of e.s.stems) seen.add(x);
      if (k < 3) continue;
      counted++;
      if (fresh <= 1) stale++;
    }
    const staleShare = counted ? stale / counted : 0;
    for (const c of [...copies.values()].slice(0, 3)) {
      findings.push({ code: "copied_between_sections", text: c.text, sections: [...c.sections] });
    }
    penalty += Math.min(0.6, (copiedWords / Math.max(1, words.length)) * 3);
    const worst = [...restated.values()].sort((a, b) => b.times - a.times)[0];
    if (worst && (restatedCount >= 2 || staleShare > 0.3)) {
      findings.push({ code: "restated_point", sentence: worst.text, times: worst.times });
    } else if (staleShare > 0.3 && eligible[3]) {
      findings.push({
        code: "restated_point",
        sentence: excerpt(eligible[3].s.text, 14),
        times: stale,
      });
    }
    penalty += Math.min(0.4, 0.1 * restatedCount) + Math.max(0, staleShare - 0.15) * 1.5;
    const score = clamp(1 - penalty);
    return { score, findings, gates: score < 0.5 ? findings : [] };
  },
};
