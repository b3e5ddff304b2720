import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { catalogueFact, SAMPLE_FACTS } from "../../db/seed/proof-facts";
import { COMPANY_CATALOG, INDUSTRIES, PERSONAS } from "../../db/seed/reference-data";
import { renderMarkdown } from "../../lib/html";
import {
  parseExampleFile,
  type ParsedExample,
  type ReferenceLookup,
} from "../examples/example-file";
import { judgeFact } from "./claims";
import type { ContentInput, JudgeFact, ScoringContext } from "./scorer";
import { exampleIndexText, SimilarityIndex } from "./similarity";

/**
 * The sample examples shipped in /examples, parsed exactly as an ingest would, for the judge's
 * validation test and the benchmark. Not used by the running server.
 */
export const SHIPPED_EXAMPLES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../examples",
);

export interface ShippedExample extends ParsedExample {
  /** Path under the examples folder, used as the id. */
  path: string;
}

export const seedLookup: ReferenceLookup = {
  persona: (v) =>
    PERSONAS.find(
      (p) => p.id === v.trim().toLowerCase() || p.title.toLowerCase() === v.trim().toLowerCase(),
    )?.id,
  industry: (v) =>
    INDUSTRIES.find(
      (i) => i.id === v.trim().toLowerCase() || i.name.toLowerCase() === v.trim().toLowerCase(),
    )?.id,
};

export function loadShippedExamples(dir = SHIPPED_EXAMPLES_DIR): ShippedExample[] {
  const out: ShippedExample[] = [];
  for (const category of ["good", "bad"]) {
    const folder = path.join(dir, category);
    for (const name of fs
      .readdirSync(folder)
      .filter((n) => n.endsWith(".md"))
      .sort()) {
      const rel = `${category}/${name}`;
      const parsed = parseExampleFile(fs.readFileSync(path.join(folder, name)), rel, seedLookup);
      if (!parsed.ok) throw new Error(`${rel}: ${parsed.reason}`);
      out.push({ ...parsed.example, path: rel });
    }
  }
  return out;
}

export function shippedIndex(examples: readonly ShippedExample[]): SimilarityIndex {
  return SimilarityIndex.build(
    examples.map((e) => ({
      id: e.path,
      title: e.title,
      category: e.category,
      text: exampleIndexText(e),
    })),
  );
}

/** An example as scorer input: its markdown body rendered to sanitised HTML. */
export function exampleAsInput(e: ShippedExample): ContentInput {
  const persona = PERSONAS.find((p) => p.id === e.personaId);
  const industry = INDUSTRIES.find((i) => i.id === (e.industryId ?? ""));
  if (!persona || !industry) throw new Error(`${e.path}: persona and industry are required`);
  return {
    headline: e.headline,
    introduction: e.introduction,
    body: renderMarkdown(e.body),
    conclusion: e.conclusion,
    persona,
    industry,
    buyingStage: e.buyingStage ?? "awareness",
    contentType: e.contentType,
    keyMetrics: [],
  };
}

/**
 * The facts a fresh database is seeded with (catalogue key metrics and samples), all approved,
 * with their stored structures.
 */
export const SEED_FACTS: JudgeFact[] = [
  ...COMPANY_CATALOG.keyMetrics.map((m) => ({
    id: `fact-catalogue-${m.id}`,
    ...catalogueFact(m.label),
  })),
  ...SAMPLE_FACTS,
]
  // As a fresh database stores them, so the check binds claims here as it does in the app.
  .map((f) => judgeFact({ ...f, expired: false }));

/** The seed's reference data, facts and banned phrases as a scoring context. */
export function seedContext(
  index: SimilarityIndex | undefined,
  bannedPhrases: readonly string[],
  extra: Partial<ScoringContext> = {},
): ScoringContext {
  return {
    catalog: COMPANY_CATALOG,
    bannedPhrases,
    index,
    personas: PERSONAS,
    industries: INDUSTRIES,
    facts: SEED_FACTS,
    ...extra,
  };
}
