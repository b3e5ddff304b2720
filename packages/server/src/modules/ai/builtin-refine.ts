import {
  DEFAULT_BANNED_PHRASES,
  isOutlineBody,
  type QualityFinding,
} from "@content-studio/contract";
import { containsPhrase, hasReplacement, replaceBannedPhrases } from "./builtin-phrases";
import { escapeHtml, stripTags, tidy } from "./builtin-text";
import { stemsOf } from "./builtin-topic";
import type { ContentBrief, DraftContent } from "./writer";

/**
 * The outline writer's refinement: subtractive and repairing only, never additive. It reads the
 * quality findings as data (their codes and parameters, never their English) and removes what
 * they name: banned phrases, sentences with unsupported, expired, absolute, disparaging or
 * hard-sell claims, placeholders, text addressed to a reviewer, grader or model, later copies of
 * repeated paragraphs and restated points, unfinished trailing sentences; a contradicted or
 * misattributed figure's sentence becomes the approved fact it names. It never appends a
 * section, a list or a fact. An outline is returned as it is: it is capped by design.
 */

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

const PLACEHOLDER =
  /\[[^\]\n]{0,80}[A-Z]{3}[^\]\n]{0,80}\]|\b(?:TODO|TBD)\b|\b[Ll]orem ipsum\b|\bXX+\b%?/;

/** Text that speaks to whoever checks or writes the copy instead of to its reader. */
const ADDRESSED_TO_REVIEWER =
  /\b(?:note\s+(?:to|for)\s+(?:the\s+)?(?:reviewer|grader|editor|model|judge)|(?:dear|attention)\s+(?:reviewer|grader|evaluator|judge)|(?:reviewers?|graders?|evaluators?|judges?|the\s+(?:ai|language)\s+model)\s+(?:should|must|please|will)|ignore\s+(?:all\s+)?(?:previous|prior|above)\s+instructions|(?:rate|score|grade)\s+this\s+(?:piece|article|copy|draft)|as\s+an\s+ai\s+(?:language\s+)?model)\b/i;

const norm = (s: string) => stripTags(s).toLowerCase().replace(/\s+/g, " ").trim();

/** What the findings ask to be done, read from their codes. */
interface Repairs {
  /** Text whose sentence is removed. */
  remove: string[];
  /** Claim text → the approved fact's wording that replaces its sentence. */
  replace: Map<string, string>;
  /** Text that may appear once only (restated points, text copied between sections). */
  once: string[];
  /** Text of a repeated paragraph: the first paragraph holding it stays, later ones go. */
  paragraphs: string[];
  /** Sections that stop mid-sentence. */
  truncated: Set<string>;
  banned: string[];
}

function repairsOf(brief: ContentBrief, findings: readonly QualityFinding[]): Repairs {
  const r: Repairs = {
    remove: [],
    replace: new Map(),
    once: [],
    paragraphs: [],
    truncated: new Set(),
    banned: [],
  };
  const approved = new Map((brief.approvedFacts ?? []).map((fact) => [fact.id, fact]));
  for (const f of findings) {
    switch (f.code) {
      case "contradicted_claim":
      case "claim_misattributed": {
        // The approved wording replaces the claim; a fact no longer in the brief means removal.
        const fact = approved.get(f.factId);
        if (fact && f.text.trim()) r.replace.set(norm(f.text), `${tidy(fact.statement)}.`);
        else r.remove.push(f.text, f.sentence);
        break;
      }
      case "unsupported_claim":
      case "expired_claim":
      case "disparaging_claim":
      case "absolute_claim":
      case "hard_sell":
        r.remove.push(f.text, f.sentence);
        break;
      case "placeholder":
      case "reviewer_instruction":
      case "template_boilerplate":
        r.remove.push(f.text);
        break;
      case "restated_point":
        r.once.push(f.sentence);
        break;
      case "copied_between_sections":
        r.once.push(f.text);
        break;
      case "repeated_paragraph":
        r.paragraphs.push(f.text);
        break;
      case "truncated":
        r.truncated.add(f.section);
        break;
      case "banned_phrase":
        if (f.phrase.trim()) r.banned.push(f.phrase.trim());
        break;
      default:
        break;
    }
  }
  const clean = (list: string[]) => [...new Set(list.map(norm).filter((t) => t.length >= 2))];
  return {
    ...r,
    remove: clean(r.remove),
    once: clean(r.once),
    paragraphs: clean(r.paragraphs.map((t) => t.replace(/\s*(?:…|\.\.\.)\s*$/, ""))),
  };
}

