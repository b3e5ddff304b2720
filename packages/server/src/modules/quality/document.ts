import type { QualitySection } from "@content-studio/contract";
import { splitSentences, wordTokens } from "./readability";
import { htmlBlocks, normaliseForMatch, stripTags, tokenize, type TextBlock } from "./text";

/** One sentence of the draft, with where it stands and its content stems. */
export interface Sentence {
  text: string;
  section: QualitySection;
  /** heading, paragraph or item for the body; paragraph for the other sections. */
  kind: TextBlock["kind"];
  stems: string[];
  words: number;
}

/** A draft analysed once, for every criterion. */
export interface Doc {
  sections: { name: QualitySection; text: string }[];
  headline: string;
  introduction: string;
  conclusion: string;
  blocks: TextBlock[];
  bodyText: string;
  /** All sections, one line per heading, paragraph or list item. */
  plain: string;
  /** `plain`, normalised for phrase matching. */
  match: string;
  bodyMatch: string;
  tokens: string[];
  stems: Set<string>;
  bodyStems: Set<string>;
  /** Stems of the headline and introduction. */
  openingStems: Set<string>;
  sentences: Sentence[];
  /** Words in all sections (readability count). */
  words: number;
}

const plainOf = (s: string) =>
  /<\/?[a-z][^<>]*>/i.test(s) ? stripTags(s) : s.replace(/\s+/g, " ").trim();

/** Splits a draft (body as sanitised HTML) into sections, blocks and sentences. */
export function analyse(input: {
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
}): Doc {
  const headline = plainOf(input.headline);
  const introduction = plainOf(input.introduction);
  const conclusion = plainOf(input.conclusion);
  const blocks = htmlBlocks(input.body);
  const bodyText = blocks.map((b) => b.text).join("\n");
  const plain = [headline, introduction, bodyText, conclusion].join("\n");
  const sentences: Sentence[] = [];
  const addSentences = (text: string, section: QualitySection, kind: TextBlock["kind"]) => {
    for (const s of splitSentences(text)) {
      sentences.push({ text: s, section, kind, stems: tokenize(s), words: wordTokens(s).length });
    }
  };
  addSentences(headline, "headline", "heading");
  addSentences(introduction, "introduction", "paragraph");
  for (const b of blocks) addSentences(b.text, "body", b.kind);
  addSentences(conclusion, "conclusion", "paragraph");
  // Every stem once, from the sentences (tokenising the text again would double the cost).
  const tokens = sentences.flatMap((s) => s.stems);
  const stemsOf = (...sections: QualitySection[]) =>
    new Set(sentences.filter((s) => sections.includes(s.section)).flatMap((s) => s.stems));
  return {
    sections: [
      { name: "headline", text: headline },
      { name: "introduction", text: introduction },
      { name: "body", text: bodyText },
      { name: "conclusion", text: conclusion },
    ],
    headline,
    introduction,
    conclusion,
    blocks,
    bodyText,
    plain,
    match: normaliseForMatch(plain),
    bodyMatch: normaliseForMatch(bodyText),
    tokens,
    stems: new Set(tokens),
    bodyStems: stemsOf("body"),
    openingStems: stemsOf("headline", "introduction"),
    sentences,
    words: wordTokens(plain).length,
  };
}

/** Whether two stems are the same word for matching purposes (one a 5-letter prefix of the other). */
export function stemsMeet(a: string, b: string): boolean {
  if (a === b) return true;
  const n = Math.min(a.length, b.length);
  return n >= 5 && a.slice(0, n) === b.slice(0, n);
}

/** Whether a set of stems holds the stem, or one that {@link stemsMeet} it. */
export function hasStem(stems: ReadonlySet<string>, stem: string): boolean {
  if (stems.has(stem)) return true;
  if (stem.length < 5) return false;
  for (const s of stems) if (stemsMeet(s, stem)) return true;
  return false;
}

/**
 * Words that label figures as an example rather than a result: "illustrative", "assumed",
 * "hypothetical", "suppose", "for example". General English, no product vocabulary.
 */
const ILLUSTRATIVE =
  /\b(?:illustrative|illustration|hypothetical|assumed|assuming|assume|suppose|imagine|for example|for instance|worked example|round numbers|made-up|fictional)\b/i;

/**
 * The sentences of a worked example: every sentence of a body part (a heading and the blocks
 * under it) that labels its figures as illustrative or assumed, or a single paragraph that does.
 */
export function illustrativeSentences(doc: Doc): (sentence: string) => boolean {
  const marked = new Set<string>();
  let part: string[] = [];
  let partMarked = false;
  const flush = () => {
    if (partMarked) for (const s of part) marked.add(s);
    part = [];
    partMarked = false;
  };
  for (const block of doc.blocks) {
    if (block.kind === "heading") flush();
    const sentences = splitSentences(block.text);
    part.push(...sentences);
    if (ILLUSTRATIVE.test(block.text)) partMarked = true;
  }
  flush();
  return (sentence) => marked.has(sentence);
}
