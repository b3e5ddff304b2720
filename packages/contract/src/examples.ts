import { z } from "zod";
import { SettingsCapabilitiesSchema } from "./auth";
import { REPOSITORY_SOURCES } from "./example-sources";
import { BuyingStageSchema, ContentTypeSchema } from "./reference";

export {
  CLOUD_SOURCE_NEEDS,
  CLOUD_SOURCE_PROBLEMS,
  EXAMPLE_REPO_DEFAULTS,
  REPOSITORY_SOURCES,
  cloudSourceProblem,
  usableRepositorySource,
  type CloudSourceProblem,
  type RepositorySource,
} from "./example-sources";

export const EXAMPLE_CATEGORIES = ["good", "bad"] as const;
export const ExampleCategorySchema = z.enum(EXAMPLE_CATEGORIES);
export type ExampleCategory = z.infer<typeof ExampleCategorySchema>;

export const RepositorySourceSchema = z.enum(REPOSITORY_SOURCES);

/** Where a stored example came from. */
export const ExampleOriginSchema = z.enum(["local", "upload", "s3", "url", "manual"]);
export type ExampleOrigin = z.infer<typeof ExampleOriginSchema>;

/** Largest markdown file accepted, in bytes. */
export const EXAMPLE_MAX_FILE_BYTES = 1024 * 1024;
/** Most entries accepted from one archive or upload. */
export const INGEST_MAX_ENTRIES = 10_000;
/** Most uncompressed bytes accepted from one archive or upload. */
export const INGEST_MAX_TOTAL_BYTES = 200 * 1024 * 1024;

const Tag = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .transform((t) => t.toLowerCase());

/** Example as listed. */
export const ExampleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: ExampleCategorySchema,
  contentType: ContentTypeSchema,
  personaId: z.string(),
  /** Persona title. */
  persona: z.string(),
  industryId: z.string().nullable(),
  /** Industry name, or null when the example has none (shown as 'N/A'). */
  industry: z.string().nullable(),
  buyingStage: BuyingStageSchema.nullable(),
  tags: z.array(z.string()),
  origin: ExampleOriginSchema,
  /** Source folder, bucket or URL, and the file's path inside it. */
  sourceKey: z.string(),
  sourcePath: z.string(),
  archived: z.boolean(),
  updatedAt: z.string(),
  /** What the caller may do with this example. */
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type ExampleSummary = z.infer<typeof ExampleSummarySchema>;

export const ExampleDetailSchema = ExampleSummarySchema.extend({
  headline: z.string(),
  introduction: z.string(),
  /** Markdown as written. */
  body: z.string(),
  /** The body rendered to sanitised HTML. */
  bodyHtml: z.string(),
  conclusion: z.string(),
  notes: z.string(),
  createdAt: z.string(),
});
export type ExampleDetail = z.infer<typeof ExampleDetailSchema>;

/** Comma-separated tags → trimmed, lower-case, empty values left out. */
export function splitTags(input: string | undefined | null): string[] {
  if (!input) return [];
  return [
    ...new Set(
      input
        .split(",")
        .map((t) => t.trim().toLowerCase())
        .filter((t) => t.length > 0),
    ),
  ];
}

const emptyToUndefined = (v: unknown) => (v === "" || v === "all" ? undefined : v);