/** Drops the words after the last finished sentence of a section that stops mid-sentence. */
function withoutUnfinishedEnd(text: string): string {
  const plain = text.trim();
  if (/[.!?]["”’)]*$/.test(stripTags(plain))) return plain;
  const end = Math.max(plain.lastIndexOf(". "), plain.lastIndexOf("? "), plain.lastIndexOf("! "));
  return end > 0 ? plain.slice(0, end + 1) : plain;
}

/** Content-word overlap of two paragraphs (Jaccard of stems). */
function similarity(a: string, b: string): number {
  const x = new Set(stemsOf(a));
  const y = new Set(stemsOf(b));
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const s of x) if (y.has(s)) shared += 1;
  return shared / (x.size + y.size - shared);
}

/** Paragraphs this close to an earlier one say the same thing again. */
const REPEAT_SIMILARITY = 0.8;

/** Removes later `<p>` paragraphs that repeat an earlier one or hold a named repeated text. */
function withoutRepeatedParagraphs(body: string, named: readonly string[]): string {
  const kept: string[] = [];
  const seenNamed = new Set<string>();
  return body.replace(/<p\b[^>]*>([\s\S]*?)<\/p>/gi, (m, inner: string) => {
    const text = norm(inner);
    if (!text) return m;
    for (const t of named) {
      if (!text.includes(t)) continue;
      if (seenNamed.has(t)) return "";
      seenNamed.add(t);
    }
    if (kept.some((k) => k === text || similarity(k, text) >= REPEAT_SIMILARITY)) return "";
    kept.push(text);
    return m;
  });
}

export function refineDraft(
  brief: ContentBrief,
  draft: DraftContent,
  findings: readonly QualityFinding[],
): DraftContent {
  if (isOutlineBody(draft.body)) return draft;
  const repairs = repairsOf(brief, findings);
  const banned = [
    ...new Set([...DEFAULT_BANNED_PHRASES, ...(brief.bannedPhrases ?? []), ...repairs.banned]),
  ];
  const removable = banned.filter((p) => !hasReplacement(p));
  const seen = new Set<string>();

  const keep = (sentence: string) => {
    const plain = stripTags(sentence);
    const low = norm(plain);
    if (!low) return false;
    if (PLACEHOLDER.test(plain) || ADDRESSED_TO_REVIEWER.test(plain)) return false;
    if (repairs.remove.some((q) => low.includes(q))) return false;
    // A restated point or copied text: the first occurrence stays, the later ones go.
    for (const q of repairs.once) {
      if (!low.includes(q)) continue;
      if (seen.has(q)) return false;
      seen.add(q);
    }
    return !removable.some((p) => containsPhrase(plain, p));
  };
  /** A sentence stating a contradicted or misattributed figure becomes the approved fact. */
  const corrected = (sentence: string) => {
    const low = norm(sentence);
    for (const [claim, fact] of repairs.replace) if (low.includes(claim)) return escapeHtml(fact);
    return sentence;
  };
  const text = (s: string) =>
    sentences(replaceBannedPhrases(s.replace(/!/g, "."), banned))
      .map(corrected)
      .filter(keep)
      .join(" ");
  const section = (name: string, value: string) =>
    repairs.truncated.has(name) ? withoutUnfinishedEnd(value) : value;
  /** The body's last block is the one that stops mid-sentence. */
  const bodyEnd = (html: string) => {
    if (!repairs.truncated.has("body")) return html;
    const blocks = [...html.matchAll(/<(p|li)\b[^>]*>([\s\S]*?)<\/\1>/gi)];
    const last = blocks.at(-1);
    if (!last || last.index === undefined) return withoutUnfinishedEnd(html);
    const inner = withoutUnfinishedEnd(last[2] ?? "");
    const finished = /[.!?]["”’)]*$/.test(stripTags(inner));
    const replacement = finished ? last[0].replace(last[2] ?? "", inner) : "";
    return html.slice(0, last.index) + replacement + html.slice(last.index + last[0].length);
  };

  const headline = replaceBannedPhrases(draft.headline.replace(/!/g, ""), banned);
  let body = mapBlocks(bodyEnd(draft.body), (inner) => text(inner));
  body = withoutRepeatedParagraphs(body, repairs.paragraphs);
  // A section with nothing left to keep stays as it was: the writer removes, it does not invent,
  // and the caller's check decides whether the rest of the repair is worth keeping.
  const orOriginal = (next: string, original: string) => (stripTags(next) ? next : original);
  return {
    headline: keep(headline) ? headline : draft.headline,
    introduction: orOriginal(text(section("introduction", draft.introduction)), draft.introduction),
    body: orOriginal(body, draft.body),
    conclusion: orOriginal(text(section("conclusion", draft.conclusion)), draft.conclusion),
    // A stored item may have no image prompt; the headline is the one plain description it has.
    imagePrompt: replaceBannedPhrases(draft.imagePrompt, banned).trim() || headline,
  };
}
