import { BUYING_STAGES, DEFAULT_BANNED_PHRASES } from "@content-studio/contract";
import { ACTION_CUES, HARD_SELL, PRESSURE_TACTICS, STAGE_CTA } from "../quality/lexicons";
import { matcherFor } from "../quality/phrases";
import { coversItem } from "../quality/scorer";
import {
  extractStatistics,
  parseMetric,
  withinRange,
  type MetricRange,
} from "../quality/statistics";
import { escapeRegExp, normaliseForMatch, stripTags, tokenize } from "../quality/text";
import {
  composeHeadline,
  composeImagePrompt,
  personaAngle,
  resolveFacts,
  stageCallToAction,
  stageSection,
  type Facts,
} from "./builtin-draft";
import { escapeHtml, joinList, lowerFirst, tidy, upperFirst, wordCount } from "./builtin-text";
import type { ContentBrief, DraftContent } from "./writer";

/**
 * The built-in writer's refinement: applies the quality check's critique to a draft, concretely
 * and conservatively. Always: banned phrases replaced, statistics that are not chosen metrics
 * removed, missing chosen metrics and solutions added, the call to action matched to the stage,
 * run-on sentences and paragraphs split. When the critique asks: subheadings, persona, industry
 * and stage substance, intro length, headline length, off-industry terms, brand names.
 */

/** Plain replacements for the default banned phrases ("" removes the phrase). */
const REPLACEMENTS: Record<string, string> = {
  synergy: "alignment",
  synergies: "shared benefits",
  "game-changing": "significant",
  "game changer": "significant change",
  revolutionary: "new",
  "cutting-edge": "current",
  "bleeding-edge": "current",
  "best-in-class": "proven",
  "world-class": "proven",
  "next-generation": "new",
  "paradigm shift": "change in approach",
  "unlock the power": "make full use",
  "robust solution": "reliable approach",
  holistic: "complete",
  seamless: "smooth",
  seamlessly: "smoothly",
  "in today's fast-paced world": "",
  "in today's competitive landscape": "",
  "ever-evolving landscape": "changing market",
  "ever-changing landscape": "changing market",
  tapestry: "mix",
  "it's important to note": "",
  "it is important to note": "",
  "in conclusion": "",
  "look no further": "",
  "take it to the next level": "improve it",
  "buy now": "talk to us",
  "limited-time": "",
  "act now": "start",
  "don't miss out": "",
};

/** Verbs with their forms: base, -s, -ed, -ing. */
const VERBS: Record<string, [string, string, string, string]> = {
  leverage: ["use", "uses", "used", "using"],
  empower: ["equip", "equips", "equipped", "equipping"],
  revolutionize: ["change", "changes", "changed", "changing"],
  delve: ["look", "looks", "looked", "looking"],
  unleash: ["release", "releases", "released", "releasing"],
};

function phraseRegex(phrase: string, verb: boolean): RegExp {
  const source = (text: string) =>
    escapeRegExp(text).replace(/'/g, "['’]").replace(/-/g, "[-\\s]?").replace(/\s+/g, "\\s+");
  const body = verb
    ? phrase.endsWith("e")
      ? `${source(phrase.slice(0, -1))}(?<suffix>e|es|ed|ing)`
      : `${source(phrase)}(?<suffix>s|es|ed|ing|)`
    : source(phrase);
  // A removed phrase takes its "that" and comma with it: "It is important to note that X" → "X".
  return new RegExp(`\\b${body}\\b(?<that>\\s+that\\b)?(?<comma>,)?`, "gi");
}

type PhraseGroups = { suffix?: string; that?: string; comma?: string };

/** Replaces or removes banned phrases, keeping sentence case. */
export function replaceBannedPhrases(text: string, extra: readonly string[] = []): string {
  let out = text;
  let changed = false;
  const phrases = [...new Set([...DEFAULT_BANNED_PHRASES, ...extra].map((p) => p.toLowerCase()))];
  // Longest first, so "unlock the power" goes before a shorter phrase inside it.
  phrases.sort((a, b) => b.length - a.length);
  for (const phrase of phrases) {
    const verb = VERBS[phrase];
    out = out.replace(phraseRegex(phrase, Boolean(verb)), (...args: unknown[]) => {
      changed = true;
      const match = args[0] as string;
      const groups = args.at(-1) as PhraseGroups;
      let word = REPLACEMENTS[phrase] ?? "";
      if (verb) {
        const suffix = groups.suffix ?? "";
        word =
          suffix === "ing"
            ? verb[3]
            : suffix === "ed"
              ? verb[2]
              : suffix === "s" || suffix === "es"
                ? verb[1]
                : verb[0];
      }
      if (!word) return "";
      const cased = /^[A-Z]/.test(match) ? upperFirst(word) : word;
      return `${cased}${groups.that ?? ""}${groups.comma ?? ""}`;
    });
  }
  return changed ? fixArticles(tidySentences(out)) : out;
}

