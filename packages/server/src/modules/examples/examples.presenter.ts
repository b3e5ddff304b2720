import type { ExampleDetail, ExampleSummary, IngestJob } from "@content-studio/contract";
import type { IngestRunRow } from "../../db/types";
import { renderMarkdown } from "../../lib/html";
import type { PolicyActor } from "../../lib/policy";
import { examplePolicy } from "./examples.policy";
import type { ExampleDetailRow, ExampleListRow } from "./examples.repository";
import { bodyAsMarkdown } from "./markdown-body";

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentExampleSummary(row: ExampleListRow, actor: PolicyActor): ExampleSummary {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    contentType: row.content_type,
    personaId: row.persona_id,
    persona: row.persona_title,
    industryId: row.industry_id,
    industry: row.industry_name,
    buyingStage: row.buying_stage,
    tags: row.tags,
    origin: row.origin,
    sourceKey: row.source_key,
    sourcePath: row.source_path,
    archived: row.archived_at !== null,
    updatedAt: iso(row.updated_at),
    can: examplePolicy.capabilities(actor),
  };
}

export function presentExampleDetail(row: ExampleDetailRow, actor: PolicyActor): ExampleDetail {
  return {
    ...presentExampleSummary(row, actor),
    headline: row.headline,
    introduction: row.introduction,
    body: bodyAsMarkdown(row.body),
    bodyHtml: renderMarkdown(row.body),
    conclusion: row.conclusion,
    notes: row.notes,
    createdAt: iso(row.created_at),
  };
}

export function presentIngestJob(row: IngestRunRow): IngestJob {
  return {
    id: row.id,
    origin: row.origin,
    sourceKey: row.source_key,
    status: row.status,
    total: row.total,
    processed: row.processed,
    added: row.added,
    updated: row.updated,
    unchanged: row.unchanged,
    errors: row.errors,
    failures: row.failures,
    missing: row.missing,
    message: row.message,
    startedAt: iso(row.started_at),
    finishedAt: row.finished_at ? iso(row.finished_at) : null,
  };
}
