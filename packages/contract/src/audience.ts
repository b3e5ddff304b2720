import { z } from "zod";
import { BuyingStageSchema, INDUSTRY_IDS, type BUYING_STAGES } from "./reference";

/** The spec's failure message of the Target Audience screen. */
export const AUDIENCE_FETCH_FAILED_MESSAGE =
  "Failed to fetch target audience data. Please try again.";

/** Industries an account can be stored under: ours, plus "other" for anything that maps to none. */
export const ACCOUNT_INDUSTRY_IDS = [...INDUSTRY_IDS, "other"] as const;
export const AccountIndustrySchema = z.enum(ACCOUNT_INDUSTRY_IDS);
export type AccountIndustry = z.infer<typeof AccountIndustrySchema>;

/** How an account's industry is named in reports and exports. */
export const ACCOUNT_INDUSTRY_LABELS: Record<AccountIndustry, string> = {
  aerospace: "Aerospace",
  automotive: "Automotive",
  "high-tech": "High-Tech",
  industrial: "Industrial",
  other: "Other",
};

/** The screen's industry filter: all, or one of ours. */
export const AUDIENCE_FILTERS = ["all", ...INDUSTRY_IDS] as const;
export const AudienceFilterSchema = z.enum(AUDIENCE_FILTERS);
export type AudienceFilter = z.infer<typeof AudienceFilterSchema>;

/** A topic scored at or above this (Bombora's Composite Score, 0–100) is surging. */
export const SURGE_THRESHOLD = 60;

/** The intent overview lists this many accounts. */
export const INTENT_OVERVIEW_ACCOUNTS = 5;
/** Keywords per persona in the persona breakdown, and keywords shown by the generator. */
export const INTENT_TOP_KEYWORDS = 5;

/**
 * Colour step of an intent bar: 0 over 85, 1 over 75, 2 over 65, else 3.
 * The web maps the step to its colours.
 */
export function intentColorStep(intent: number): 0 | 1 | 2 | 3 {
  if (intent > 85) return 0;
  if (intent > 75) return 1;
  if (intent > 65) return 2;
  return 3;
}

/** Colour step of a format-effectiveness bar: 0 over 80, 1 over 70, 2 over 60, else 3. */
export function formatColorStep(effectiveness: number): 0 | 1 | 2 | 3 {
  if (effectiveness > 80) return 0;
  if (effectiveness > 70) return 1;
  if (effectiveness > 60) return 2;
  return 3;
}

/**
 * Buying stage of an account whose export carries no stage (Bombora Company Surge measures
 * research intensity only): its highest topic score of 85 or more reads as decision, 70 or
 * more as consideration, anything lower as awareness.
 */
export function stageFromSurgeScore(score: number): (typeof BUYING_STAGES)[number] {
  if (score >= 85) return "decision";
  if (score >= 70) return "consideration";
  return "awareness";
}

/**
 * A CSV cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
 * return) gets a leading apostrophe, so it is shown as text.
 */