const REPLACEMENT_WORDS = [
  ...new Set([...Object.values(REPLACEMENTS), ...Object.values(VERBS).flat()]),
]
  .filter(Boolean)
  .map((w) => w.split(" ")[0]!);
const ARTICLE_BEFORE_REPLACEMENT = new RegExp(
  `\\b(a|an|A|An)\\s+(${REPLACEMENT_WORDS.map(escapeRegExp).join("|")})\\b`,
  "g",
);

/** "an changing market" → "a changing market" after a replacement. */
function fixArticles(text: string): string {
  return text.replace(ARTICLE_BEFORE_REPLACEMENT, (_m, article: string, word: string) => {
    const right = /^[aeiou]/i.test(word) ? "an" : "a";
    return `${/^A/.test(article) ? upperFirst(right) : right} ${word}`;
  });
}

/** Repairs spacing and capitals after words were removed. */
function tidySentences(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/([,;:])\1+/g, "$1")
    .replace(/^\s+/, "")
    .replace(
      /(^|[.!?]\s+|>\s*)([a-z])/g,
      (_m, before: string, letter: string) => before + letter.toUpperCase(),
    )
    .replace(/(<(?:p|li|h[1-6])>)\s+/g, "$1")
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Sentences and blocks

const BLOCK = /<(p|li|h[1-6]|blockquote|td|th)(\b[^>]*)>([\s\S]*?)<\/\1\s*>/gi;

/** Applies `fn` to the inner HTML of each block; drops blocks (and lists) left empty. */
function mapBlocks(html: string, fn: (inner: string, tag: string) => string): string {
  if (!/<(p|li|h[1-6])\b/i.test(html)) {
    return html
      .split(/\n\s*\n/)
      .map((p) => fn(p.trim(), "p"))
      .filter((p) => stripTags(p))
      .map((p) => `<p>${p}</p>`)
      .join("");
  }
  return html
    .replace(BLOCK, (_m, tag: string, attrs: string, inner: string) => {
      const out = fn(inner, tag.toLowerCase()).trim();
      return stripTags(out) ? `<${tag}${attrs}>${out}</${tag}>` : "";
    })
    .replace(/<(ul|ol)\b[^>]*>\s*<\/\1>/gi, "");
}

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=["“(<A-Z0-9])/).filter((s) => s.trim());
}

/** Splits a sentence of more than `max` words at a conjunction near its middle. */
export function splitLongSentence(sentence: string, max: number): string {
  const words = wordCount(stripTags(sentence));
  if (words <= max) return sentence;
  const candidates = [...sentence.matchAll(/,\s+(and|but|so|which|while)\s+|;\s+/gi)];
  let best: RegExpMatchArray | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const left = wordCount(stripTags(sentence.slice(0, c.index)));
    if (left < 6 || words - left < 6) continue;
    const distance = Math.abs(left - words / 2);
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  if (!best) return sentence;
  const conj = (best[1] ?? "").toLowerCase();
  const lead =
    conj === "but"
      ? "But "
      : conj === "so"
        ? "So "
        : conj === "which"
          ? "That "
          : conj === "while"
            ? "Meanwhile, "
            : "";
  const left = sentence.slice(0, best.index).replace(/[,;]\s*$/, "");
  const right = sentence.slice((best.index ?? 0) + best[0].length);
  const next = lead ? lead + right : upperFirst(right);
  return `${left}. ${splitLongSentence(next, max)}`;
}

/** Splits paragraphs of more than `max` words at the sentence boundary nearest the middle. */
function splitLongParagraphs(html: string, max: number): string {
  return html.replace(/<p>([\s\S]*?)<\/p>/gi, (m, inner: string) => {
    const parts = sentences(inner);
    if (wordCount(stripTags(inner)) <= max || parts.length < 2) return m;
    const half = Math.ceil(parts.length / 2);
    return `<p>${parts.slice(0, half).join(" ")}</p><p>${parts.slice(half).join(" ")}</p>`;
  });
}

