import type { FactDirection, FactStructure } from "@content-studio/contract";

/**
 * Derives what a fact's figure measures and which way it goes from its one-sentence statement,
 * with general English cues only (no product vocabulary). Used when a fact is proposed without
 * a structure, and by the quality check to read claims in copy the same way.
 */
const REDUCTION =
  /\b(fewer|less|lower|reduc\w*|cut\w*|decreas\w*|drop\w*|shrink\w*|shorter|faster|sav\w*|avoid\w*|eliminat\w*)\b/i;
const INCREASE = /\b(more|higher|increas\w*|rais\w*|grow\w*|gain\w*|improv\w*|boost\w*|longer)\b/i;
const SHARE = /\b(of|share|proportion|percent of)\b/i;

const METRICS: [string, RegExp][] = [
  ["accuracy", /\b(within|accura\w*|error|deviation|of (accepted|actual|final))\b/i],
  ["cost", /\b(cost\w*|price\w*|spend\w*|saving\w*|margin\w*|budget\w*|\$|usd|eur|gbp)\b/i],
  ["time", /\b(time|days?|weeks?|months?|hours?|lead[- ]time|cycle|faster|schedule\w*)\b/i],
  ["rounds", /\b(rounds?|iterations?|loops?|cycles)\b/i],
  ["count", /\b(number|count|orders?|changes?|defects?|parts?|units?)\b/i],
];

const STOP = new Set(
  "a an the of in on for to with by from at as and or is are be been its their our your this that these those see saw".split(
    " ",
  ),
);

function nounPhraseAfter(text: string): string {
  const words = text
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  const out: string[] = [];
  for (const w of words) {
    const lower = w.toLowerCase();
    if (out.length === 0 && (STOP.has(lower) || REDUCTION.test(lower) || INCREASE.test(lower)))
      continue;
    if (out.length > 0 && /^(for|when|than|with|because|after|before|across|while)$/.test(lower))
      break;
    out.push(lower);
    if (out.length >= 6) break;
  }
  while (out.length > 0 && STOP.has(out[out.length - 1]!)) out.pop();
  return out.join(" ");
}

/** The figure's position: the first number with its unit sign. */
const FIGURE =
  /(\d+(?:[.,]\d+)?\s*(?:%|x\b|×|percent\b)?(?:\s*(?:-|–|to)\s*\d+(?:[.,]\d+)?\s*(?:%|x\b|×|percent\b)?)?)/i;

export function deriveFactStructure(statement: string): FactStructure | null {
  const m = FIGURE.exec(statement);
  if (!m) return null;
  const before = statement.slice(0, m.index);
  const after = statement.slice(m.index + m[0].length);
  const near = `${before.split(/\s+/).slice(-4).join(" ")} ${after.split(/\s+/).slice(0, 4).join(" ")}`;
  let direction: FactDirection = "level";
  if (REDUCTION.test(near)) direction = "reduction";
  else if (INCREASE.test(near)) direction = "increase";
  else if (/^\s*(of|percent of)\b/i.test(after)) direction = "share";
  else if (SHARE.test(after.split(/\s+/).slice(0, 2).join(" ")) && /%/.test(m[0]))
    direction = "share";
  const measure = nounPhraseAfter(after) || nounPhraseAfter(before) || "figure";
  const metric = METRICS.find(([, re]) => re.test(statement))?.[0] ?? "other";
  return { measure, metric, direction };
}
