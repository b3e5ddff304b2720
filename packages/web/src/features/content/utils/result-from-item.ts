import {
  improvement,
  meetsQualityStandards,
  type ContentItem,
  type GeneratedContent,
} from "@content-studio/contract";
import { describeBenchmarkComparison } from "./quality";

/**
 * A stored item as the generator's result, so the result views (quality, optimize, visualize,
 * repurpose) open a saved item exactly as they show a fresh generation.
 */
export function resultFromContentItem(item: ContentItem, threshold: number): GeneratedContent {
  const report = item.qualityReport;
  const after = item.qualityAfter;
  const before = item.qualityBefore ?? after;
  return {
    contentItemId: item.id,
    can: item.can,
    qualityCheck:
      report && after !== null && before !== null
        ? {
            before,
            after,
            improvement: improvement(before, after),
            threshold,
            meetsStandards: meetsQualityStandards(after, threshold),
            benchmarkComparison: describeBenchmarkComparison(report.nearestExamples),
            refinementRounds: item.provenance.refinementRounds,
            report,
          }
        : null,
    content: {
      headline: item.headline,
      introduction: item.introduction,
      body: item.body,
      conclusion: item.conclusion,
    },
    metadata: {
      targetIndustry: item.industryName,
      targetPersona: item.personaName,
      buyingStage: item.buyingStage,
      contentType: item.contentType,
      contentTopic: item.topic,
      provider: item.provenance.provider,
      model: item.provenance.model,
      promptVersion: item.provenance.promptVersion,
      exampleIds: item.provenance.exampleIds,
      usage: item.provenance.usage,
      durationMs: item.provenance.durationMs,
      imagePrompt: item.imagePrompt,
    },
  };
}