const PLACEHOLDER =
  /\[[^\]\n]{0,80}[A-Z]{3}[^\]\n]{0,80}\]|\b(?:TODO|TBD)\b|\b[Ll]orem ipsum\b|\bXX+\b%?/;

/** Drops sentences that state a statistic outside the chosen metrics, or hold a placeholder or a flagged term. */
function dropSentences(text: string, allowed: MetricRange[], flagged: RegExp | undefined): string {
  return sentences(text)
    .filter((s) => {
      const plain = stripTags(s);
      if (PLACEHOLDER.test(plain)) return false;
      if (flagged?.test(plain)) return false;
      return extractStatistics(plain).every((stat) => allowed.some((m) => withinRange(stat, m)));
    })
    .join(" ");
}

// ---------------------------------------------------------------------------------------------
// Coverage

/** The quality check's own coverage test (see coversItem). */
const covers = coversItem;

function stemsOf(draft: DraftContent): Set<string> {
  return new Set(
    tokenize(
      [draft.headline, draft.introduction, stripTags(draft.body), draft.conclusion].join(" "),
    ),
  );
}

function mentions(text: string, phrase: string): boolean {
  return normaliseForMatch(stripTags(text)).includes(normaliseForMatch(phrase));
}

/** Inserts a section before the body's last h2 (the closing stage section), else appends it. */
function insertSection(body: string, section: string): string {
  const last = body.lastIndexOf("<h2");
  return last > 0 ? body.slice(0, last) + section + body.slice(last) : body + section;
}

const quoted = (item: string) => [...item.matchAll(/'([^']{2,80})'/g)].map((m) => m[1]!);

// ---------------------------------------------------------------------------------------------

