import {
  DEFAULT_CONTENT_LANGUAGE,
  type BuyingStage,
  type ContentType,
  type ExampleCategory,
  type Industry,
  type NearestExample,
  type Persona,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import type { BriefExample, ContentBrief } from "../ai/writer";
import { factsForBrief, loadBindingFacts } from "../proof/proof.service";
import {
  getBannedPhrases,
  getLibraryIndex,
  getSimilarityIndex,
  loadAudiences,
  nearestInIndex,
  type QualityReference,
} from "../quality/quality.service";
import type { SimilarityIndex } from "../quality/similarity";
import {
  isSampleProfile,
  presentCompanyCatalog,
  presentCompanyVoice,
  presentIndustry,
  presentPersona,
} from "../reference/reference.presenter";
import {
  findIndustryRow,
  findPersonaRow,
  loadCompanyCatalogRows,
} from "../reference/reference.repository";
import { findExampleAudiences, findPromptExamples } from "../examples/examples.repository";

/** Good examples put into a prompt as models, and bad ones as patterns to avoid. */
export const PROMPT_EXAMPLES = { good: 3, bad: 2 } as const;

export interface BriefInput {
  personaId: string;
  industryId: string;
  buyingStage: BuyingStage;
  contentType: ContentType;
  topic: string;
  keyMetrics: string[];
  featuredSolutions: string[];
  primaryKeyword: string | undefined;
  useBenchmarkExamples: boolean;
  /** Language and spelling of the copy (BCP 47); the contract's default when absent. */
  language?: string;
  /**
   * For stored items: drop metrics and solutions that are no longer in the catalogue instead
   * of refusing (an admin may have edited it since).
   */
  lenient?: boolean;
}

/** The persona and industry, or a 400 naming the one that does not exist. */
export async function loadAudience(
  ctx: AppContext,
  personaId: string,
  industryId: string,
  notFound: "validation_error" | "not_found" = "validation_error",
): Promise<{ persona: Persona; industry: Industry }> {
  const [personaRow, industryRow] = await Promise.all([
    findPersonaRow(ctx.db, personaId),
    findIndustryRow(ctx.db, industryId),
  ]);
  return pickAudience(
    {
      personas: personaRow ? [presentPersona(personaRow)] : [],
      industries: industryRow ? [presentIndustry(industryRow)] : [],
    },
    personaId,
    industryId,
    notFound,
  );
}

/** The persona and industry from lists already loaded, or an error naming the one missing. */
function pickAudience(
  audiences: { personas: Persona[]; industries: Industry[] },
  personaId: string,
  industryId: string,
  notFound: "validation_error" | "not_found" = "validation_error",
): { persona: Persona; industry: Industry } {
  const persona = audiences.personas.find((p) => p.id === personaId);
  if (!persona) {
    throw new AppError(notFound, `Unknown persona "${personaId.slice(0, 100)}".`, {
      issues: [{ path: "personaId", message: "Unknown persona." }],
    });
  }
  const industry = audiences.industries.find((i) => i.id === industryId);
  if (!industry) {
    throw new AppError(notFound, `Unknown industry "${industryId.slice(0, 100)}".`, {
      issues: [{ path: "industryId", message: "Unknown industry." }],
    });
  }
  return { persona, industry };
}

/**
 * Everything the writer gets: reference data, the request and (when asked for) the most
 * similar good and bad examples. Key metrics and solutions must come from the company
 * catalogue: free text there would be an unchecked claim in the prompt.
 */
/**
 * A brief and everything its drafts are scored against, loaded once: persona, industry (and
 * every persona and industry, for the judge's vocabularies), catalogue, nearest examples,
 * banned phrases, the similarity index and the approved facts. The writer gets the
 * brief (with the banned phrases); the scorer gets the reference and loads nothing itself.
 */
export interface BriefContext {
  brief: ContentBrief;
  reference: QualityReference;
}

export async function loadBriefContext(ctx: AppContext, input: BriefInput): Promise<BriefContext> {
  // Every persona and industry is loaded once (the judge's vocabularies need them all); the
  // brief's own are picked from those lists rather than read again.
  const [catalogRows, bannedPhrases, index, audiences, facts, library] = await Promise.all([
    loadCompanyCatalogRows(ctx.db),
    getBannedPhrases(ctx),
    getSimilarityIndex(ctx),
    loadAudiences(ctx),
    loadBindingFacts(ctx),
    getLibraryIndex(ctx),
  ]);
  const { persona, industry } = pickAudience(audiences, input.personaId, input.industryId);
  const catalog = presentCompanyCatalog(catalogRows);
  const knownMetrics = new Set(catalog.keyMetrics.map((m) => m.label));
  const metrics = input.lenient
    ? input.keyMetrics.filter((m) => knownMetrics.has(m))
    : input.keyMetrics;
  const unknownMetric = metrics.find((m) => !knownMetrics.has(m));
  if (unknownMetric !== undefined) {
    throw new AppError("validation_error", `Unknown key metric "${unknownMetric.slice(0, 100)}".`, {
      issues: [{ path: "keyMetricsToInclude", message: "Unknown key metric." }],
    });
  }
  const findSolution = (name: string) =>
    catalog.solutions.find((s) => s.name === name || s.id === name);
  const chosen = input.lenient
    ? input.featuredSolutions.filter((name) => findSolution(name))
    : input.featuredSolutions;
  const solutions = chosen.map((name) => {
    const solution = findSolution(name);
    if (!solution) {
      throw new AppError("validation_error", `Unknown solution "${name.slice(0, 100)}".`, {
        issues: [{ path: "featuredSolutions", message: "Unknown solution." }],
      });
    }
    return { id: solution.id, name: solution.name, description: solution.description };
  });

  const brief: ContentBrief = {
    persona,
    industry,
    buyingStage: input.buyingStage,
    journey: persona.buyingJourney[input.buyingStage],
    contentType: input.contentType,
    topic: input.topic,
    keyMetrics: [...new Set(metrics)],
    solutions: solutions.map(({ name, description }) => ({ name, description })),
    companyName: catalog.companyName,
    companyDescription: catalog.description,
    // The first-run sample's offers are placeholders (example.com): no writer may link to them
    // until an admin has saved the real profile.
    offers: isSampleProfile(catalogRows) ? [] : catalog.offers,
    language: input.language ?? DEFAULT_CONTENT_LANGUAGE,
    voice: presentCompanyVoice(catalogRows),
    primaryKeyword: input.primaryKeyword || undefined,
    goodExamples: [],
    badExamples: [],
    // The offline outline writer reads the organisation's banned phrases from the brief.
    bannedPhrases,
    approvedFacts: factsForBrief(facts, {
      industryId: industry.id,
      featuredSolutions: solutions.map((s) => s.id),
    }),
  };
  if (input.useBenchmarkExamples) {
    const query = [
      input.topic,
      input.primaryKeyword ?? "",
      persona.title,
      industry.name,
      input.buyingStage,
      input.contentType.replace(/-/g, " "),
    ].join(" ");
    [brief.goodExamples, brief.badExamples] = await similarExamples(ctx, index, query, {
      personaId: persona.id,
      industryId: industry.id,
    });
  }
  return {
    brief,
    reference: { persona, industry, catalog, bannedPhrases, index, ...audiences, facts, library },
  };
}

/** Candidates ranked in one pass before picking per category (one index lookup, not two). */
const RANK_POOL = 200;

/**
 * How much an example written for the brief's own persona or industry is preferred: its topic
 * similarity counts this much more for each that matches (both: 2.25 times), so a close topic
 * match for the same audience wins, and a same-audience example on another topic does not.
 */
export const AUDIENCE_MATCH_WEIGHT = 1.5;

/** Topic similarity, raised for each of the brief's persona and industry the example shares. */
export function audienceRank(
  similarity: number,
  example: { personaId: string; industryId: string | null },
  audience: { personaId: string; industryId: string },
): number {
  const persona = example.personaId === audience.personaId ? AUDIENCE_MATCH_WEIGHT : 1;
  const industry = example.industryId === audience.industryId ? AUDIENCE_MATCH_WEIGHT : 1;
  return similarity * persona * industry;
}

/**
 * The good and bad examples closest to the brief, as the prompt shows them: ranked by topic
 * similarity, preferring those written for the brief's persona and industry.
 */
async function similarExamples(
  ctx: AppContext,
  index: SimilarityIndex,
  text: string,
  audience: { personaId: string; industryId: string },
): Promise<[BriefExample[], BriefExample[]]> {
  const pool = nearestInIndex(index, text, { k: RANK_POOL });
  const candidates = (category: ExampleCategory) => {
    const inPool = pool.filter((n) => n.category === category);
    // A full pool may hide this category's best matches behind the other's.
    return inPool.length < RANK_POOL / 2 && pool.length >= RANK_POOL
      ? nearestInIndex(index, text, { category, k: RANK_POOL / 2 })
      : inPool;
  };
  const pooled = { good: candidates("good"), bad: candidates("bad") };
  const audiences = new Map(
    (
      await findExampleAudiences(
        ctx.db,
        [...pooled.good, ...pooled.bad].map((n) => n.id),
      )
    ).map((r) => [r.id, { personaId: r.persona_id, industryId: r.industry_id }]),
  );
  const pick = (nearest: NearestExample[], k: number) =>
    nearest
      .flatMap((n) => {
        const of = audiences.get(n.id);
        // An example archived or deleted since the index was built is left out.
        return of ? [{ n, rank: audienceRank(n.similarity, of, audience) }] : [];
      })
      .sort((a, b) => b.rank - a.rank)
      .slice(0, k)
      .map(({ n }) => n);
  const nearest = [
    ...pick(pooled.good, PROMPT_EXAMPLES.good),
    ...pick(pooled.bad, PROMPT_EXAMPLES.bad),
  ];
  // The markdown as written: the prompt needs no rendered HTML.
  const rows = new Map(
    (
      await findPromptExamples(
        ctx.db,
        nearest.map((n) => n.id),
      )
    ).map((r) => [r.id, r]),
  );
  const examples = nearest.flatMap((n) => {
    const row = rows.get(n.id);
    // A row deleted between the similarity lookup and now is simply left out.
    if (!row) return [];
    return [
      {
        id: row.id,
        title: row.title,
        category: n.category,
        headline: row.headline,
        introduction: row.introduction,
        body: row.body,
        conclusion: row.conclusion,
        notes: row.notes,
        similarity: n.similarity,
      } satisfies BriefExample,
    ];
  });
  return [
    examples.filter((e) => e.category === "good"),
    examples.filter((e) => e.category === "bad"),
  ];
}
