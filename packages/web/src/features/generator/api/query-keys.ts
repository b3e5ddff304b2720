/**
 * Every react-query key of this feature's data: its queries use them, and other features
 * invalidate this feature's data through them, never through a string of their own.
 */
export const generatorKeys = {
  generationData: ["content-generation-data"] as const,
  generationDataFor: (personaId: string, industryId: string, buyingStage: string) =>
    [...generatorKeys.generationData, personaId, industryId, buyingStage] as const,
  seoAnalysis: (key: string, primaryKeyword: string) =>
    ["seo-analysis", key, primaryKeyword] as const,
  settings: ["settings", "generation"] as const,
};
