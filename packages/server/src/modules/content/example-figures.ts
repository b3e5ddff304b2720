import type { BriefFact } from "../ai/writer";
import { SCALE } from "../quality/claims";

/** What a masked figure reads as in a prompt. */
export const MASKED_FIGURE = "[figure]";

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
/** Units written as symbols or words right after a number, longest first. */
const UNIT = String.raw`%|\s?per\s?cent\b|\s?percent\b|\s?[x×](?![\p{L}\p{N}])|\s?(?:k|mm|m|bn|b)(?![\p{L}\p{N}])|\s(?:thousand|million|billion|times|weeks?|days?|hours?|minutes?|months?|years?|points?|basis points)\b`;

/**
 * A figure: an optional currency sign, a number or a range of two, and its unit. Not inside a
 * word or a longer number ("B2B", "v2.1", "AS9100" are left alone).
 */
const FIGURE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.,$€£])([$€£]\s?)?(${NUMBER})(?:\s?(?:-|–|—|to)\s?[$€£]?(${NUMBER}))?(${UNIT})?`,
  "giu",
);

const CURRENCY: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP" };

/** The unit a figure is stated in, as the Proof Library names units. */
function unitOf(currency: string | undefined, unit: string | undefined): string {
  if (currency) return CURRENCY[currency.trim()] ?? "count";
  const u = (unit ?? "").trim().toLowerCase();
  if (u === "%" || u.startsWith("per")) return "%";
  if (u === "x" || u === "×" || u === "times") return "x";
  return "count";
}

/** Whether an approved fact states this figure (same unit, same value). */
function approved(value: number, unit: string, facts: readonly BriefFact[]): boolean {
  return facts.some(
    (f) => f.value !== null && f.unit === unit && Math.abs(f.value - value) < 1e-9 * (1 + value),
  );
}

/**
 * Replaces every figure in an example that no approved fact states with {@link MASKED_FIGURE},
 * so a writer shown the example cannot copy a number someone invented. A figure is a number
 * with its unit (a currency sign, a percent, a multiplier, a magnitude, a unit of time); a
 * range counts by its first number. Bare one-digit counts ("3 steps", "Step 1") are not claims
 * and stay.
 */
export function maskUnapprovedFigures(text: string, facts: readonly BriefFact[]): string {
  return text.replace(
    FIGURE,
    (
      match,
      currency: string | undefined,
      first: string,
      second: string | undefined,
      unit: string | undefined,
    ) => {
      if (!currency && !unit && !second && /^\d$/.test(first)) return match;
      const magnitude = SCALE[(unit ?? "").trim().toLowerCase()] ?? 1;
      const value = Number(first.replace(/,/g, "")) * magnitude;
      return approved(value, unitOf(currency, unit), facts) ? match : MASKED_FIGURE;
    },
  );
}
