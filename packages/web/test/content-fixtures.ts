import {
  GENERATION_DEFAULTS,
  LIBRARY_ACTIONS,
  type CompanyCatalog,
  type ContentGenerationData,
  type ContentItem,
  type GenerateContentBody,
  type GeneratedContent,
  type GenerationSettings,
  type GenerationSettingsResponse,
  type Industry,
  type IntentData,
  type LibraryCapabilities,
  type Persona,
  type QualityReport,
} from "@content-studio/contract";

const journey = {
  awareness: {
    painPoints: ["Late design changes"],
    contentTypes: ["Industry reports"],
    channels: ["LinkedIn"],
  },
  consideration: {
    evaluationCriteria: ["Integration with PLM"],
    contentTypes: ["Case studies"],
    channels: ["Webinars"],
  },
  decision: {
    stakeholders: ["CFO"],
    objections: ["Implementation time"],
    contentTypes: ["ROI calculators"],
  },
};

export const vpEngineering: Persona = {
  id: "vp-engineering",
  title: "VP of Engineering",
  description: "Leads engineering.",
  avgAge: "45-55",
  education: "MSc",
  reportingTo: "CEO",
  decisionMaker: true,
  painPoints: ["Pain one", "Pain two", "Pain three", "Pain four"],
  goals: ["Goal one", "Goal two", "Goal three", "Goal four"],
  contentPreferences: [],
  keyMetrics: [],
  buyingCommittee: [],
  buyingJourney: journey,
  formatEffectiveness: [],
};

export const aerospace: Industry = {
  id: "aerospace",
  name: "Aerospace",
  marketSize: "$800B+",
  engineeringTeamSize: "500+",
  productionVolume: "Low",
  keyDrivers: ["Driver one", "Driver two", "Driver three", "Driver four"],
  topChallenges: ["Challenge one", "Challenge two", "Challenge three", "Challenge four"],
  contentStrategies: [],
  companies: [],
};

export const catalog: CompanyCatalog = {
  companyName: "Makers Co",
  shortPrefix: "MC",
  description: "Makers Co sells cost software.",
  keyMetrics: [
    { id: "eco", label: "35-45% reduction in engineering change orders" },
    { id: "ttm", label: "20-30% decrease in time-to-market" },
  ],
  solutions: [
    { id: "design", name: "MC Design", description: "Design-stage costing.", product: "MC Suite" },
    { id: "analytics", name: "MC Analytics", description: "Cost analytics.", product: "MC Suite" },
  ],
  offers: [{ name: "Benchmark report", url: "https://example.com/report", stages: ["awareness"] }],
};

export function buildReport(
  overall: number,
  overrides: Partial<QualityReport> = {},
): QualityReport {
  return {
    overall,
    uncapped: overall,
    cappedBy: [],
    criteria: [
      {
        id: "structure",
        label: "Structure",
        score: 0.9,
        weight: 0.2,
        rationale: "Executives skim.",
        findings: [],
      },
      {
        id: "evidence",
        label: "Evidence",
        score: 0.5,
        weight: 0.2,
        rationale: "Invented figures cost trust.",
        findings: [{ code: "key_metric_unused", metric: "20-30% decrease in time-to-market" }],
      },
    ],
    readability: {
      words: 600,
      sentences: 40,
      syllables: 900,
      fleschReadingEase: 45,
      fleschKincaidGrade: 11.2,
      targetGrade: { min: 10, max: 14 },
    },
    nearestExamples: [
      { id: "ex-1", title: "A good example", category: "good", similarity: 0.42 },
      { id: "ex-2", title: "A bad example", category: "bad", similarity: 0.18 },
    ],
    claims: [
      {
        kind: "percentage",
        text: "35-45% reduction in engineering change orders",
        sentence: "Teams see a 35-45% reduction in engineering change orders.",
        section: "body",
        status: "supported",
        factId: "fact-1",
        source: "Customers see a 35-45% reduction in engineering change orders.",
      },
    ],
    findings: [],
    ...overrides,
  };
}

