import { randomUUID } from "node:crypto";
import type {
  BuyingStage,
  ContentStatus,
  ContentType,
  QualityReport,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../src/db/types";
import {
  createLibraryItem,
  createLibraryItems,
  type NewLibraryItem,
} from "../../src/modules/library/library-create.service";

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
  const row = testItemRow(item);
  await db.transaction().execute((trx) => createLibraryItem(trx, row));
  return row.id;
}

/** Stores many items as `insertTestItem` does, set-based: one transaction, a few inserts. */
export async function insertTestItems(db: Kysely<Database>, items: TestItem[]): Promise<string[]> {
  const rows = items.map(testItemRow);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await createLibraryItems(trx, rows.slice(i, i + 500));
    }
  });
  return rows.map((row) => row.id);
}

function testItemRow(item: TestItem): NewLibraryItem {
  const title = item.title ?? "Should-cost reviews for aerospace programs";
  const quality = item.quality === undefined ? 0.85 : item.quality;
  const at = item.createdAt ?? new Date();
  return {
    id: item.id ?? randomUUID(),
    title,
    content_type: item.contentType ?? "thought-leadership",
    persona_id: item.personaId ?? "vp-engineering",
    industry_id: item.industryId ?? "aerospace",
    buying_stage: item.buyingStage ?? "awareness",
    topic: "Should-cost analysis",
    status: item.status ?? "draft",
    headline: title,
    introduction: "Most programs find cost problems late.",
    body: item.body ?? "<h2>Why</h2><p>Cost is locked in during design.</p>",
    conclusion: "Download the checklist.",
    quality_before: quality,
    quality_after: quality,
    quality_report:
      quality === null ? null : JSON.stringify(qualityReport(quality, item.unsupported)),
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
  };
}
