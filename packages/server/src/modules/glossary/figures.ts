import type { KitLanguage } from "@content-studio/contract";

/**
 * The figures of a text: each number with its scale word, currency and unit, read the way the
 * text's language writes numbers, so that "USD 1,200" (en), "1.200 USD" (de) and
 * "1 200 USD" (fr) are one figure, and "2.4 million", "2,4 Millionen" and "240万" another.
 * Units: %, x (× and -fach), currencies (ISO codes, $ € £ ¥ 円 and the currency words) and the
 * time units hour, day, week, month and year in the five languages. A scale word may stand
 * between the number and its currency ("1,5 millones de euros").
 */

export interface Figure {
  /** As written in the text. */
  text: string;
  /** The values it may mean: the language's reading first, then the other convention's. */
  values: number[];
  currency: string;
  unit: string;
}

const CURRENCY_WORDS: [RegExp, string][] = [
  [/^(?:USD|US\$|\$|dollars?|Dollars?|dólares?|ドル)$/u, "USD"],
  [/^(?:EUR|€|euros?|Euros?|ユーロ)$/u, "EUR"],
  [/^(?:GBP|£|pounds?)$/u, "GBP"],
  [/^(?:JPY|¥|円)$/u, "JPY"],
  [/^(?:CHF)$/u, "CHF"],
];
const CURRENCY = String.raw`USD|EUR|GBP|JPY|CHF|US\$|\$|€|£|¥|円|dollars?|Dollars?|dólares?|ドル|euros?|Euros?|ユーロ`;
const PREFIX_CURRENCY = String.raw`USD|EUR|GBP|JPY|CHF|US\$|\$|€|£|¥`;

const SCALES: [RegExp, number][] = [
  [/^(?:thousand|Tausend|mille|mil|千)$/u, 1e3],
  [/^万$/u, 1e4],
  [/^(?:million|millions|Million|Millionen|Mio\.?|millón|millones|百万)$/u, 1e6],
  [/^億$/u, 1e8],
  [/^(?:billion|billions|Milliarde|Milliarden|Mrd\.?|milliard|milliards|mil millones)$/u, 1e9],
];
const SCALE = String.raw`thousand|Tausend|mille|mil millones|mil|千|万|百万|億|millions?|Millionen|Million|Mio\.?|millón|millones|billions?|Milliarden|Milliarde|Mrd\.?|milliards?`;

const UNITS: [RegExp, string][] = [
  [/^(?:%|percent|per cent|Prozent|pour cent|por ciento|パーセント)$/u, "%"],
  [/^(?:x|×|-?fach|倍)$/u, "x"],
  [/^(?:hours?|Stunden?|heures?|horas?|時間)$/u, "hour"],
  [/^(?:days?|Tage?n?|jours?|días?|日間?)$/u, "day"],
  [/^(?:weeks?|Wochen?|semaines?|semanas?|週間?)$/u, "week"],
  [/^(?:months?|Monaten?|Monate?|mois|mes|meses|か月|ヶ月|カ月)$/u, "month"],
  [/^(?:years?|Jahren?|Jahre?|ans?|années?|años?|年間?)$/u, "year"],
];
const UNIT = String.raw`%|percent|per cent|Prozent|pour cent|por ciento|パーセント|x|×|-?fach|倍|hours?|Stunden?|heures?|horas?|時間|days?|Tagen?|Tage?|jours?|días?|日間?|weeks?|Wochen?|semaines?|semanas?|週間?|months?|Monaten?|Monate?|mois|meses|mes|か月|ヶ月|カ月|years?|Jahren?|Jahre?|années?|ans?|años?|年間?`;

const SPACE = String.raw`[ \u00A0\u202F\u2009]`;
/** Digits with group separators (comma, dot, apostrophe, thin or no-break space) and decimals. */
const NUMBER = String.raw`\d{1,3}(?:(?:,|\.|'|[\u00A0\u202F\u2009]| (?=\d{3}(?!\d)))\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const NOT_AFTER = String.raw`(?![\p{Script=Latin}\d])`;

const FIGURE = new RegExp(
  String.raw`(?<![\p{Script=Latin}\d.,])(?:(${PREFIX_CURRENCY})${SPACE}?)?(${NUMBER})` +
    String.raw`(?:${SPACE}?(${SCALE})(?![\p{Script=Latin}]))?` +
    String.raw`(?:${SPACE}?(?:de |d')?(${CURRENCY})(?![\p{Script=Latin}]))?` +
    String.raw`(?:${SPACE}?(${UNIT})${NOT_AFTER})?`,
  "gu",
);

const lookup = (table: [RegExp, string | number][], word: string | undefined) =>
  word === undefined ? undefined : table.find(([re]) => re.test(word))?.[1];

/** Decimal comma languages group with dots or spaces; the others group with commas. */
const DECIMAL_COMMA: Record<KitLanguage, boolean> = {
  en: false,
  ja: false,
  de: true,
  fr: true,
  es: true,
};

function readNumber(digits: string, decimalComma: boolean): number {
  const groups = decimalComma ? /[.'\s\u00A0\u202F\u2009]/g : /[,'\s\u00A0\u202F\u2009]/g;
  const plain = digits.replace(groups, "");
  return Number(decimalComma ? plain.replace(",", ".") : plain);
}

/** Every figure in the text (full-width digits and signs are folded first). */
export function extractFigures(text: string, locale: KitLanguage): Figure[] {
  const folded = text.normalize("NFKC");
  const figures: Figure[] = [];
  for (const m of folded.matchAll(FIGURE)) {
    const [whole, pre, digits = "", scaleWord, post, unitWord] = m;
    const scale = (lookup(SCALES, scaleWord) as number | undefined) ?? 1;
    const own = readNumber(digits, DECIMAL_COMMA[locale]);
    const other = readNumber(digits, !DECIMAL_COMMA[locale]);
    const values = [own, other]
      .filter((v, i, all) => Number.isFinite(v) && all.indexOf(v) === i)
      .map((v) => round(v * scale));
    figures.push({
      text: whole.trim(),
      values,
      currency: (lookup(CURRENCY_WORDS, pre ?? post) as string | undefined) ?? "",
      unit: (lookup(UNITS, unitWord?.replace(/^-/, "")) as string | undefined) ?? "",
    });
  }
  return figures;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** The source figures the output does not carry with the same value, currency and unit. */
export function missingFigures(
  source: string,
  sourceLocale: KitLanguage,
  output: string,
  outputLocale: KitLanguage,
): Figure[] {
  const kept = extractFigures(output, outputLocale);
  const missing: Figure[] = [];
  const seen = new Set<string>();
  for (const figure of extractFigures(source, sourceLocale)) {
    const value = figure.values[0];
    const key = `${value}|${figure.currency}|${figure.unit}`;
    if (value === undefined || seen.has(key)) continue;
    seen.add(key);
    const found = kept.some(
      (k) => k.currency === figure.currency && k.unit === figure.unit && k.values.includes(value),
    );
    if (!found) missing.push(figure);
  }
  return missing;
}
