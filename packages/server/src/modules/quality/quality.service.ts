import {
  type CompanyCatalog,
  type ExampleCategory,
  type Industry,
  type NearestExample,
  type Persona,
  type QualityCheckBody,
  type QualityReport,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { sanitizeRichHtml } from "../../lib/html";
import { versionedCache } from "../../lib/versioned-cache";
import type {} from "../../plugins/access";
import { listActiveExamples } from "../examples/examples.repository";
import {
  presentCompanyCatalog,
  presentIndustry,
  presentPersona,
} from "../reference/reference.presenter";
import { loadBindingFacts } from "../proof/proof.service";
import {
  listIndustryRows,
  listPersonaRows,
  loadCompanyCatalogRows,
} from "../reference/reference.repository";
import type { JudgeFact } from "./claims";
import * as repo from "./quality.repository";
import { getBannedPhraseList } from "../settings/banned-phrases";
import { round } from "./readability";
import { scoreContent } from "./scorer";
import { exampleIndexText, SimilarityIndex } from "./similarity";
import { tokenize } from "./text";

/** What the quality service needs from the app: the database, and the Library's index when wired. */
export type QualityContext = Pick<AppContext, "db" | "libraryIndex">;

// One similarity index per database, rebuilt only when the examples' fingerprint changes. A
// build in progress is shared, so a burst of checks after an ingest builds it once.
const indexCache = versionedCache<SimilarityIndex>();

/** The similarity index over the current active examples (cached; see readExamplesVersion). */
export async function getSimilarityIndex(ctx: QualityContext): Promise<SimilarityIndex> {
  const version = await repo.readExamplesVersion(ctx.db);
  return indexCache(ctx.db, version, async () => {
    const rows = await listActiveExamples(ctx.db);
    return SimilarityIndex.build(
      rows
        .filter((r) => r.category === "good" || r.category === "bad")
        .map((r) => ({
          id: r.id,
          title: r.title,
          category: r.category,
          text: exampleIndexText(r),
        })),
    );
  });
}

/**
 * The benchmark examples most similar to a text (TF-IDF cosine), most similar first. The
 * generator uses the good ones as models and the bad ones as patterns to avoid.
 */
export async function findSimilarExamples(
  ctx: QualityContext,
  text: string,
  options: { category?: ExampleCategory; k: number; excludeIds?: readonly string[] },
): Promise<NearestExample[]> {
  return nearestInIndex(await getSimilarityIndex(ctx), text, options);
}

/** `findSimilarExamples` on an index already loaded (no I/O). */
export function nearestInIndex(
  index: SimilarityIndex,
  text: string,
  options: { category?: ExampleCategory; k: number; excludeIds?: readonly string[] },
): NearestExample[] {
  const exclude = new Set(options.excludeIds ?? []);
  // Ask for enough extra neighbours to cover the excluded ones.
  return index
    .nearest(tokenize(text), options.k + exclude.size, { category: options.category })
    .filter((n) => !exclude.has(n.id))
    .slice(0, Math.max(0, options.k))
    .map((n) => ({ ...n, similarity: round(n.similarity, 3) }));
}

/** The banned phrases the style criterion penalises (the defaults until an admin saves a list). */
export async function getBannedPhrases(ctx: QualityContext): Promise<string[]> {
  return getBannedPhraseList(ctx.db);
}

/** What scoring needs besides the content itself; loading it is most of a check's I/O. */
export interface QualityReference {
  persona: Persona;
  industry: Industry;
  /** Every persona and industry: the judge's vocabularies come from them. */
  personas: Persona[];
  industries: Industry[];
  catalog: CompanyCatalog;
  bannedPhrases: string[];
  index: SimilarityIndex;
  /** Approved facts from the Proof Library (expired ones flagged). */
  facts: JudgeFact[];
  /** The Library's items, for the duplicate gate (absent when the app wires none). */
  library?: SimilarityIndex;
  /** Library items the copy may restate (itself, its duplicates): see JudgeReference. */
  excludeLibraryIds?: string[];
}

/** The Library's items as an index, when the app wires one (see AppContext.libraryIndex). */
export async function getLibraryIndex(ctx: QualityContext): Promise<SimilarityIndex | undefined> {
  return ctx.libraryIndex ? ctx.libraryIndex(ctx) : undefined;
}

/** Every persona and industry: the judge's vocabularies are derived from them. */
export async function loadAudiences(
  ctx: QualityContext,
): Promise<{ personas: Persona[]; industries: Industry[] }> {
  const [personaRows, industryRows] = await Promise.all([
    listPersonaRows(ctx.db),
    listIndustryRows(ctx.db),
  ]);
  return {
    personas: personaRows.map(presentPersona),
    industries: industryRows.map(presentIndustry),
  };
}

/** Loads the reference for a persona and industry; 400 when either is unknown. */
export async function loadQualityReference(
  ctx: QualityContext,
  personaId: string,
  industryId: string,
): Promise<QualityReference> {
  const [personaRows, industryRows, catalogRows, bannedPhrases, index, facts, library] =
    await Promise.all([
      listPersonaRows(ctx.db),
      listIndustryRows(ctx.db),
      loadCompanyCatalogRows(ctx.db),
      getBannedPhrases(ctx),
      getSimilarityIndex(ctx),
      loadBindingFacts(ctx),
      getLibraryIndex(ctx),
    ]);
  const personaRow = personaRows.find((p) => p.id === personaId);
  const industryRow = industryRows.find((i) => i.id === industryId);
  const issues = [
    ...(personaRow ? [] : [{ path: "body.personaId", message: `Unknown persona '${personaId}'.` }]),
    ...(industryRow
      ? []
      : [{ path: "body.industryId", message: `Unknown industry '${industryId}'.` }]),
  ];
  if (!personaRow || !industryRow) {
    throw new AppError("validation_error", issues[0]!.message, { issues });
  }
  const personas = personaRows.map(presentPersona);
  const industries = industryRows.map(presentIndustry);
  return {
    persona: personas.find((p) => p.id === personaId)!,
    industry: industries.find((i) => i.id === industryId)!,
    personas,
    industries,
    catalog: presentCompanyCatalog(catalogRows),
    bannedPhrases,
    index,
    facts,
    library,
  };
}

/** Scores content against an already loaded reference (no I/O). */
export function scoreWithReference(
  input: Omit<QualityCheckBody, "personaId" | "industryId">,
  reference: QualityReference,
): QualityReport {
  return scoreContent(
    {
      headline: input.headline,
      introduction: input.introduction,
      body: sanitizeRichHtml(input.body),
      conclusion: input.conclusion,
      persona: reference.persona,
      industry: reference.industry,
      buyingStage: input.buyingStage,
      contentType: input.contentType,
      topic: input.contentTopic,
      keyMetrics: input.keyMetricsToInclude ?? [],
    },
    {
      catalog: reference.catalog,
      bannedPhrases: reference.bannedPhrases,
      index: reference.index.size > 0 ? reference.index : undefined,
      personas: reference.personas,
      industries: reference.industries,
      facts: reference.facts,
      library: reference.library,
      excludeLibraryIds: reference.excludeLibraryIds,
    },
  );
}

/** POST /api/quality-check and every other one-off check: load the reference, then score. */
export async function checkQuality(
  ctx: QualityContext,
  input: QualityCheckBody,
  options: { excludeLibraryIds?: string[] } = {},
): Promise<QualityReport> {
  const reference = await loadQualityReference(ctx, input.personaId, input.industryId);
  return scoreWithReference(input, { ...reference, excludeLibraryIds: options.excludeLibraryIds });
}
