import { DEFAULT_BANNED_PHRASES } from "@content-studio/contract";
import {
  composeHeadline,
  composeImagePrompt,
  composeIntroduction,
  draftThemes,
  evidenceSection,
  personaAngle,
  resolveFacts,
  stageCallToAction,
  STAGE_HEADINGS,
  stageSection,
  type Facts,
} from "./builtin-draft";
import { containsPhrase, hasReplacement, replaceBannedPhrases } from "./builtin-phrases";
import {
  escapeHtml,
  joinList,
  lowerFirst,
  stripTags,
  tidy,
  upperFirst,
  wordCount,
} from "./builtin-text";
import type { Theme } from "./builtin-themes";
import { overlap, stemsOf } from "./builtin-topic";
import type { ContentBrief, DraftContent } from "./writer";

export { replaceBannedPhrases } from "./builtin-phrases";

/**
 * The template writer's refinement of a draft (its own or an edited one) against the quality
 * check's critique. It does not read the judge's rules: it repairs what it can see for itself
 * (banned phrases, figures that are not approved facts, placeholders, run-on sentences,
 * missing topic, persona, industry, stage, facts and solutions) and reads the critique only
 * for what it names (quoted phrases to remove, and which part it asks about). When it finds
 * nothing to repair it adds the most relevant theme the draft does not cover yet, so a refine
 * always changes something while there is something left to add.
 */

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

/** Digit groups of a text ("35-45%" → 35, 45), codes such as AS9100 or 3D left out. */
export function numbersIn(text: string): string[] {
  const withoutCodes = text.replace(
    /\b(?:[A-Za-z]+\d[A-Za-z\d]*|\d+(?![xX]\b)[A-Za-z][A-Za-z\d]*)\b/g,
    " ",
  );
  return (withoutCodes.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/,/g, ""));
}

/** The numbers a draft may state: those of the approved facts, the topic and the offers. */
export function allowedNumbers(brief: ContentBrief): Set<string> {
  const sources = [
    brief.topic,
    brief.primaryKeyword ?? "",
    ...(brief.approvedFacts ?? []).flatMap((f) => [
      f.statement,
      f.value === null ? "" : String(f.value),
    ]),
    ...(brief.offers ?? []).flatMap((o) => [o.name, o.url]),
  ];
  return new Set(sources.flatMap(numbersIn));
}

/** Text inside quotes in a critique line: the phrases and claims it names. */
const quoted = (line: string) =>
  [...line.matchAll(/["“']([^"”'\n]{2,200})["”']/g)].map((m) => m[1]!.trim()).filter(Boolean);

/** Inserts a section before the body's last h2 (the closing stage section), else appends it. */
function insertSection(body: string, section: string): string {
  const last = body.lastIndexOf("<h2");
  return last > 0 ? body.slice(0, last) + section + body.slice(last) : body + section;
}

function themeCovered(body: string, theme: Theme): boolean {
  return (
    theme.headings.some((heading) => body.includes(escapeHtml(heading))) ||
    theme.paragraphs.some((p) => body.includes(escapeHtml(p.slice(0, 60))))
  );
}

/** The most relevant theme the body does not cover yet, as a section. */
function nextThemeSection(f: Facts, body: string): string | undefined {
  const theme = f.themes.find((t) => !themeCovered(body, t));
  if (!theme) return undefined;
  const paragraphs = theme.paragraphs
    .slice(0, 2)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("");
  const steps = theme.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join("");
  return `<h2>${escapeHtml(theme.headings[0]!)}</h2>${paragraphs}<ul>${steps}</ul>`;
}