export function escapeCsvFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Cells quoted whatever separator the reader's spreadsheet expects (a comma, a semicolon in
 * many European locales, a tab) and every cell that starts like a formula, so no cell splits
 * into two or is read as anything but text (csv-stringify's `quoted_match`).
 */
export const CSV_QUOTED_MATCH: readonly RegExp[] = [/[,;\t\r\n"]/, /^['=+\-@]/];

// ---------------------------------------------------------------------------------------------
// Import

/** Caps on one intent-data upload. */
export const INTENT_IMPORT_LIMITS = {
  /** Bytes of the uploaded file. */
  maxFileBytes: 50 * 1024 * 1024,
  /** Data rows (not counting the header). */
  maxRows: 200_000,
  /** Characters of one record (the parser stops at once beyond it). */
  maxRecordChars: 16 * 1024,
  /** Characters of one field. */
  maxFieldChars: 1000,
  /** Topics or keywords kept per account (the strongest ones). */
  maxTopicsPerAccount: 50,
  /** An uploaded preview can be committed for this long. */
  previewTtlMinutes: 60,
} as const;

export const INTENT_LAYOUTS = ["bombora", "6sense", "template"] as const;
export const IntentLayoutSchema = z.enum(INTENT_LAYOUTS);
export type IntentLayout = z.infer<typeof IntentLayoutSchema>;

export const INTENT_LAYOUT_LABELS: Record<IntentLayout, string> = {
  bombora: "Bombora Company Surge",
  "6sense": "6sense account export",
  template: "Content Studio intent template",
};

/** Columns of our own template, in order (README has the format). */
export const INTENT_TEMPLATE_COLUMNS = [
  "Company Name",
  "Domain",
  "Industry",
  "Intent Score",
  "Buying Stage",
  "Personas",
  "Keywords",
] as const;

/** The downloadable template: the header and two example rows. */
export const INTENT_TEMPLATE_CSV = [
  INTENT_TEMPLATE_COLUMNS.join(","),
  'Example Aerostructures,example-aero.com,Aerospace,88,consideration,"vp-engineering;cto","should cost:91;design to cost:84;digital thread:62"',
  'Sample Drivetrain Systems,sample-drive.com,Automotive,71,awareness,director-engineering,"dfm analysis:74;ecos:66"',
  "",
].join("\r\n");

/** Closed list of what an import can report. English is rendered by describeImportIssue. */
export const IMPORT_ISSUE_CODES = [
  // the whole file
  "file_empty",
  "file_too_large",
  "file_binary",
  "file_invalid_utf8",
  "file_header_only",
  "file_semicolon_delimiter",
  "file_unknown_layout",
  "file_too_many_rows",
  "file_unclosed_quote",
  "file_malformed_quote",
  "file_record_too_long",
  "file_no_accounts",
  // one row
  "row_ragged",
  "row_missing_domain",
  "row_invalid_domain",
  "row_missing_name",
  "row_invalid_score",
  "row_unknown_stage",
  "row_field_too_long",
  "row_unknown_industry",
  "row_unknown_persona",
  "row_duplicate_domain",
] as const;
export const ImportIssueCodeSchema = z.enum(IMPORT_ISSUE_CODES);
export type ImportIssueCode = z.infer<typeof ImportIssueCodeSchema>;

export const ImportIssueSchema = z.object({
  /** 1-based line of the file (the header is line 1), null for the whole file. */
  row: z.number().int().nullable(),
  code: ImportIssueCodeSchema,
  /** error: the row (or file) is not imported; warning: imported with the change described. */
  severity: z.enum(["error", "warning"]),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ImportIssue = z.infer<typeof ImportIssueSchema>;

const p = (issue: ImportIssue, key: string) => String(issue.params[key] ?? "");

/** The one English rendering of each import issue. */
export function describeImportIssue(issue: ImportIssue): string {
  switch (issue.code) {
    case "file_empty":
      return "The file is empty.";
    case "file_too_large":
      return `The file is larger than ${p(issue, "limitMiB")} MiB.`;
    case "file_binary":
      return "This is not a text CSV file (it contains binary data).";
    case "file_invalid_utf8":
      return `The file is not valid UTF-8 text (near byte ${p(issue, "offset")}). Save it as "CSV UTF-8" and try again.`;
    case "file_header_only":
      return "The file has a header row but no data rows.";
    case "file_semicolon_delimiter":
      return "The file uses semicolons (;) between columns. Export it with commas (,) as the separator.";
    case "file_unknown_layout":
      return `The columns do not match a Bombora Company Surge export, a 6sense account export or the Content Studio template (found: ${p(issue, "columns")}).`;
    case "file_too_many_rows":
      return `The file has more than ${p(issue, "limit")} data rows.`;
    case "file_unclosed_quote":
      return `A quoted field that starts on line ${p(issue, "line")} is never closed.`;
    case "file_malformed_quote":
      return `Line ${p(issue, "line")} has a quote character in the wrong place.`;
    case "file_record_too_long":
      return `Line ${p(issue, "line")} is longer than ${p(issue, "limit")} characters.`;
    case "file_no_accounts":
      return "No row could be imported.";
    case "row_ragged":
      return `The row has ${p(issue, "found")} columns; the header has ${p(issue, "expected")}.`;
    case "row_missing_domain":
      return "The domain is missing.";
    case "row_invalid_domain":
      return `"${p(issue, "value")}" is not a domain.`;
    case "row_missing_name":
      return "The company name is missing.";
    case "row_invalid_score":
      return `The score "${p(issue, "value")}" is not a number from 0 to 100.`;
    case "row_unknown_stage":
      return `The buying stage "${p(issue, "value")}" is not one we know.`;
    case "row_field_too_long":
      return `The ${p(issue, "column")} column is longer than ${p(issue, "limit")} characters.`;
    case "row_unknown_industry":
      return `Industry "${p(issue, "value")}" was stored as ${
        ACCOUNT_INDUSTRY_LABELS[p(issue, "mappedTo") as AccountIndustry] ?? p(issue, "mappedTo")
      }.`;
    case "row_unknown_persona":
      return `Persona "${p(issue, "value")}" is not one we know and was left out.`;
    case "row_duplicate_domain":
      return issue.params.topic === undefined
        ? `${p(issue, "domain")} is also on line ${p(issue, "firstRow")}; the rows were combined (this row's name, industry, score and stage, the keywords of both).`
        : `${p(issue, "domain")} with topic "${p(issue, "topic")}" is also on line ${p(issue, "firstRow")}; the higher score was kept.`;
  }
}

/** An account as it is (or will be) stored. */
export const IntentAccountSchema = z.object({
  name: z.string(),
  /** Lower-case, without scheme or www. — the key of a merge. */
  domain: z.string(),
  industry: AccountIndustrySchema,
  /** 0–100. */
  intent: z.number().int().min(0).max(100),
  buyingStage: BuyingStageSchema,
  /** Persona ids. */
  activePersonas: z.array(z.string()),
  /** Topics or keywords with their score, strongest first. */
  topics: z.array(z.object({ topic: z.string(), score: z.number().int().min(0).max(100) })),
  country: z.string().nullable(),
});
export type IntentAccount = z.infer<typeof IntentAccountSchema>;

export const UnknownIndustrySchema = z.object({
  value: z.string(),
  mappedTo: AccountIndustrySchema,
  rows: z.number().int(),
});

export const ImportPreviewSchema = z.object({
  /** Pass to the commit call; null when the file cannot be imported. */
  importId: z.string().nullable(),
  fileName: z.string(),
  layout: IntentLayoutSchema.nullable(),
  hasHeader: z.boolean(),
  canCommit: z.boolean(),
  counts: z.object({
    rows: z.number().int(),
    accounts: z.number().int(),
    topics: z.number().int(),
    skippedRows: z.number().int(),
    warnings: z.number().int(),
    errors: z.number().int(),
  }),
  /** The first accounts exactly as they will be stored. */
  sample: z.array(IntentAccountSchema),
  /** At most 200; `counts` has the totals. */
  issues: z.array(ImportIssueSchema),
  unknownIndustries: z.array(UnknownIndustrySchema),
  expiresAt: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const IMPORT_MODES = ["replace", "merge"] as const;
export const CommitImportBodySchema = z.object({
  /** replace: the store holds exactly this file afterwards; merge: accounts are upserted by domain. */
  mode: z.enum(IMPORT_MODES),
});
export type CommitImportBody = z.infer<typeof CommitImportBodySchema>;

export const ImportIdParamsSchema = z.object({ id: z.uuid() });

export const IntentDatasetSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  layout: IntentLayoutSchema.nullable(),
  isSample: z.boolean(),
  mode: z.enum(IMPORT_MODES),
  importedAt: z.string(),
  /** Name of who imported it; null for the built-in sample. */
  importedBy: z.string().nullable(),
  rows: z.number().int(),
  accounts: z.number().int(),
  skippedRows: z.number().int(),
  /** Accounts in the whole store after this import. */
  storedAccounts: z.number().int(),
  unknownIndustries: z.array(UnknownIndustrySchema),
});
export type IntentDataset = z.infer<typeof IntentDatasetSchema>;

// ---------------------------------------------------------------------------------------------
// Computed intent data (the spec's `sixsenseData` shape)

export const TargetAccountSchema = z.object({
  name: z.string(),
  domain: z.string(),
  industry: AccountIndustrySchema,
  /** Percent, 0–100. */
  intent: z.number(),
  activePersonas: z.array(z.string()),
  topKeywords: z.array(z.string()),
  buyingStage: BuyingStageSchema,
});
export type TargetAccount = z.infer<typeof TargetAccountSchema>;

export const IntentDataSchema = z.object({
  /** The accounts with the highest intent, highest first. */
  targetAccounts: z.array(TargetAccountSchema),
  /** Share of accounts (percent, summing to 100) and their average intent, per industry. */
  industryBreakdown: z.array(
    z.object({ industry: AccountIndustrySchema, percentage: z.number(), avgIntent: z.number() }),
  ),
  /** Share of persona mentions (percent, summing to 100) and each persona's top keywords. */
  personaBreakdown: z.array(
    z.object({ persona: z.string(), percentage: z.number(), keywords: z.array(z.string()) }),
  ),
  /** Percent of accounts per stage, summing to 100 (0 each when there are none). */
  buyingStages: z.object({
    awareness: z.number(),
    consideration: z.number(),
    decision: z.number(),
  }),
  /** Surging keywords; volume = accounts surging on it. */
  topKeywords: z.array(z.object({ keyword: z.string(), volume: z.number().int() })),
});
export type IntentData = z.infer<typeof IntentDataSchema>;

export const AudienceOverviewQuerySchema = z.object({
  industry: AudienceFilterSchema.default("all"),
});
export type AudienceOverviewQuery = z.input<typeof AudienceOverviewQuerySchema>;

/** 'Export Data' names the view it exports. */
export const AudienceExportQuerySchema = z.object({ industry: AudienceFilterSchema });

export const AudienceOverviewSchema = z.object({
  industry: AudienceFilterSchema,
  /** The latest import (or the sample); null when the store is empty. */
  dataset: IntentDatasetSchema.nullable(),
  /** Accounts in this view. */
  accountCount: z.number().int(),
  intent: IntentDataSchema,
  /** May this user import? */
  can: z.object({ import: z.boolean() }),
});
export type AudienceOverview = z.infer<typeof AudienceOverviewSchema>;

/** One surging keyword for one persona at one stage, and how well the library covers it. */
export const ContentGapSchema = z.object({
  keyword: z.string(),
  personaId: z.string(),
  buyingStage: BuyingStageSchema,
  /** The industry most of these accounts are in (for the generator link). */
  industryId: AccountIndustrySchema,
  accounts: z.number().int(),
  /** Sum of the keyword's scores over those accounts: what the ranking uses. */
  intent: z.number(),
  /** Approved or published items for this persona and stage that mention the keyword. */
  coveringItems: z.number().int(),
  /** Suggested topic for the generator. */
  suggestedTopic: z.string(),
});
export type ContentGap = z.infer<typeof ContentGapSchema>;

export const ContentRecommendationsSchema = z.object({
  industry: AudienceFilterSchema,
  /** Uncovered first, each group ranked by intent. */
  items: z.array(ContentGapSchema),
});
export type ContentRecommendations = z.infer<typeof ContentRecommendationsSchema>;

/** A topic for the generator built from an intent keyword. */
export function topicFromKeyword(keyword: string, industryName: string | null): string {
  const k = keyword.trim();
  const head = k.charAt(0).toUpperCase() + k.slice(1);
  return industryName
    ? `${head}: what ${industryName.toLowerCase()} engineering leaders need to know`
    : `${head}: what engineering leaders need to know`;
}

export const AccountsToTargetSchema = z.object({
  item: z.object({
    id: z.string(),
    title: z.string(),
    personaId: z.string(),
    industryId: z.string(),
    buyingStage: BuyingStageSchema,
  }),
  /** Stored topics the item's text matches. */
  matchedKeywords: z.array(z.string()),
  total: z.number().int(),
  /** The first 100, highest intent first (the CSV export has all). */
  accounts: z.array(TargetAccountSchema),
});
export type AccountsToTarget = z.infer<typeof AccountsToTargetSchema>;

/** Content items to choose from for 'Accounts to target'. */
export const TargetableItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  buyingStage: BuyingStageSchema,
});
export type TargetableItem = z.infer<typeof TargetableItemSchema>;

export const TargetableItemArraySchema = z.array(TargetableItemSchema);
