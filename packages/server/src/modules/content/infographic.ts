/**
 * The built-in infographic: a self-contained 1200×675 SVG labelled "Infographic", with the
 * headline, up to five metric cards and the company name. It draws only this text (it is not
 * the scene an image prompt describes). Text is measured with Helvetica/Arial advance widths
 * and wrapped to fit: the headline shrinks before it is shortened, and is shortened only at a
 * word boundary with an ellipsis as the last resort. No scripts, no external references (fonts,
 * images, links), and every piece of text XML-escaped, so it is safe to show inline and to turn
 * into a PNG in the browser.
 */

export const INFOGRAPHIC_WIDTH = 1200;
export const INFOGRAPHIC_HEIGHT = 675;
export const INFOGRAPHIC_MAX_METRICS = 5;

export interface InfographicInput {
  headline: string;
  /** Metric labels such as "35-45% reduction in engineering change orders". */
  metrics: string[];
  companyName: string;
  /** A short line under the headline, e.g. "For VPs of Engineering in Aerospace". */
  subtitle?: string;
}

/** Whether a code point may appear in XML 1.0 text (lone surrogates and most controls may not). */
function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/** Text for an SVG text node or attribute: invalid characters removed, markup characters escaped. */
export function escapeXml(text: string): string {
  return [...text]
    .filter((ch) => isXmlChar(ch.codePointAt(0) ?? 0))
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** "35-45% reduction in engineering change orders" → value "35-45%", text "reduction in …". */
export function splitMetric(label: string): { value: string; text: string } {
  const m =
    /^\s*([$€£]?\d[\d.,]*(?:\s*[-–]\s*[$€£]?\d[\d.,]*)?\s*(?:%|x|×|[KMB]\+?)?)\s+(.+)$/i.exec(
      label,
    );
  if (m?.[1] && m[2]) return { value: m[1].replace(/\s+/g, ""), text: m[2] };
  return { value: "", text: label.trim() };
}

/** Statistics like "35% fewer late ECOs" found in plain text, when no metrics were chosen. */
export function metricsFromText(text: string, max = INFOGRAPHIC_MAX_METRICS): string[] {
  const found: string[] = [];
  const pattern = /(\d[\d.,]*(?:\s*[-–]\s*\d[\d.,]*)?\s*%)\s+([^.;:!?\n]{4,70})/g;
  for (const m of text.matchAll(pattern)) {
    const label = `${m[1]?.replace(/\s+/g, "")} ${m[2]?.trim().split(/\s+/).slice(0, 8).join(" ")}`;
    if (!found.includes(label)) found.push(label);
    if (found.length >= max) break;
  }
  return found;
}

const FONT = "Helvetica, Arial, sans-serif";
const COLORS = {
  background: "#0f172a",
  accent: "#38bdf8",
  card: "#1e293b",
  cardBorder: "#334155",
  headline: "#f8fafc",
  value: "#38bdf8",
  text: "#cbd5e1",
  muted: "#94a3b8",
};

/** Helvetica (and metric-compatible Arial, Liberation Sans) advance widths, ASCII 32–126, in 1/1000 em. */
const ADVANCE = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Width of `text` in pixels at `size`; bold is counted 10 % wider, unknown wide characters as 1 em. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 32 && cp <= 126) units += ADVANCE[cp - 32]!;
    else if (cp >= 0x2e80) units += 1000;
    else units += 600;
  }
  return (units / 1000) * size * (bold ? 1.1 : 1);
}

