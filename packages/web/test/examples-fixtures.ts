import { aerospace, vpEngineering } from "./content-fixtures";
import type {
  ExampleDetail,
  ExampleRepoSettingsResponse,
  ExampleSummary,
  IngestJob,
} from "@content-studio/contract";

let sequence = 0;

export function buildExampleSummary(overrides: Partial<ExampleSummary> = {}): ExampleSummary {
  sequence += 1;
  return {
    id: `example-${sequence}`,
    title: `Example ${sequence}`,
    category: "good",
    contentType: "thought-leadership",
    personaId: "cto",
    persona: "Chief Technology Officer",
    industryId: "aerospace",
    industry: "Aerospace",
    buyingStage: "awareness",
    tags: ["should-cost"],
    origin: "local",
    sourceKey: "local:.",
    sourcePath: `good/example-${sequence}.md`,
    archived: false,
    updatedAt: "2026-02-01T10:00:00.000Z",
    can: { edit: true, delete: true },
    ...overrides,
  };
}

export function buildExampleDetail(overrides: Partial<ExampleDetail> = {}): ExampleDetail {
  return {
    ...buildExampleSummary(overrides),
    headline: "Cut engineering change orders by a third",
    introduction: "Most programs discover cost too late.",
    body: "### Step 1\n\nSet targets.",
    bodyHtml: "<h3>Step 1</h3><p>Set targets.</p>",
    conclusion: "Start with one program.",
    notes: "Specific numbers earn trust.",
    createdAt: "2026-02-01T10:00:00.000Z",
    ...overrides,
  };
}

export function buildIngestJob(overrides: Partial<IngestJob> = {}): IngestJob {
  sequence += 1;
  return {
    id: `job-${sequence}`,
    origin: "local",
    sourceKey: "local:.",
    status: "running",
    total: 0,
    processed: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    errors: 0,
    failures: [],
    missing: [],
    message: null,
    startedAt: "2026-02-01T10:00:00.000Z",
    finishedAt: null,
    ...overrides,
  };
}

export const PERSONAS = [
  { ...vpEngineering, id: "cto", title: "Chief Technology Officer" },
  vpEngineering,
];
export const INDUSTRIES = [aerospace, { ...aerospace, id: "industrial", name: "Industrial" }];
export const BUYING_STAGES = ["awareness", "consideration", "decision"] as const;

/** `{ items, total, page, pageSize }` as the list endpoint answers. */
/** A page of the list as an editor gets it (`can` overrides what the caller may do). */
export const examplePage = (
  items: ExampleSummary[],
  total = items.length,
  page = 1,
  can = { create: true, ingest: true, archive: true },
) => ({
  items,
  total,
  page,
  pageSize: 20,
  can,
});

/** The example-repository settings answer: a local ./examples source, no cloud URL, no rights. */
export function buildExampleRepoSettings(
  overrides: Partial<ExampleRepoSettingsResponse> = {},
): ExampleRepoSettingsResponse {
  return {
    repositorySource: "local",
    exampleRepoPath: "./examples",
    cloudRepoUrl: "",
    s3Endpoint: "",
    s3Region: "us-east-1",
    s3CredentialsConfigured: false,
    can: { edit: false, ingest: false },
    ...overrides,
  };
}
