import {
  ContentProvenanceSchema,
  ContentVariationsSchema,
  QualityReportSchema,
  VisualizationSchema,
  type ContentItem,
} from "@content-studio/contract";
import type { ContentItemDetailRow } from "./content.repository";

const iso = (d: Date | string) => new Date(d).toISOString();

/** Parses a jsonb column that may be null; a value that no longer fits the schema reads as null. */
function optionalJson<T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  v: unknown,
): T | null {
  if (v === null || v === undefined) return null;
  const parsed = schema.safeParse(v);
  return parsed.success ? (parsed.data ?? null) : null;
}

export function presentContentItem(row: ContentItemDetailRow): ContentItem {
  return {
    id: row.id,
    title: row.title,
    contentType: row.content_type,
    personaId: row.persona_id,
    personaName: row.persona_title,
    industryId: row.industry_id,
    industryName: row.industry_name,
    buyingStage: row.buying_stage,
    topic: row.topic,
    status: row.status,
    headline: row.headline,
    introduction: row.introduction,
    body: row.body,
    conclusion: row.conclusion,
    imagePrompt: row.image_prompt,
    keyMetrics: row.key_metrics,
    featuredSolutions: row.featured_solutions,
    primaryKeyword: row.primary_keyword,
    visualization: optionalJson(VisualizationSchema, row.visualization),
    repurposed: optionalJson(ContentVariationsSchema, row.repurposed),
    qualityBefore: row.quality_before,
    qualityAfter: row.quality_after,
    qualityReport: optionalJson(QualityReportSchema, row.quality_report),
    provenance: ContentProvenanceSchema.parse(row.provenance),
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