/** Words broken into lines no wider than `width`; a word wider than a line is split by characters. */
function measureWrap(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = "";
  for (const raw of text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean)) {
    const pieces: string[] = [];
    let word = "";
    for (const ch of raw) {
      if (word && !fits(word + ch)) {
        pieces.push(word);
        word = "";
      }
      word += ch;
    }
    pieces.push(word);
    for (const piece of pieces) {
      const candidate = line ? `${line} ${piece}` : piece;
      if (fits(candidate)) line = candidate;
      else {
        if (line) lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * `text` in at most `maxLines` lines of at most `width` pixels at `size`; when it does not
 * fit, the last line ends at a word boundary with an ellipsis.
 */
export function fitLines(
  text: string,
  width: number,
  size: number,
  maxLines: number,
  bold = false,
): { lines: string[]; truncated: boolean } {
  const fits = (line: string) => textWidth(line, size, bold) <= width;
  const lines = measureWrap(text, fits);
  if (lines.length <= maxLines) return { lines, truncated: false };
  const kept = lines.slice(0, maxLines);
  const words = [...kept.slice(-1), ...lines.slice(maxLines)].join(" ").split(" ");
  let last = "";
  for (const word of words) {
    const candidate = last ? `${last} ${word}` : word;
    if (!fits(`${candidate.replace(/[\s,;:.–—-]+$/, "")}…`)) break;
    last = candidate;
  }
  kept[maxLines - 1] = `${(last || words[0]!.slice(0, 1)).replace(/[\s,;:.–—-]+$/, "")}…`;
  return { lines: kept, truncated: true };
}

/** The largest headline size (and its lines) that fits; shortened only at the smallest size. */
export function fitHeadline(
  text: string,
  width: number,
  options: readonly { size: number; lines: number }[],
): { size: number; lines: string[]; truncated: boolean } {
  for (const option of options) {
    const fit = fitLines(text, width, option.size, option.lines, true);
    if (!fit.truncated) return { size: option.size, ...fit };
  }
  const smallest = options.at(-1)!;
  return { size: smallest.size, ...fitLines(text, width, smallest.size, smallest.lines, true) };
}

function textLines(
  lines: string[],
  x: number,
  y: number,
  lineHeight: number,
  attrs: string,
  anchor: "start" | "middle" = "start",
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${Math.round(y + i * lineHeight)}" text-anchor="${anchor}" ${attrs}>${escapeXml(line)}</text>`,
    )
    .join("");
}

/** The infographic as SVG text. */
export function renderInfographic(input: InfographicInput): string {
  const W = INFOGRAPHIC_WIDTH;
  const H = INFOGRAPHIC_HEIGHT;
  const margin = 64;
  const inner = W - 2 * margin;
  const metrics = input.metrics.slice(0, INFOGRAPHIC_MAX_METRICS).map(splitMetric);

  // Sizes from largest to smallest, each with the lines its space allows.
  const headline = fitHeadline(
    input.headline,
    inner,
    metrics.length > 0
      ? [
          { size: 52, lines: 2 },
          { size: 46, lines: 3 },
          { size: 40, lines: 3 },
          { size: 34, lines: 4 },
        ]
      : [
          { size: 64, lines: 3 },
          { size: 56, lines: 4 },
          { size: 48, lines: 5 },
          { size: 40, lines: 6 },
        ],
  );
  const lineHeight = Math.round(headline.size * 1.18);
  const kickerY = 64;
  const headlineTop = kickerY + 28 + headline.size;
  const parts: string[] = [
    `<rect width="${W}" height="${H}" fill="${COLORS.background}"/>`,
    `<rect x="0" y="0" width="${W}" height="10" fill="${COLORS.accent}"/>`,
    textLines(
      ["INFOGRAPHIC"],
      margin,
      kickerY,
      0,
      `font-family="${FONT}" font-size="18" font-weight="700" letter-spacing="3" fill="${COLORS.accent}"`,
    ),
    textLines(
      headline.lines,
      margin,
      headlineTop,
      lineHeight,
      `font-family="${FONT}" font-size="${headline.size}" font-weight="700" fill="${COLORS.headline}"`,
    ),
  ];
  let y = headlineTop + (headline.lines.length - 1) * lineHeight;
  if (input.subtitle) {
    y += Math.round(headline.size * 0.45) + 34;
    parts.push(
      textLines(
        fitLines(input.subtitle, inner, 24, 1).lines,
        margin,
        y,
        0,
        `font-family="${FONT}" font-size="24" fill="${COLORS.muted}"`,
      ),
    );
  }

  if (metrics.length > 0) {
    const gap = 20;
    const top = Math.max(y + 36, 300);
    const cardHeight = H - top - 100;
    const cardWidth = Math.floor((W - 2 * margin - gap * (metrics.length - 1)) / metrics.length);
    const textWidthMax = cardWidth - 28;
    // Fewer cards get larger type; the content block is centred in its card.
    const textSize = metrics.length <= 2 ? 28 : metrics.length === 3 ? 24 : 20;
    const textLead = Math.round(textSize * 1.3);
    metrics.forEach((metric, i) => {
      const x = margin + i * (cardWidth + gap);
      const cx = x + cardWidth / 2;
      parts.push(
        `<rect x="${x}" y="${top}" width="${cardWidth}" height="${cardHeight}" rx="16" fill="${COLORS.card}" stroke="${COLORS.cardBorder}" stroke-width="2"/>`,
      );
      let valueSize = metrics.length > 3 ? 40 : metrics.length === 3 ? 52 : 64;
      while (
        metric.value &&
        valueSize > 20 &&
        textWidth(metric.value, valueSize, true) > textWidthMax
      ) {
        valueSize -= 2;
      }
      const valueBlock = metric.value ? valueSize + 18 : 0;
      const maxLines = Math.max(1, Math.floor((cardHeight - 40 - valueBlock) / textLead));
      const lines = fitLines(metric.text, textWidthMax, textSize, maxLines).lines;
      const blockHeight = valueBlock + lines.length * textLead;
      const blockTop = top + Math.max(20, Math.round((cardHeight - blockHeight) / 2));
      if (metric.value) {
        parts.push(
          textLines(
            [metric.value],
            cx,
            blockTop + valueSize * 0.85,
            0,
            `font-family="${FONT}" font-size="${valueSize}" font-weight="700" fill="${COLORS.value}"`,
            "middle",
          ),
        );
      }
      parts.push(
        textLines(
          lines,
          cx,
          blockTop + valueBlock + textSize,
          textLead,
          `font-family="${FONT}" font-size="${textSize}" fill="${COLORS.text}"`,
          "middle",
        ),
      );
    });
  }

  parts.push(
    `<rect x="${margin}" y="${H - 64}" width="48" height="4" fill="${COLORS.accent}"/>`,
    textLines(
      fitLines(input.companyName, inner, 22, 1, true).lines,
      margin,
      H - 30,
      0,
      `font-family="${FONT}" font-size="22" font-weight="700" fill="${COLORS.muted}"`,
    ),
  );

  const label = `Infographic: ${input.headline}`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeXml(label.slice(0, 300))}">`,
    `<title>${escapeXml(label)}</title>`,
    ...parts,
    `</svg>`,
  ].join("\n");
}
