import fs from "node:fs";
import path from "node:path";

/**
 * Phrases of labelled quality-check pieces that occur in the checker's rules: every run of
 * `n` words (lower-case letters, digits and apostrophes) of a piece's text that also stands in a
 * source file of the checker, except runs the seeded reference data contains too (pieces and
 * rules may both quote it). A rule that contains a piece's phrase has seen the piece.
 */
export function fixtureLeaks(options: {
  fixtures: string;
  sources: readonly string[];
  reference: string;
  n?: number;
}): string[] {
  const n = options.n ?? 6;
  const words = (text: string) => text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  const grams = (text: string) => {
    const w = words(text);
    const out = new Set<string>();
    for (let i = 0; i + n <= w.length; i++) out.add(w.slice(i, i + n).join(" "));
    return out;
  };
  const fixtureGrams = new Set<string>();
  for (const file of filesUnder(
    options.fixtures,
    (f) => f.endsWith(".md") && path.basename(f) !== "README.md",
  )) {
    const text = fs.readFileSync(file, "utf8");
    // The body after the front matter (the labels are not the piece).
    for (const g of grams(text.split("---").slice(2).join("---") || text)) fixtureGrams.add(g);
  }
  for (const file of filesUnder(options.reference, (f) => f.endsWith(".ts"))) {
    for (const g of grams(fs.readFileSync(file, "utf8"))) fixtureGrams.delete(g);
  }
  const hits = new Set<string>();
  for (const dir of options.sources) {
    for (const file of filesUnder(dir, (f) => f.endsWith(".ts") && !f.includes(".test."))) {
      for (const g of grams(fs.readFileSync(file, "utf8"))) {
        if (fixtureGrams.has(g)) hits.add(`${path.basename(file)}: "${g}"`);
      }
    }
  }
  return [...hits].sort();
}

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() && keep(e.name) ? [path.join(e.parentPath, e.name)] : []));
}