export const ListExamplesQuerySchema = z.object({
  source: z.preprocess(emptyToUndefined, RepositorySourceSchema.optional()),
  category: z.preprocess(emptyToUndefined, ExampleCategorySchema.optional()),
  contentType: z.preprocess(emptyToUndefined, ContentTypeSchema.optional()),
  personaId: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  industryId: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  buyingStage: z.preprocess(emptyToUndefined, BuyingStageSchema.optional()),
  /** Comma-separated; an example must carry every tag given. */
  tags: z
    .string()
    .max(500)
    .optional()
    .transform((t) => splitTags(t)),
  /** Free text over title, headline and body. */
  q: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  includeArchived: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListExamplesQuery = z.input<typeof ListExamplesQuerySchema>;

export const ExampleListSchema = z.object({
  items: z.array(ExampleSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether the caller may add examples by hand, start ingests and archive missing examples. */
  can: z.object({ create: z.boolean(), ingest: z.boolean(), archive: z.boolean() }),
});
export type ExampleList = z.infer<typeof ExampleListSchema>;

const Section = (name: string, max: number) =>
  z.string().trim().min(1, `${name} is required.`).max(max, `${name} is too long.`);

/** Create or replace an example by hand (editors and admins). */
export const ExampleInputSchema = z.object({
  title: Section("Title", 200),
  category: ExampleCategorySchema,
  contentType: ContentTypeSchema,
  personaId: z.string().min(1, "Persona is required.").max(100),
  industryId: z.string().max(100).nullable().optional(),
  buyingStage: BuyingStageSchema.nullable().optional(),
  tags: z.array(Tag).max(20).default([]),
  notes: z.string().trim().max(5000).default(""),
  headline: Section("Headline", 300),
  introduction: Section("Introduction", 20_000),
  body: Section("Body", 200_000),
  conclusion: Section("Conclusion", 20_000),
});
export type ExampleInput = z.input<typeof ExampleInputSchema>;

export const ExampleIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** Start an ingest from the server folder or the cloud location (defaults from settings). */
export const StartIngestBodySchema = z.object({
  source: RepositorySourceSchema,
  /** Local: a folder inside EXAMPLES_ROOT. Defaults to the saved local path. */
  path: z.string().trim().min(1).max(1000).optional(),
  /** Cloud: s3://bucket/prefix or an https URL of a .zip or .tar.gz. Defaults to the saved cloud URL. */
  url: z.string().trim().min(1).max(2000).optional(),
});
export type StartIngestBody = z.infer<typeof StartIngestBodySchema>;

export const IngestFailureSchema = z.object({ path: z.string(), reason: z.string() });
export type IngestFailure = z.infer<typeof IngestFailureSchema>;

export const MissingExampleSchema = z.object({
  id: z.string(),
  path: z.string(),
  title: z.string(),
});

/** `queued`: waiting for a free ingest worker; `running`: being read and stored. */
export const INGEST_STATUSES = ["queued", "running", "succeeded", "failed"] as const;

/** Whether an ingest run has not finished yet (queued or running). */
export function isIngestUnfinished(job: { status: (typeof INGEST_STATUSES)[number] }): boolean {
  return job.status === "queued" || job.status === "running";
}

/** An ingest run (plus unchanged and per-file reasons). */
export const IngestJobSchema = z.object({
  id: z.string(),
  origin: ExampleOriginSchema,
  sourceKey: z.string(),
  status: z.enum(INGEST_STATUSES),
  /** Files found so far, and processed so far. */
  total: z.number().int(),
  processed: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Number of files that failed; `failures` says why for each. */
  errors: z.number().int(),
  failures: z.array(IngestFailureSchema),
  /** Examples from this source whose files are no longer there (can be archived). */
  missing: z.array(MissingExampleSchema),
  /** Why the whole run failed (source unreachable, archive refused), when it did. */
  message: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type IngestJob = z.infer<typeof IngestJobSchema>;

export const ArchiveExamplesBodySchema = z.object({
  ids: z.array(z.string().min(1).max(200)).min(1).max(10_000),
});

/** Settings "Example Repository" card, stored on the server. */
export const ExampleRepoSettingsSchema = z.object({
  repositorySource: RepositorySourceSchema,
  exampleRepoPath: z.string().trim().min(1, "Local path is required.").max(1000),
  cloudRepoUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((u) => u === "" || /^(s3:\/\/[^/\s]+(\/.*)?|https:\/\/\S+)$/.test(u), {
      message: "Use s3://bucket/prefix or an https:// URL of a .zip or .tar.gz archive.",
    }),
  /** S3-compatible endpoint (empty for AWS). */
  s3Endpoint: z
    .string()
    .trim()
    .max(500)
    .refine((u) => u === "" || /^https?:\/\/\S+$/.test(u), { message: "Use an http(s):// URL." }),
  s3Region: z.string().trim().min(1).max(50),
});
export type ExampleRepoSettings = z.infer<typeof ExampleRepoSettingsSchema>;

/** GET/PUT /api/settings/example-repository answer. */
export const ExampleRepoSettingsResponseSchema = ExampleRepoSettingsSchema.extend({
  /** Whether S3 credentials are set in the server environment (the values never leave it). */
  s3CredentialsConfigured: z.boolean(),
  /** Edit these settings (admins); start an ingest from the saved source or an upload. */
  can: SettingsCapabilitiesSchema.extend({ ingest: z.boolean() }),
});
export type ExampleRepoSettingsResponse = z.infer<typeof ExampleRepoSettingsResponseSchema>;

export const IngestJobArraySchema = z.array(IngestJobSchema);
