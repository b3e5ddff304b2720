import type {
  BuyingStage,
  ContentType,
  ExampleCategory,
  Industry,
  Persona,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import type { BriefExample, ContentBrief } from "../ai/writer";
import { factsForBrief, loadBindingFacts } from "../proof/proof.service";
import {
  getBannedPhrases,
  getSimilarityIndex,
  loadAudiences,
  nearestInIndex,
  type QualityReference,
} from "../quality/quality.service";
import type { SimilarityIndex } from "../quality/similarity";
import {
  presentCompanyCatalog,
  presentIndustry,
  presentPersona,
} from "../reference/reference.presenter";
import {
  findIndustryRow,
  findPersonaRow,
  loadCompanyCatalogRows,
} from "../reference/reference.repository";
import { findPromptExamples } from "../examples/examples.repository";

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
  const [catalogRows, bannedPhrases, index, audiences, facts] = await Promise.all([
    loadCompanyCatalogRows(ctx.db),
    getBannedPhrases(ctx),
    getSimilarityIndex(ctx),
    loadAudiences(ctx),
    loadBindingFacts(ctx),
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
    offers: catalog.offers,
    primaryKeyword: input.primaryKeyword || undefined,
    goodExamples: [],
    badExamples: [],
    // The template writer reads the organisation's banned phrases from the brief.
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
    [brief.goodExamples, brief.badExamples] = await similarExamples(ctx, index, query);
  }
  return {
    brief,
    reference: { persona, industry, catalog, bannedPhrases, index, ...audiences, facts },
  };
}

/** Candidates ranked in one pass before picking per category (one index lookup, not two). */
const RANK_POOL = 200;

/** The most similar good and bad examples, as the prompt shows them. */
async function similarExamples(
  ctx: AppContext,
  index: SimilarityIndex,
  text: string,
): Promise<[BriefExample[], BriefExample[]]> {
  const pool = nearestInIndex(index, text, { k: RANK_POOL });
  const pick = (category: ExampleCategory, k: number) => {
    let nearest = pool.filter((n) => n.category === category).slice(0, k);
    // A full pool may hide this category's best matches behind the other's.
    if (nearest.length < k && pool.length >= RANK_POOL) {
      nearest = nearestInIndex(index, text, { category, k });
    }
    return nearest;
  };
  const good = pick("good", PROMPT_EXAMPLES.good);
  const bad = pick("bad", PROMPT_EXAMPLES.bad);
  const nearest = [...good, ...bad];
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
