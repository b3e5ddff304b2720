import {
  DEFAULT_BANNED_PHRASES,
  type QualityFinding,
  type QualityFindingCode,
} from "@content-studio/contract";
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
 * check's findings. It does not run the judge's rules: it repairs what it can see for itself
 * (banned phrases, figures that are not approved facts, placeholders, run-on sentences,
 * missing topic, persona, industry, stage, facts and solutions) and reads the findings as
 * data, switching on their codes and using their parameters (the phrase, the claim's sentence,
 * the approved fact, the repeated text). It never reads a finding's English. When it finds
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

const lower = (s: string) => stripTags(s).toLowerCase();

/** What the findings ask to be done to single sentences, read from their codes. */
interface SentenceRepairs {
  /** Text whose sentence is removed (unsupported, expired, disparaging, absolute, hard-sell). */
  remove: string[];
  /** Claim text → the approved fact's wording that replaces its sentence. */
  replace: Map<string, string>;
  /** Text that may appear once only (restated points, text copied between sections). */
  once: string[];
}

function sentenceRepairs(
  brief: ContentBrief,
  findings: readonly QualityFinding[],
): SentenceRepairs {
  const remove: string[] = [];
  const replace = new Map<string, string>();
  const once: string[] = [];
  const approved = new Map((brief.approvedFacts ?? []).map((fact) => [fact.id, fact]));
  for (const finding of findings) {
    switch (finding.code) {
      case "contradicted_claim": {
        // The approved figure replaces the claim; a fact no longer in the brief means removal.
        const fact = approved.get(finding.factId);
        if (fact && finding.text.trim())
          replace.set(lower(finding.text), `${tidy(fact.statement)}.`);
        else remove.push(finding.text, finding.sentence);
        break;
      }
      case "unsupported_claim":
      case "expired_claim":
      case "disparaging_claim":
      case "absolute_claim":
      case "hard_sell":
        remove.push(finding.text, finding.sentence);
        break;
      case "placeholder":
        remove.push(finding.text);
        break;
      case "restated_point":
        once.push(finding.sentence);
        break;
      case "copied_between_sections":
        once.push(finding.text);
        break;
      default:
        break;
    }
  }
  const clean = (list: string[]) => [
    ...new Set(list.map(lower).filter((t) => t.trim().length >= 2)),
  ];
  return { remove: clean(remove), replace, once: clean(once) };
}

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
  findings: readonly QualityFinding[],
  round: number,
): DraftContent {
  const f = resolveFacts(brief, `refine-${round}`);
  const codes = new Set<QualityFindingCode>(findings.map((finding) => finding.code));
  const has = (...wanted: QualityFindingCode[]) => wanted.some((code) => codes.has(code));
  const sectionAsked = (section: string, short?: boolean) =>
    findings.some(
      (finding) =>
        finding.code === "section_length" &&
        finding.section === section &&
        (short === undefined || finding.words < finding.min === short),
    );
  const h = escapeHtml;

  // Phrases the organisation banned, and the phrases the findings name as banned.
  const banned = [
    ...new Set([
      ...DEFAULT_BANNED_PHRASES,
      ...(brief.bannedPhrases ?? []),
      ...findings.flatMap((finding) =>
        finding.code === "banned_phrase" && finding.phrase.trim() ? [finding.phrase.trim()] : [],
      ),
    ]),
  ];
  const removable = banned.filter((p) => !hasReplacement(p));
  const repairs = sentenceRepairs(brief, findings);
  const seen = new Set<string>();
  const allowed = allowedNumbers(brief);
  const maxSentence = has("long_sentences", "too_dense") ? 25 : 40;

  const keep = (sentence: string) => {
    const plain = stripTags(sentence);
    const low = plain.toLowerCase();
    if (PLACEHOLDER.test(plain)) return false;
    if (numbersIn(plain).some((n) => !allowed.has(n))) return false;
    if (repairs.remove.some((q) => low.includes(q))) return false;
    // A restated point or copied text: the first occurrence stays, the later ones go.
    for (const q of repairs.once) {
      if (!low.includes(q)) continue;
      if (seen.has(q)) return false;
      seen.add(q);
    }
    return !removable.some((p) => containsPhrase(plain, p));
  };
  /** A sentence stating a contradicted claim becomes the approved fact it contradicts. */
  const corrected = (sentence: string) => {
    const low = lower(sentence);
    for (const [claim, fact] of repairs.replace) if (low.includes(claim)) return h(fact);
    return sentence;
  };
  const text = (s: string) =>
    sentences(replaceBannedPhrases(s.replace(/!/g, "."), banned))
      .map(corrected)
      .filter((sentence, i, all) => all.indexOf(sentence) === i || !repairs.replace.size)
      .filter(keep)
      .map((sentence) => splitLongSentence(sentence, maxSentence))
      .join(" ");

  let headline = replaceBannedPhrases(draft.headline.replace(/!/g, ""), banned);
  if (
    !keep(headline) ||
    wordCount(headline) > 20 ||
    wordCount(headline) < 4 ||
    sectionAsked("headline") ||
    has("industry_not_named", "use_primary_keyword")
  ) {
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
    sectionAsked("introduction") ||
    has("industry_not_named", "use_primary_keyword")
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
  if (topicCovered * 2 < f.topic.stems.length || has("off_topic")) {
    const section = nextThemeSection(f, body);
    if (section) addOnce(section);
  }
  // The topic's words the check found missing go into the body, in one plain sentence.
  const missingTopicWords = [
    ...new Set(
      findings.flatMap((finding) => (finding.code === "off_topic" ? finding.missing : [])),
    ),
  ].filter((word) => word.trim() && !bodyText().toLowerCase().includes(word.toLowerCase()));
  if (missingTopicWords.length > 0) {
    body =
      `<p>${h(`This piece is about ${f.topic.phrase}: ${joinList(missingTopicWords.map((w) => tidy(w)))}, and what they mean for ${f.aPersona} in ${f.industry}.`)}</p>` +
      body;
  }

  // The reader: named, with the pains that fit the topic.
  if (
    !mentions(bodyText() + introduction, f.persona) ||
    has(
      "persona_mismatch",
      "persona_not_addressed",
      "persona_concern_missing",
      "role_not_named",
      "vendor_centric",
    )
  ) {
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
    has(
      "industry_mismatch",
      "industry_not_named",
      "industry_challenge_missing",
      "industry_vocabulary_thin",
    )
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
    has("stage_mismatch", "stage_concern_missing", "cta_wrong_stage", "hard_sell") ||
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
    (has("cta_missing", "cta_wrong_stage", "stage_mismatch", "hard_sell") ||
      sectionAsked("conclusion") ||
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
  if (f.facts.length > 0 && !statesFact) addOnce(evidenceSection(f, draftThemes(f)));

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
    has("few_subheadings", "no_list", "long_paragraph")
  ) {
    const section = nextThemeSection(f, body);
    if (section) addOnce(section);
  }

  // Depth: more on the topic when asked for length or substance.
  if (
    sectionAsked("body", true) ||
    has("keyword_stuffing", "list_without_argument", "too_simple")
  ) {
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

  // Asked to improve (a refine always is, with or without findings) and nothing changed, or
  // only findings it cannot act on: add the most relevant theme not covered yet.
  const unchanged = (["headline", "introduction", "body", "conclusion"] as const).every(
    (k) => result[k] === draft[k],
  );
  if (unchanged) {
    const section = nextThemeSection(f, result.body);
    if (section) result.body = insertSection(result.body, section);
  }
  return result;
}
