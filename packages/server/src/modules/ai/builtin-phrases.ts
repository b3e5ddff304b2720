import { DEFAULT_BANNED_PHRASES } from "@content-studio/contract";
import { upperFirst } from "./builtin-text";

/**
 * Banned phrases for the offline outline writer: plain replacements for the default list, removal
 * (or dropping the sentence) for any other phrase the organisation bans.
 */

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

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

/** Whether `text` contains `phrase` as whole words, ignoring case, hyphens and apostrophe style. */
export function containsPhrase(text: string, phrase: string): boolean {
  return phraseRegex(phrase.toLowerCase(), false).test(text);
}

/** The phrases that have a plain replacement (others are removed with their sentence). */
export function hasReplacement(phrase: string): boolean {
  const p = phrase.toLowerCase();
  return p in REPLACEMENTS || p in VERBS;
}
