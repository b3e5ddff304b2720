/**
 * How the kit check reads an asset: its sections as plain text (the body's HTML split into
 * blocks), the links it carries, and its figures written the English way so the quality
 * module's claim patterns read them. Pure and deterministic.
 */
import type { KitLanguage, QualitySection } from "@content-studio/contract";
import { decodeEntities } from "../../lib/html";
import { htmlBlocks, stripTags } from "../quality/text";

/** The four sections of an asset as stored (the body may be HTML). */
export interface KitAssetText {
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
}

/** Languages that write "1.200,5" (a dot between thousands, a comma before decimals). */
const DOT_GROUPED: ReadonlySet<KitLanguage> = new Set(["de", "es"]);
/** Languages that write "1 200,5" (a space between thousands, a comma before decimals). */
const SPACE_GROUPED: ReadonlySet<KitLanguage> = new Set(["fr"]);

/** Percent written as a word, per language ("37 Prozent"). */
const PERCENT_WORDS: Partial<Record<KitLanguage, RegExp>> = {
  de: /(\d)\s*(?:Prozent|v\.\s?H\.)(?!\p{L})/gu,
  fr: /(\d)\s*pour\s?cent(?!\p{L})/gu,
  es: /(\d)\s*por\s?ciento(?!\p{L})/gu,
};

/** Scale words of a sum written after its number ("4,2 Mio. €"), as the claim patterns write them. */
const SCALE_WORDS: Record<string, string> = {
  tsd: "k",
  mio: "m",
  millionen: "m",
  million: "m",
  millions: "m",
  millones: "m",
  mrd: "bn",
  milliarden: "bn",
  milliards: "bn",
};
const CURRENCY_AFTER =
  /(?<![\d.,])(\d+(?:\.\d+)?)\s*(?:(Tsd|Mio|Mrd|Millionen|Milliarden|millions?|milliards|millones)\.?\s*(?:de\s+|d['’]\s*)?)?(€|EUR|\$|USD|£|GBP)(?!\p{L})/gu;
const SYMBOL: Record<string, string> = { "€": "€", EUR: "€", $: "$", USD: "$", "£": "£", GBP: "£" };

/**
 * The text with its figures written as English copy writes them, so the quality module's claim
 * patterns (the one number reader) read "37 %", "1.200" and "4,2 Mio. €" in German as 37 %,
 * 1200 and €4.2m. Only notation changes; words stay as written.
 */
export function englishFigures(text: string, language: KitLanguage): string {
  let out = text.replace(/[\uFF05\uFE6A]/g, "%").replace(/[\u00A0\u202F\u2009]/g, " ");
  if (DOT_GROUPED.has(language) || SPACE_GROUPED.has(language)) {
    const group = DOT_GROUPED.has(language) ? "\\." : " ";
    const grouped = new RegExp(
      String.raw`(?<![\d.,])(\d{1,3}(?:${group}\d{3})+)(?:,(\d+))?(?![\d]|[.,]\d)`,
      "g",
    );
    out = out
      .replace(grouped, (_, int: string, dec?: string) =>
        dec ? `${int.replace(/\D/g, "")}.${dec}` : int.replace(/\D/g, ""),
      )
      .replace(/(?<![\d.,])(\d+),(\d+)(?![\d]|[.,]\d)/g, "$1.$2");
    out = out.replace(
      CURRENCY_AFTER,
      (_, n: string, scale: string | undefined, symbol: string) =>
        `${SYMBOL[symbol] ?? symbol}${n}${scale ? (SCALE_WORDS[scale.toLowerCase()] ?? "") : ""}`,
    );
  }
  const percent = PERCENT_WORDS[language];
  return percent ? out.replace(percent, "$1 %") : out;
}

/** The asset's sections as plain text, body blocks one a line, figures in English notation. */
export function kitSections(
  text: KitAssetText,
  language: KitLanguage,
): { name: QualitySection; text: string }[] {
  const body = htmlBlocks(text.body)
    .map((b) => b.text)
    .join("\n");
  return [
    { name: "headline" as const, text: stripTags(text.headline) },
    { name: "introduction" as const, text: stripTags(text.introduction) },
    { name: "body" as const, text: body },
    { name: "conclusion" as const, text: stripTags(text.conclusion) },
  ]
    .filter((s) => s.text.length > 0)
    .map((s) => ({ ...s, text: englishFigures(s.text, language) }));
}

/** Everything a reader sees, one section a line (figures as written). */
export function visibleText(text: KitAssetText): string {
  return [
    text.headline,
    text.introduction,
    htmlBlocks(text.body)
      .map((b) => b.text)
      .join("\n"),
    text.conclusion,
  ]
    .map((t) => stripTags(t))
    .join("\n");
}

/** The addresses an asset links to or writes out, normalised by {@link normaliseUrl}. */
export function urlsOf(text: KitAssetText): Set<string> {
  const all = [text.headline, text.introduction, text.body, text.conclusion].join("\n");
  const out = new Set<string>();
  for (const m of all.matchAll(/href\s*=\s*"([^"]*)"/gi))
    out.add(normaliseUrl(decodeEntities(m[1]!)));
  for (const m of decodeEntities(all.replace(/<[^<>]*>/g, " ")).matchAll(
    /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+/gi,
  )) {
    out.add(normaliseUrl(m[0].replace(/[.,;:!?]+$/, "")));
  }
  return out;
}

/** An address without scheme, "www.", trailing slash or case in its host: how links compare. */
export function normaliseUrl(url: string): string {
  const bare = url
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "");
  const slash = bare.search(/[/?#]/);
  const host = (slash === -1 ? bare : bare.slice(0, slash)).toLowerCase();
  const rest = slash === -1 ? "" : bare.slice(slash);
  return `${host}${rest}`.replace(/\/+$/, "");
}