export function refineDraft(
  brief: ContentBrief,
  draft: DraftContent,
  critique: readonly string[],
  round: number,
): DraftContent {
  const f = resolveFacts(brief, `refine-${round}`);
  const asks = (re: RegExp) => critique.some((c) => re.test(c));
  const h = escapeHtml;

  // Phrases the organisation banned, and phrases or claims the critique names for removal.
  const banned = [
    ...new Set([
      ...DEFAULT_BANNED_PHRASES,
      ...(brief.bannedPhrases ?? []),
      ...critique.filter((c) => /phrase/i.test(c)).flatMap(quoted),
    ]),
  ];
  const removable = banned.filter((p) => !hasReplacement(p));
  const flagged = critique
    .filter((c) => /^(remove|drop|delete|cut)\b/i.test(c.trim()))
    .flatMap(quoted);
  const allowed = allowedNumbers(brief);
  const maxSentence = asks(/sentence/i) ? 25 : 40;

  const keep = (sentence: string) => {
    const plain = stripTags(sentence);
    if (PLACEHOLDER.test(plain)) return false;
    if (numbersIn(plain).some((n) => !allowed.has(n))) return false;
    if (flagged.some((q) => plain.toLowerCase().includes(q.toLowerCase()))) return false;
    return !removable.some((p) => containsPhrase(plain, p));
  };
  const text = (s: string) =>
    sentences(replaceBannedPhrases(s.replace(/!/g, "."), banned))
      .filter(keep)
      .map((sentence) => splitLongSentence(sentence, maxSentence))
      .join(" ");

  let headline = replaceBannedPhrases(draft.headline.replace(/!/g, ""), banned);
  if (!keep(headline) || wordCount(headline) > 20 || wordCount(headline) < 4 || asks(/headline/i)) {
    const fresh = composeHeadline(f);
    if (fresh !== headline) headline = fresh;
  }
  let introduction = text(draft.introduction);
  let body = mapBlocks(draft.body, (inner) => text(inner));
  let conclusion = text(draft.conclusion);

  // Introduction: the topic, the industry and the reader, in 30–130 words.
  const introStems = stemsOf(introduction);
  const mentions = (t: string, name: string) => t.toLowerCase().includes(name.toLowerCase());
  if (
    wordCount(introduction) < 30 ||
    overlap(f.topic.stems, introStems) === 0 ||
    !mentions(introduction, f.industryName) ||
    !mentions(introduction, f.persona) ||
    asks(/introduction/i)
  ) {
    introduction = composeIntroduction(f);
  }
  if (wordCount(introduction) > 130) {
    const parts = sentences(introduction);
    let kept = "";
    while (parts.length > 0 && wordCount(`${kept} ${parts[0]}`) <= 110)
      kept = `${kept} ${parts.shift()}`.trim();
    if (parts.length > 0) body = `<p>${h(parts.join(" "))}</p>${body}`;
    introduction = kept || introduction;
  }
  if (brief.primaryKeyword && !mentions(`${headline} ${introduction}`, brief.primaryKeyword)) {
    introduction = `${introduction} The focus here is ${tidy(brief.primaryKeyword)}.`;
  }
  body = splitLongParagraphs(body, 110);

  const bodyText = () => stripTags(body);
  const addOnce = (section: string) => {
    const heading = /<h2>([^<]*)<\/h2>/.exec(section)?.[1];
    if (heading && body.includes(`<h2>${heading}</h2>`)) return false;
    body = insertSection(body, section);
    return true;
  };

  // The topic: the body has to be about it.
  const topicCovered = overlap(f.topic.stems, stemsOf(bodyText()));
  if (topicCovered * 2 < f.topic.stems.length || asks(/topic|relevan|about/i)) {
    const section = nextThemeSection(f, body);
    if (section) addOnce(section);
  }

  // The reader: named, with the pains that fit the topic.
  if (!mentions(bodyText() + introduction, f.persona) || asks(/persona|pain|goal|reader|role/i)) {
    const pains = f.pains.slice(0, 3);
    const goals = f.goals.slice(0, 2);
    addOnce(
      `<h2>${h(`What it means for ${f.aPersona}`)}</h2>` +
        `<p>${h(`${personaAngle(f)} The problems behind it are familiar:`)}</p>` +
        `<ul>${pains.map((p) => `<li>${h(p)}</li>`).join("")}</ul>` +
        (goals.length > 0
          ? `<p>${h(`It also serves goals you own: ${joinList(goals.map(lowerFirst))}.`)}</p>`
          : ""),
    );
  }

  // The industry: named, with its challenges.
  if (
    !mentions(`${headline} ${introduction} ${bodyText()}`, f.industryName) ||
    asks(/industry|sector|challenge/i)
  ) {
    addOnce(
      `<h2>${h(`Why it matters in ${f.industry}`)}</h2>` +
        `<p>${h(`${upperFirst(f.industry)} engineering teams face a specific mix of pressures:`)}</p>` +
        `<ul>${[...f.challenges, ...f.drivers]
          .slice(0, 3)
          .map((c) => `<li>${h(c)}</li>`)
          .join("")}</ul>`,
    );
  }

  // The stage: its substance in the body and a call to action that fits it.
  if (
    asks(/stage|objection|criteri|evaluat|awareness|consideration|decision/i) ||
    wordCount(bodyText()) < 250
  ) {
    const section = stageSection(f, draftThemes(f));
    const heading = /<h2>([^<]*)<\/h2>/.exec(section)?.[1];
    const present = [...body.matchAll(/<h2>([^<]*)<\/h2>/g)].some((m) =>
      Object.values(STAGE_HEADINGS).flat().includes(m[1]!),
    );
    if (heading && !present) body += section;
  }
  const cta = stageCallToAction(f);
  if (
    !conclusion.includes(cta) &&
    (asks(/call to action|next step|stage|conclusion|offer/i) ||
      wordCount(conclusion) < 15 ||
      (f.offer && !conclusion.includes(f.offer.url)))
  ) {
    // The summary stays; an older call to action (a link, another stage's step) goes.
    const summary = sentences(conclusion)
      .filter((s) => wordCount(s) >= 5 && !/https?:\/\/|www\./i.test(s))
      .slice(0, 1)
      .join(" ");
    conclusion = `${summary} ${cta}`.trim();
  }

  // Approved facts: the relevant ones, verbatim, when the draft states none of them.
  const statesFact = f.facts.some((fact) => bodyText().includes(tidy(fact.statement)));
  if (
    f.facts.length > 0 &&
    (!statesFact || asks(/claim|statistic|evidence|fact|proof|specific/i))
  ) {
    if (!statesFact) addOnce(evidenceSection(f, draftThemes(f)));
  }

  // Chosen solutions, by name.
  const missing = brief.solutions.filter(
    (s) => !mentions(bodyText() + introduction + conclusion, s.name),
  );
  if (missing.length > 0) {
    addOnce(
      `<h2>${h(`Where ${joinList(missing.map((s) => s.name))} ${missing.length === 1 ? "fits" : "fit"}`)}</h2>` +
        missing
          .map(
            (s) =>
              `<h3>${h(s.name)}</h3><p>${h(tidy(s.description.replace(/\s*[—–]\s*/g, ", ")))}.</p>`,
          )
          .join(""),
    );
  }

  // Something to scan and subheadings to navigate by.
  if (
    (body.match(/<li\b/gi) ?? []).length < 3 ||
    (body.match(/<h[23]\b/gi) ?? []).length < 2 ||
    asks(/subheading|structure|list|scan/i)
  ) {
    const section = nextThemeSection(f, body);
    if (section) addOnce(section);
  }

  // Depth: more on the topic when asked for length or substance.
  if (asks(/short|length|develop|depth|thin|substance|detail/i)) {
    const section = nextThemeSection(f, body);
    if (section) addOnce(section);
  }

  body = mapBlocks(body, (inner) =>
    sentences(inner)
      .map((s) => splitLongSentence(s, maxSentence))
      .join(" "),
  );
  const result: DraftContent = {
    headline: tidy(headline) + (/[?]$/.test(headline.trim()) ? "?" : ""),
    introduction: introduction.trim(),
    body,
    conclusion,
    imagePrompt:
      wordCount(draft.imagePrompt) >= 6
        ? replaceBannedPhrases(draft.imagePrompt, banned)
        : composeImagePrompt(f),
  };

  // Asked to improve and nothing changed: add the most relevant theme not covered yet.
  const unchanged = (["headline", "introduction", "body", "conclusion"] as const).every(
    (k) => result[k] === draft[k],
  );
  if (unchanged && critique.length > 0) {
    const section = nextThemeSection(f, result.body);
    if (section) result.body = insertSection(result.body, section);
  }
  return result;
}