export function buildGenerated(overrides: Partial<GeneratedContent> = {}): GeneratedContent {
  return {
    contentItemId: "content-1",
    can: { edit: true, optimize: true, visualize: true, repurpose: true, saveAsExample: true },
    qualityCheck: {
      before: 0.62,
      after: 0.81,
      improvement: (0.81 - 0.62) / 0.62,
      threshold: 0.7,
      meetsStandards: true,
      benchmarkComparison: "Closer to good benchmark examples (0.42) than to bad ones (0.18).",
      refinementRounds: 1,
      report: buildReport(0.81),
    },
    content: {
      headline: "Simulation ROI for aerospace engineering",
      introduction: "Engineering leaders need proof.",
      body: "<h2>Why it matters</h2><p>Simulation cuts rework.</p>",
      conclusion: "Book a walkthrough.",
    },
    metadata: {
      targetIndustry: "Aerospace",
      targetPersona: "VP of Engineering",
      buyingStage: "awareness",
      contentType: "thought-leadership",
      contentTopic: "Simulation ROI",
      provider: "builtin",
      model: "content-studio-writer-1",
      promptVersion: "test",
      exampleIds: [],
      usage: { inputTokens: 0, outputTokens: 0 },
      durationMs: 10,
      imagePrompt: "An isometric factory floor with cost flows",
    },
    ...overrides,
  };
}

/**
 * The generation request of a form with only the required fields filled (the fixture persona
 * and industry, awareness, "Simulation ROI"): the spec's defaults, no metric or solution lists.
 */
export function buildGenerationRequestBody(
  overrides: Partial<GenerateContentBody> = {},
): GenerateContentBody {
  return {
    personaId: "vp-engineering",
    industryId: "aerospace",
    buyingStage: "awareness",
    contentTopic: "Simulation ROI",
    contentType: "thought-leadership",
    useBenchmarkExamples: true,
    performQualityCheck: true,
    autoRefine: false,
    ...overrides,
  };
}

/** GET /api/settings/generation as the server answers it (an editor's `can` by default). */
export const generationSettingsAnswer = (
  can: GenerationSettingsResponse["can"] = { edit: false, generate: true },
  settings: Partial<GenerationSettings> = {},
): GenerationSettingsResponse => ({ ...GENERATION_DEFAULTS, ...settings, can });

/** GET /api/content-generation-data as the server answers an editor (no intent data). */
export function buildGenerationData(
  overrides: Partial<ContentGenerationData> = {},
): ContentGenerationData {
  return {
    selectedPersona: vpEngineering,
    selectedIndustry: aerospace,
    buyingJourney: { stage: "awareness", ...vpEngineering.buyingJourney.awareness },
    sixsenseData: null,
    can: { generate: true },
    ...overrides,
  };
}

/** An account-intent summary with nothing in it but what the test sets. */
export function buildIntentData(overrides: Partial<IntentData> = {}): IntentData {
  return {
    targetAccounts: [],
    industryBreakdown: [],
    personaBreakdown: [],
    buyingStages: { awareness: 0, consideration: 0, decision: 0 },
    topKeywords: [],
    ...overrides,
  };
}

/** An item's capabilities with every action refused (a test spreads the ones it allows). */
export const NO_CAPABILITIES = Object.fromEntries(
  LIBRARY_ACTIONS.map((action) => [action, false]),
) as LibraryCapabilities;

/** A stored content item as PUT /api/library/:id answers the result views (content-1). */
export function buildContentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  const generated = buildGenerated();
  const { provider, model, promptVersion, exampleIds, usage, durationMs } = generated.metadata;
  return {
    id: generated.contentItemId,
    title: generated.content.headline,
    contentType: "thought-leadership",
    personaId: vpEngineering.id,
    personaName: vpEngineering.title,
    industryId: aerospace.id,
    industryName: aerospace.name,
    buyingStage: "awareness",
    topic: "Simulation ROI",
    status: "draft",
    ...generated.content,
    imagePrompt: generated.metadata.imagePrompt,
    keyMetrics: [],
    featuredSolutions: [],
    primaryKeyword: null,
    visualization: null,
    repurposed: null,
    qualityBefore: 0.62,
    qualityAfter: 0.81,
    qualityReport: buildReport(0.81),
    provenance: {
      provider,
      model,
      promptVersion,
      exampleIds,
      usage,
      durationMs,
      refinementRounds: 1,
    },
    createdBy: "editor-1",
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    can: {
      ...generated.can,
      duplicate: true,
      delete: true,
      submit: true,
      approve: false,
      reject: false,
      publish: false,
      unpublish: false,
      restore: false,
      purge: false,
    },
    ...overrides,
  };
}
