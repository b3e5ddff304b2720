import winkNLP, { type ItemToken } from "wink-nlp";
import model from "wink-eng-lite-web-model";
import { franc } from "franc-min";

/**
 * English language understanding for the quality check, from wink-nlp and its lite web model
 * (sentences, tokens, parts of speech, lemmas, negation, entities such as percent, money and
 * cardinal) and franc-min (language identification). Both ship inside their npm packages; the
 * model loads once, on first use (about a second), never at start-up.
 */
type Nlp = ReturnType<typeof winkNLP>;
let shared: Nlp | undefined;

function nlp(): Nlp {
  shared ??= winkNLP(model);
  return shared;
}

export interface NlpToken {
  text: string;
  /** Universal POS tag (NOUN, VERB, ADJ, PROPN, NUM, …). */
  pos: string;
  /** True inside the scope of a negation ("does not mean …"). */
  negated: boolean;
}

/** Longest text read at once: the tokenizer's patterns slow down sharply on pathological runs. */
const MAX_TEXT = 2_000;
/** Longest word kept as it is (longer runs, such as 20,000 digits, become one placeholder). */
const MAX_WORD = 40;

/**
 * Words that open a negation's scope in wink-nlp's English model (its negation automaton's
 * starting words, and the contractions it expands): a text without any has no negated token.
 */
const NEGATION_CUE =
  /\b(?:not|no|nah|never|none|nor|neither|without|cannot|hardly|scarcely|rarely|prevent|eliminate|fail(?:s|ed|ing)?|impossible|unlikely|rul(?:e|es|ed))\b|n['’]t\b/i;

/** Whether any token of the text may be negated (see {@link NEGATION_CUE}); cheap. */
export function mayBeNegated(text: string): boolean {
  return NEGATION_CUE.test(text);
}

/** Tokens of one text, with their part of speech, lemma and negation. */
export function tagTokens(raw: string): NlpToken[] {
  const text = raw
    .slice(0, MAX_TEXT)
    .replace(new RegExp(`\\S{${MAX_WORD + 1},}`, "g"), (w) => w.slice(0, MAX_WORD));
  const n = nlp();
  // wink-nlp's `its` helpers are plain functions that take what they need as arguments.
  /* eslint-disable @typescript-eslint/unbound-method */
  const { type, pos, negationFlag } = n.its;
  /* eslint-enable @typescript-eslint/unbound-method */
  const out: NlpToken[] = [];
  n.readDoc(text)
    .tokens()
    .each((t: ItemToken) => {
      if (t.out(type) === "tabCRLF") return;
      out.push({
        text: t.out(),
        pos: t.out(pos),
        negated: t.out(negationFlag) as unknown as boolean,
      });
    });
  return out;
}

/** Languages the check can tell apart (ISO 639-3), with their English names. */
export const LANGUAGE_NAMES: Record<string, string> = {
  eng: "English",
  deu: "German",
  fra: "French",
  spa: "Spanish",
  ita: "Italian",
  por: "Portuguese",
  nld: "Dutch",
  pol: "Polish",
  swe: "Swedish",
  jpn: "Japanese",
  cmn: "Chinese",
};

/**
 * English function words that are not also common words of the other languages told apart
 * ("an", "on", "die", "was", "will" are left out for that reason).
 */
const ENGLISH_FUNCTION_WORDS = new Set(
  "the of and to is that for with this are be by it as which from have has not their they we you our your or can at more than when what been were its these those there would should could about into".split(
    " ",
  ),
);

/**
 * Whether a text is plainly English: at least an eighth of its words are English function words
 * (English prose runs at 20–50 %, the other languages told apart under 5 %). A cheap test before identifying
 * the language, which costs about a tenth of a millisecond a paragraph.
 */
export function plainlyEnglish(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < 8) return false;
  let hits = 0;
  for (const w of words) if (ENGLISH_FUNCTION_WORDS.has(w)) hits++;
  return hits >= words.length / 8;
}

/** The language of a text (ISO 639-3 among LANGUAGE_NAMES), or "und" when too short to tell. */
export function detectLanguage(text: string): string {
  return franc(text, { only: Object.keys(LANGUAGE_NAMES), minLength: 40 });
}

/** ISO 639-3 code of a brief's language tag ("en-US" → "eng"). */
export function languageOfTag(tag: string): string {
  const primary = tag.toLowerCase().split(/[-_]/)[0] ?? "en";
  const map: Record<string, string> = {
    en: "eng",
    de: "deu",
    fr: "fra",
    es: "spa",
    it: "ita",
    pt: "por",
    nl: "nld",
    pl: "pol",
    sv: "swe",
    ja: "jpn",
    zh: "cmn",
  };
  return map[primary] ?? "eng";
}
