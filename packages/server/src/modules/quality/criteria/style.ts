import type { CompanyCatalog, QualityFinding } from "@content-studio/contract";
import { matcherFor } from "../phrases";
import { escapeRegExp } from "../text";
import type { Criterion } from "./criterion";

/** "[CUSTOMER NAME]", "[INSERT PROOF POINT HERE]", "TODO", "TBD", "XX%", "lorem ipsum". */
const PLACEHOLDER = /\[[^[\]\n]{1,160}\]|\b(?:TODO|TBD)\b|\b[Ll]orem ipsum\b|\bXX+\b%?/g;

/** Banned phrases (admin list), exclamation marks, placeholders, misspelt names, vendor-centric copy. */
export const style: Criterion = {
  id: "style",
  weight: 0.07,
  rationale: "Clichés, placeholders and misspelt product names mark copy as unedited.",
  score({ doc, reference }) {
    const findings: QualityFinding[] = [];
    const banned = matcherFor(reference.bannedPhrases).count(doc.match);
    const occurrences = [...banned.values()].reduce((a, b) => a + b, 0);
    for (const [phrase, count] of banned) findings.push({ code: "banned_phrase", phrase, count });
    const exclamations = (doc.plain.match(/!/g) ?? []).length;
    if (exclamations > 0) findings.push({ code: "exclamation_marks", count: exclamations });
    const placeholders = [...doc.plain.matchAll(PLACEHOLDER)]
      .map((m) => m[0])
      // A bracketed placeholder shouts ("[CUSTOMER NAME]"); "[1]" or "[sic]" are not placeholders.
      .filter((p) => !p.startsWith("[") || /[A-Z]{3}/.test(p));
    for (const text of placeholders.slice(0, 3)) findings.push({ code: "placeholder", text });
    const brandErrors = brandNameErrors(doc.plain, reference.catalog);
    for (const text of brandErrors.slice(0, 3)) {
      findings.push({
        code: "brand_misspelt",
        text,
        companyName: reference.catalog.companyName,
        solutions: reference.catalog.solutions.map((s) => s.name),
      });
    }
    const we = (doc.match.match(/\b(?:we|our|ours|us)\b/g) ?? []).length;
    const you = (doc.match.match(/\b(?:you|your|yours)\b/g) ?? []).length;
    const vendorCentric = we >= 8 && we > 2 * (you + 1);
    if (vendorCentric) findings.push({ code: "vendor_centric", we, you });
    const score =
      1 -
      Math.min(0.8, 0.15 * occurrences) -
      Math.min(0.3, 0.05 * exclamations) -
      Math.min(0.6, 0.3 * placeholders.length) -
      Math.min(0.5, 0.25 * brandErrors.length) -
      (vendorCentric ? 0.2 : 0);
    return { score, findings };
  },
};

/**
 * Near misses of the catalogue's names: a product with a wrong prefix ("MC Design"), a misspelt
 * product ("NCS Desing") or a variant of the company name. Only names within two edits of the
 * real ones count, so "CAD Design" or "NCS Team" do not.
 */
function brandNameErrors(text: string, catalog: CompanyCatalog): string[] {
  const errors = new Set<string>();
  const prefix = catalog.shortPrefix;
  const productWords = catalog.solutions
    .map((s) => (prefix && s.name.startsWith(`${prefix} `) ? s.name.slice(prefix.length + 1) : ""))
    .filter(Boolean);
  if (prefix && productWords.length > 0) {
    const suffixes = productWords.map(escapeRegExp).join("|");
    for (const m of text.matchAll(new RegExp(`\\b([A-Z]{2,5}) (${suffixes})\\b`, "g"))) {
      if (m[1] !== prefix && editDistance(m[1]!, prefix) <= 2) errors.add(m[0]);
    }
    for (const m of text.matchAll(new RegExp(`\\b${escapeRegExp(prefix)} ([A-Z][a-z]+)\\b`, "g"))) {
      const word = m[1]!;
      if (!productWords.includes(word) && productWords.some((p) => editDistance(word, p) <= 2)) {
        errors.add(m[0]);
      }
    }
  }
  const [first, ...rest] = catalog.companyName.split(/\s+/);
  if (first && rest.length > 0) {
    const variant = new RegExp(`\\b${escapeRegExp(first)}(?: [A-Z][a-z]+){${rest.length}}`, "g");
    for (const m of text.matchAll(variant)) {
      if (m[0] !== catalog.companyName) errors.add(m[0]);
    }
  }
  return [...errors];
}

/** Levenshtein distance (short strings only). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}
