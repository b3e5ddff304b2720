import { randomUUID } from "node:crypto";
import type {
  BuyingStage,
  ContentStatus,
  ContentType,
  QualityReport,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../src/db/types";
import { createLibraryItem } from "../../src/modules/library/library-create.service";

/** A quality report with the given score and unsupported claims (the rest empty). */
export function qualityReport(overall: number, unsupported: string[] = []): QualityReport {
  return {
    overall,
    uncapped: overall,
    cappedBy: unsupported.length > 0 ? ["unsupported_claim"] : [],
    criteria: [],
    readability: {
      words: 100,
      sentences: 8,
      syllables: 150,
      fleschReadingEase: 50,
      fleschKincaidGrade: 10,
      targetGrade: { min: 8, max: 12 },
    },
    nearestExamples: [],
    claims: unsupported.map((text) => ({
      kind: "percentage",
      text,
      sentence: text,
      section: "body",
      status: "unsupported",
      factId: null,
      source: null,
    })),
    findings: [],
  };
}

export interface TestItem {
  id?: string;
  title?: string;
  body?: string;
  contentType?: ContentType;
  personaId?: string;
  industryId?: string;
  buyingStage?: BuyingStage;
  status?: ContentStatus;
  quality?: number | null;
  unsupported?: string[];
  createdBy?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
  durationMs?: number;
}

/** Stores an item as the generation pipeline would (with version 1 and its event). */
export async function insertTestItem(db: Kysely<Database>, item: TestItem = {}): Promise<string> {
  const id = item.id ?? randomUUID();
  const title = item.title ?? "Should-cost reviews for aerospace programs";
  const body = item.body ?? "<h2>Why</h2><p>Cost is locked in during design.</p>";
  const quality = item.quality === undefined ? 0.85 : item.quality;
  const report = quality === null ? null : JSON.stringify(qualityReport(quality, item.unsupported));
  const at = item.createdAt ?? new Date();
  await db.transaction().execute((trx) =>
    createLibraryItem(trx, {
      id,
      title,
      content_type: item.contentType ?? "thought-leadership",
      persona_id: item.personaId ?? "vp-engineering",
      industry_id: item.industryId ?? "aerospace",
      buying_stage: item.buyingStage ?? "awareness",
      topic: "Should-cost analysis",
      status: item.status ?? "draft",
      headline: title,
      introduction: "Most programs find cost problems late.",
      body,
      conclusion: "Download the checklist.",
      quality_before: quality,
      quality_after: quality,
      quality_report: report,
      provenance: JSON.stringify({
        provider: "builtin",
        model: "builtin-template",
        promptVersion: "test",
        exampleIds: [],
        usage: { inputTokens: 0, outputTokens: 0 },
        durationMs: item.durationMs ?? 1000,
        refinementRounds: 0,
      }),
      created_by: item.createdBy ?? null,
      created_at: at,
      updated_at: item.updatedAt ?? at,
    }),
  );
  return id;
}