export function refineDraft(
  brief: ContentBrief,
  draft: DraftContent,
  critique: readonly string[],
  round: number,
): DraftContent {
  const f = resolveFacts(brief, `refine-${round}`);
  const asks = (re: RegExp) => critique.some((c) => re.test(c));
  const h = escapeHtml;

  // Phrases the critique quotes: banned ones (custom lists included) and off-industry terms.
  const extraBanned = critique.filter((c) => /banned phrase/i.test(c)).flatMap(quoted);
  const offTerms = critique
    .filter((c) => /^Remove or replace/i.test(c))
    .flatMap((c) => quoted(c.split(":")[0] ?? ""));
  const flagged =
    offTerms.length > 0
      ? new RegExp(`\\b(?:${offTerms.map(escapeRegExp).join("|")})\\b`, "i")
      : undefined;
  const allowed = brief.keyMetrics
    .map(parseMetric)
    .filter((m): m is MetricRange => m !== undefined);
  // Sentences over 40 words read as run-on; when the critique asks, aim shorter.
  const maxSentence = asks(/Shorten long sentences|Break up the/i) ? 25 : 40;

  const text = (s: string) =>
    dropSentences(
      replaceBannedPhrases(s.replace(/\s*[—–]\s*/g, ", ").replace(/!/g, "."), extraBanned),
      allowed,
      flagged,
    )
      .split(/(?<=[.!?])\s+/)
      .map((sentence) => splitLongSentence(sentence, maxSentence))
      .join(" ");

  let headline = replaceBannedPhrases(draft.headline.replace(/!/g, ""), extraBanned);
  let introduction = text(draft.introduction);
  let body = mapBlocks(draft.body, (inner) => text(inner));
  let conclusion = text(draft.conclusion);

  // Brand names the critique says are wrong.
  for (const c of critique.filter((c) => /^Correct /.test(c))) {
    for (const wrong of quoted(c.split(":")[0] ?? "")) {
      const last = wrong.split(/\s+/).at(-1) ?? "";
      const right =
        brief.solutions.find((s) => s.name.split(/\s+/).at(-1) === last)?.name ??
        (wrong.split(/\s+/)[0] === brief.companyName.split(/\s+/)[0]
          ? brief.companyName
          : undefined);
      if (right) {
        const re = new RegExp(escapeRegExp(wrong), "g");
        headline = headline.replace(re, right);
        introduction = introduction.replace(re, right);
        body = body.replace(re, right);
        conclusion = conclusion.replace(re, right);
      }
    }
  }

  // Headline: 6–20 words.
  const headlineWords = wordCount(headline);
  if (headlineWords > 20 || headlineWords < 6) headline = composeHeadline(f);

  // Introduction: 30–130 words, naming the reader's industry and role.
  if (wordCount(introduction) > 130) {
    const parts = sentences(introduction);
    let kept = "";
    while (parts.length > 0 && wordCount(kept + " " + parts[0]) <= 110)
      kept = `${kept} ${parts.shift()}`.trim();
    if (parts.length > 0) body = `<p>${h(parts.join(" "))}</p>${body}`;
    introduction = kept || introduction;
  }
  if (wordCount(introduction) < 30 || asks(/Name the industry/)) {
    const pain = f.pains[0];
    const challenge = f.challenges[0];
    const additions = [
      !mentions(introduction, f.industryName) && challenge
        ? `The stakes are high on ${f.industry} programs: ${lowerFirst(challenge)}.`
        : "",
      pain ? `${upperFirst(f.aPersona)} sees the consequence directly: ${lowerFirst(pain)}.` : "",
    ].filter(Boolean);
    introduction = `${introduction} ${additions.join(" ")}`.trim();
  }
  if (brief.primaryKeyword && !mentions(`${headline} ${introduction}`, brief.primaryKeyword)) {
    introduction = `${introduction} The focus here is ${tidy(brief.primaryKeyword)}.`;
  }

  // Long sentences and paragraphs in the body.
  body = splitLongParagraphs(body, 110);

  // Persona: named, with pain points and goals.
  let stems = stemsOf({ headline, introduction, body, conclusion, imagePrompt: "" });
  const missingPains = f.pains.filter((p) => !covers(p, stems));
  const missingGoals = f.goals.filter((g) => !covers(g, stems));
  const personaNamed = mentions(body + introduction, f.persona);
  if (
    !personaNamed ||
    missingPains.length > 1 ||
    asks(/pain point|goal the|reader's role|Address the reader|metric the .* reports on/i)
  ) {
    const pains = (missingPains.length > 0 ? missingPains : f.pains).slice(0, 2);
    const goals = (missingGoals.length > 0 ? missingGoals : f.goals).slice(0, 2).map(lowerFirst);
    const kpi = f.kpis[0];
    body = insertSection(
      body,
      `<h2>${h(`What it means for ${f.aPersona}`)}</h2>` +
        `<p>${h(personaAngle(f))} The problems behind it are familiar:</p>` +
        `<ul>${pains.map((p) => `<li>${h(p)}</li>`).join("")}</ul>` +
        (goals.length > 0
          ? `<p>It also serves goals you own:</p><ul>${goals.map((g) => `<li>${h(upperFirst(g))}</li>`).join("")}</ul>`
          : "") +
        (kpi ? `<p>${h(`You will see the effect in ${lowerFirst(kpi)}.`)}</p>` : ""),
    );
  }

  // Industry: named, with its challenges.
  stems = stemsOf({ headline, introduction, body, conclusion, imagePrompt: "" });
  const missingChallenges = [...f.challenges, ...f.drivers].filter((c) => !covers(c, stems));
  if (
    !mentions(`${headline} ${introduction} ${body}`, f.industryName) ||
    missingChallenges.length > 3 ||
    asks(/industry|challenge|language of/i)
  ) {
    const items = (missingChallenges.length > 0 ? missingChallenges : f.challenges).slice(0, 3);
    body = insertSection(
      body,
      `<h2>${h(`Why it matters in ${f.industry}`)}</h2>` +
        `<p>${h(`${upperFirst(f.industry)} engineering teams face a specific mix of pressures:`)}</p>` +
        `<ul>${items.map((c) => `<li>${h(c)}</li>`).join("")}</ul>`,
    );
  }

  // Stage substance: the concerns of this stage.
  stems = stemsOf({ headline, introduction, body, conclusion, imagePrompt: "" });
  const concernsCovered = f.concerns.filter((c) => covers(c, stems)).length;
  if (
    concernsCovered < 2 ||
    wordCount(stripTags(body)) < 250 ||
    asks(
      /objection|evaluation criterion|already feels|compare options|decision-stage substance|Frame the problem|Develop the body/i,
    )
  ) {
    const section = stageSection(f);
    const heading = /<h2>([^<]*)<\/h2>/.exec(section)?.[1] ?? "";
    if (!body.includes(heading)) body += section;
  }

  // Chosen key metrics, verbatim, and only those.
  const missingMetrics = brief.keyMetrics
    .map(tidy)
    .filter((m) => !mentions(body + introduction + conclusion, m));
  if (missingMetrics.length > 0) {
    const items = missingMetrics.map((m) => `<li>${h(m)}</li>`).join("");
    const listWithMetric = brief.keyMetrics
      .map(tidy)
      .filter((m) => !missingMetrics.includes(m))
      .map((m) =>
        new RegExp(`<ul>(?:(?!</ul>)[\\s\\S])*?${escapeRegExp(h(m))}[\\s\\S]*?</ul>`).exec(body),
      )
      .find((m) => m !== null);
    if (listWithMetric) {
      const end = listWithMetric.index + listWithMetric[0].length - "</ul>".length;
      body = body.slice(0, end) + items + body.slice(end);
    } else {
      body = insertSection(
        body,
        `<h2>Results teams report</h2><p>${h(`Teams that put cost into the design loop with ${brief.companyName} report results like these:`)}</p><ul>${items}</ul>`,
      );
    }
  }

  // Chosen solutions, by name.
  const missingSolutions = brief.solutions.filter(
    (s) => !mentions(body + introduction + conclusion, s.name),
  );
  if (missingSolutions.length > 0) {
    body = insertSection(
      body,
      missingSolutions.length === 1
        ? `<h2>Where ${h(missingSolutions[0]!.name)} fits</h2><p>${h(tidy(missingSolutions[0]!.description))}.</p>`
        : `<h2>Where ${h(joinList(missingSolutions.map((s) => s.name)))} fit</h2>` +
            missingSolutions
              .map((s) => `<h3>${h(s.name)}</h3><p>${h(tidy(s.description))}.</p>`)
              .join(""),
    );
  }

  // Something to scan: at least three list items.
  if ((body.match(/<li\b/gi) ?? []).length < 3) {
    body = insertSection(
      body,
      `<h2>What to measure</h2><p>${h(`Agree on the measures before you change anything. For ${f.aPersona}, they are the ones already on your dashboard:`)}</p>` +
        `<ul>${f.kpis.map((k) => `<li>${h(k)}</li>`).join("")}</ul>`,
    );
  }

  // Subheadings: at least two.
  const headings = (body.match(/<h[23]\b/gi) ?? []).length;
  if (headings < 2) {
    const blocks = [...body.matchAll(/<(p|ul|ol|blockquote|table)\b/gi)].map((m) => m.index ?? 0);
    const titles = [`Why this matters now`, `What changes in practice`];
    const at =
      headings === 0
        ? [blocks[0], blocks[Math.floor(blocks.length / 2)]]
        : [blocks[Math.floor(blocks.length / 2)]];
    const unique = [...new Set(at.filter((i): i is number => i !== undefined))].sort(
      (a, b) => b - a,
    );
    unique.forEach((index, i) => {
      const title = titles[unique.length - 1 - i] ?? titles[0]!;
      body = `${body.slice(0, index)}<h2>${h(title)}</h2>${body.slice(index)}`;
    });
  }

  // Sections added above get the same sentence-length pass as the original text.
  body = mapBlocks(body, (inner) =>
    sentences(inner)
      .map((sentence) => splitLongSentence(sentence, maxSentence))
      .join(" "),
  );
  conclusion = fixCallToAction(f, conclusion);

  return {
    headline: tidy(headline) + (/[?]$/.test(headline.trim()) ? "?" : ""),
    introduction: introduction.trim(),
    body,
    conclusion,
    imagePrompt:
      wordCount(draft.imagePrompt) >= 6
        ? replaceBannedPhrases(draft.imagePrompt, extraBanned)
        : composeImagePrompt(f),
  };
}

/** Keeps a conclusion whose call to action fits the stage; otherwise keeps its summary and adds one that does. */
function fixCallToAction(f: Facts, conclusion: string): string {
  const stage = f.brief.buyingStage;
  const normal = normaliseForMatch(conclusion);
  const pushy =
    matcherFor(stage === "decision" ? PRESSURE_TACTICS : HARD_SELL).find(normal).length > 0;
  const fits = matcherFor(STAGE_CTA[stage]).find(normal).length > 0;
  if (fits && !pushy && wordCount(conclusion) >= 15) return conclusion;
  const otherStages = BUYING_STAGES.filter((s) => s !== stage).flatMap((s) => STAGE_CTA[s]);
  const summary = sentences(conclusion).filter((s) => {
    const n = normaliseForMatch(s);
    return (
      wordCount(s) >= 5 &&
      matcherFor(ACTION_CUES).find(n).length === 0 &&
      matcherFor(HARD_SELL).find(n).length === 0 &&
      matcherFor(otherStages).find(n).length === 0 &&
      matcherFor(STAGE_CTA[stage]).find(n).length === 0
    );
  });
  const kept = summary.slice(0, 2).join(" ");
  return `${kept} ${stageCallToAction(f)}`.trim();
}
