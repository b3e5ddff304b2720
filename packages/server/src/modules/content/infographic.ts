/**
 * The built-in infographic: a self-contained 1200×675 SVG of the headline, up to five metric
 * cards and the company name. No scripts, no external references (fonts, images, links), and
 * every piece of text XML-escaped, so it is safe to show inline and to turn into a PNG in the
 * browser.
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

/**
 * Greedy word wrap to `maxChars` per line and at most `maxLines` lines; the last line gets an
 * ellipsis when text is left over. Over-long words are broken.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const len = (s: string) => [...s].length;
  const lines: string[] = [];
  let line = "";
  for (const raw of text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean)) {
    const pieces: string[] = [];
    let word = [...raw];
    while (word.length > maxChars) {
      pieces.push(word.slice(0, maxChars).join(""));
      word = word.slice(maxChars);
    }
    pieces.push(word.join(""));
    for (const piece of pieces) {
      const candidate = line ? `${line} ${piece}` : piece;
      if (len(candidate) <= maxChars) {
        line = candidate;
      } else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = [...(kept[maxLines - 1] ?? "")].slice(0, Math.max(0, maxChars - 1)).join("");
  kept[maxLines - 1] = `${last.replace(/[\s,;:.-]+$/, "")}…`;
  return kept;
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
        `<text x="${x}" y="${y + i * lineHeight}" text-anchor="${anchor}" ${attrs}>${escapeXml(line)}</text>`,
    )
    .join("");
}

/** The infographic as SVG text. */
export function renderInfographic(input: InfographicInput): string {
  const W = INFOGRAPHIC_WIDTH;
  const H = INFOGRAPHIC_HEIGHT;
  const margin = 64;
  const metrics = input.metrics.slice(0, INFOGRAPHIC_MAX_METRICS).map(splitMetric);

  const headlineLines = wrapText(input.headline, metrics.length > 0 ? 40 : 30, 3);
  const headlineSize = metrics.length > 0 ? 46 : 60;
  const headlineTop = 120;
  const parts: string[] = [
    `<rect width="${W}" height="${H}" fill="${COLORS.background}"/>`,
    `<rect x="0" y="0" width="${W}" height="10" fill="${COLORS.accent}"/>`,
    textLines(
      headlineLines,
      margin,
      headlineTop,
      Math.round(headlineSize * 1.2),
      `font-family="${FONT}" font-size="${headlineSize}" font-weight="700" fill="${COLORS.headline}"`,
    ),
  ];
  let y = headlineTop + headlineLines.length * Math.round(headlineSize * 1.2);
  if (input.subtitle) {
    parts.push(
      textLines(
        wrapText(input.subtitle, 80, 1),
        margin,
        y + 4,
        30,
        `font-family="${FONT}" font-size="24" fill="${COLORS.muted}"`,
      ),
    );
    y += 34;
  }

  if (metrics.length > 0) {
    const gap = 20;
    const top = Math.max(y + 30, 330);
    const cardHeight = H - top - 100;
    const cardWidth = Math.floor((W - 2 * margin - gap * (metrics.length - 1)) / metrics.length);
    const textChars = Math.max(10, Math.floor(cardWidth / 11));
    metrics.forEach((metric, i) => {
      const x = margin + i * (cardWidth + gap);
      const cx = x + cardWidth / 2;
      parts.push(
        `<rect x="${x}" y="${top}" width="${cardWidth}" height="${cardHeight}" rx="16" fill="${COLORS.card}" stroke="${COLORS.cardBorder}" stroke-width="2"/>`,
      );
      const valueSize = metric.value.length > 7 || metrics.length > 3 ? 40 : 52;
      let textTop = top + 56;
      if (metric.value) {
        parts.push(
          textLines(
            [metric.value],
            cx,
            top + 70,
            0,
            `font-family="${FONT}" font-size="${valueSize}" font-weight="700" fill="${COLORS.value}"`,
            "middle",
          ),
        );
        textTop = top + 118;
      }
      parts.push(
        textLines(
          wrapText(metric.text, textChars, metric.value ? 4 : 6),
          cx,
          textTop,
          26,
          `font-family="${FONT}" font-size="20" fill="${COLORS.text}"`,
          "middle",
        ),
      );
    });
  }

  parts.push(
    `<rect x="${margin}" y="${H - 64}" width="48" height="4" fill="${COLORS.accent}"/>`,
    textLines(
      wrapText(input.companyName, 60, 1),
      margin,
      H - 30,
      0,
      `font-family="${FONT}" font-size="22" font-weight="700" fill="${COLORS.muted}"`,
    ),
  );

  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeXml(input.headline.slice(0, 300))}">`,
    `<title>${escapeXml(input.headline)}</title>`,
    ...parts,
    `</svg>`,
  ].join("\n");
}
