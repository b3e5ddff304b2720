import type {
  AiProviderId,
  BuyingStage,
  ContentStatus,
  ContentType,
  ExampleCategory,
  ExampleOrigin,
  FactDirection,
  FactStatus,
  FactSubjectType,
  FactUnit,
  IngestJob,
  KitAssetKind,
  KitLanguage,
  Role,
  StageOffers,
  TermStatus,
  TokenKind,
  TokenScope,
} from "@content-studio/contract";
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string (same on PGlite and pg). */
type Json<T> = ColumnType<T, string, string>;
/** jsonb with a database default. */
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Generated<boolean>;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string | null;
  banned: boolean | null;
  banReason: string | null;
  banExpires: Date | null;
  /** Set with a temporary password: the next sign-in must choose a new one. */
  mustChangePassword: Generated<boolean>;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

/** better-auth's credential rows (only the columns we read or write). */
export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AppSetupTable {
  id: number;
  admin_user_id: string | null;
  created_at: Timestamp;
}

/** A counter bumped (by triggers) on every change to reference data; one row, id 1. */
export interface ReferenceVersionTable {
  id: number;
  version: number;
}

export interface AppSecretTable {
  name: string;
  value: string;
}

export interface AppSettingTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface RateLimitBucketTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface SignInGuardTable {
  account: string;
  attempts: number;
  next_attempt_at: Timestamp;
  updated_at: Generated<Timestamp>;
}

export interface SignInKnownClientTable {
  account: string;
  ip: string;
  last_success_at: Generated<Timestamp>;
}

export interface PersonaTable {
  id: string;
  sort_order: number;
  title: string;
  description: string;
  avg_age: string;
  education: string;
  reporting_to: string;
  decision_maker: boolean;
  influencer: boolean | null;
  pain_points: Json<string[]>;
  goals: Json<string[]>;
  content_preferences: Json<string[]>;
  key_metrics: Json<string[]>;
  buying_committee: Json<string[]>;
  buying_journey: Json<unknown>;
  format_effectiveness: Json<unknown>;
}

export interface IndustryTable {
  id: string;
  sort_order: number;
  name: string;
  market_size: string;
  engineering_team_size: string;
  production_volume: string;
  key_drivers: Json<string[]>;
  top_challenges: Json<string[]>;
  content_strategies: Json<string[]>;
  companies: Json<string[]>;
}

export interface BuyingStageTable {
  id: string;
  sort_order: number;
}

export interface CompanyProfileTable {
  id: number;
  company_name: string;
  short_prefix: string;
  description: Generated<string>;
  /** The company voice (contract `CompanyVoice`); a neutral default until an admin sets one. */
  voice: JsonWithDefault<unknown>;
  /** True while the profile is the first-run sample: writers then get no offers. */
  is_sample: Generated<boolean>;
}

export interface OfferTable {
  id: string;
  sort_order: number;
  name: string;
  url: string;
  stages: Json<string[]>;
}

export interface UserPreferenceTable {
  user_id: string;
  dark_mode: boolean;
  accent_color: string;
  compact_mode: boolean;
  updated_at: Timestamp;
}

export interface PasswordResetTokenTable {
  id: string;
  user_id: string;
  token_hash: string;
  kind: "email" | "admin_link";
  created_by: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_id: string | null;
  actor_label: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip: string | null;
  changes: JsonWithDefault<Record<string, { from?: unknown; to?: unknown }>>;
}

export interface KeyMetricTable {
  id: string;
  sort_order: number;
  label: string;
}

export interface SolutionTable {
  id: string;
  sort_order: number;
  name: string;
  description: string;
  product: Generated<string>;
}

export interface ProofFactTable {
  id: string;
  statement: string;
  value: number | null;
  value_max: number | null;
  unit: FactUnit | null;
  subject_type: FactSubjectType;
  subject_id: string | null;
  source: string;
  owner: string;
  status: ColumnType<FactStatus, FactStatus | undefined, FactStatus>;
  expires_on: string | null;
  is_sample: Generated<boolean>;
  /** What the figure measures; with claim_metric and claim_direction, all three or none. */
  claim_measure: string | null;
  /** What kind of quantity the figure is ("cost", "time", "count", "accuracy", ...). */
  claim_metric: string | null;
  claim_direction: FactDirection | null;
  proposed_by: string | null;
  approved_by: string | null;
  approved_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignBriefTable {
  id: string;
  name: string;
  objective: ColumnType<string, string | undefined, string>;
  key_message: string;
  /** Approved Proof Library fact ids, in the order chosen. */
  fact_ids: JsonWithDefault<string[]>;
  offers: Json<StageOffers>;
  assets: Json<KitAssetKind[]>;
  article_content_type: ContentType;
  languages: Json<KitLanguage[]>;
  owner_id: string;
  /** A `date`: repositories read it as YYYY-MM-DD text (drivers would make a local-time Date). */
  due_date: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignBriefCellTable {
  brief_id: string;
  persona_id: string;
  industry_id: string;
  buying_stage: BuyingStage;
  sort_order: number;
}

export interface ExampleTable {
  id: string;
  origin: ExampleOrigin;
  source_key: string;
  source_path: string;
  content_hash: string;
  category: ExampleCategory;
  title: string;
  content_type: ContentType;
  persona_id: string;
  industry_id: string | null;
  buying_stage: BuyingStage | null;
  tags: Json<string[]>;
  notes: string;
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
  /** tsvector literal of the distinct words (modules/examples/search-words.ts). */
  search_words: string;
  archived_at: Date | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Where an ingest run reads from, kept with the run so any process can take its job. */
export type IngestSource =
  | { kind: "local"; relative: string }
  | { kind: "s3"; bucket: string; prefix: string }
  | { kind: "url"; url: string }
  | {
      kind: "upload";
      /** An archive (its chunks staged in order) rather than a folder's files. */
      archive: boolean;
      /** Parts refused while the upload was received (unsafe names, files over 1 MiB). */
      failures: { path: string; reason: string }[];
    };

export interface IngestRunTable {
  id: string;
  origin: ExampleOrigin;
  source_key: string;
  status: IngestJob["status"];
  total: Generated<number>;
  processed: Generated<number>;
  added: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  errors: Generated<number>;
  failures: JsonWithDefault<{ path: string; reason: string }[]>;
  missing: JsonWithDefault<{ id: string; path: string; title: string }[]>;
  message: string | null;
  started_by: string | null;
  started_at: Timestamp;
  finished_at: Date | null;
  /** Null only for runs made before ingests ran on the job engine. */
  source: Json<IngestSource> | null;
}

/** A staged browser upload: a folder's file (with its path) or a chunk of an archive (no path). */
export interface IngestUploadPartTable {
  run_id: string;
  seq: number;
  path: string | null;
  /** The bytes, or null when they are `object_size` bytes at `object_offset` of the run's object. */
  bytes: Uint8Array | null;
  object_offset: number | null;
  object_size: number | null;
}

/** The object-store copy of a run's upload (over the inline limit). */
export interface IngestUploadObjectTable {
  run_id: string;
  key: string;
  size: number;
  sha256: string;
  content_type: string;
  created_at: Generated<Date>;
}

/** Provenance of a generated content item (contract ContentProvenance). */
export interface ContentProvenanceJson {
  provider: AiProviderId;
  model: string;
  promptVersion: string;
  exampleIds: string[];
  usage: { inputTokens: number; outputTokens: number };
  durationMs: number;
  refinementRounds: number;
  /** The editor's review of the stored draft (generations since it existed). */
  review?: {
    status: "done" | "failed" | "off";
    tokens: { input: number; output: number };
    durationMs: number;
  };
}

export interface ContentItemTable {
  id: string;
  title: string;
  content_type: ContentType;
  persona_id: string;
  industry_id: string;
  buying_stage: BuyingStage;
  topic: string;
  status: Generated<ContentStatus>;
  headline: string;
  introduction: string;
  /** Sanitised HTML. */
  body: string;
  conclusion: string;
  image_prompt: Generated<string>;
  key_metrics: JsonWithDefault<string[]>;
  featured_solutions: JsonWithDefault<string[]>;
  primary_keyword: string | null;
  visualization: ColumnType<unknown, string | null | undefined, string | null>;
  repurposed: ColumnType<unknown, string | null | undefined, string | null>;
  quality_before: number | null;
  quality_after: number | null;
  quality_report: ColumnType<unknown, string | null | undefined, string | null>;
  provenance: Json<ContentProvenanceJson>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Number of the current version (content_item_version). */
  version: Generated<number>;
  updated_by: string | null;
  /** In the Trash since (null: not deleted). */
  deleted_at: Date | null;
  deleted_by: string | null;
  /** The version the approval in force is bound to (null: none). */
  approved_version: number | null;
  approved_by: string | null;
  approved_at: Date | null;
  duplicated_from: string | null;
  /** The kit asset this item is (null: not made by a campaign kit, or its article). */
  kit_asset: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language of a kit's item (null: the default, English). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A kit export kept in the object store for its requester (decision 0050). */
export interface KitExportTable {
  id: string;
  kit_id: string;
  requested_by: string;
  file_name: string;
  key: string;
  size: number;
  sha256: string;
  content_type: string;
  created_at: Generated<Date>;
}

export interface CampaignKitTable {
  id: string;
  brief_id: string;
  brief_name: string;
  /** The brief as it was run (CampaignBriefInput plus resolved facts and offers). */
  brief: Json<unknown>;
  status: "running" | "cancelled" | "done" | "failed";
  provider: string;
  notices: JsonWithDefault<string[]>;
  started_by: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

export interface CampaignKitStepTable {
  id: string;
  kit_id: string;
  cell_key: string;
  persona_id: string;
  industry_id: string;
  buying_stage: BuyingStage;
  language: string;
  asset: string;
  sort_order: number;
  status: "queued" | "writing" | "checking" | "done" | "failed" | "skipped";
  attempts: Generated<number>;
  reason: string | null;
  /** The job attempt writing the step (while writing or checking). */
  claim_job: string | null;
  claim_attempt: number | null;
  content_item_id: string | null;
  quality_score: number | null;
  findings: JsonWithDefault<unknown[]>;
  started_at: Date | null;
  finished_at: Date | null;
}

/**
 * Dashboard counters, maintained by triggers on content_item in the transaction of each write
 * (never written by the application). Live items only (not in the Trash).
 */
export interface LibraryStatsDayTable {
  /** UTC creation day. */
  day: ColumnType<Date, never, never>;
  items: number;
  /** How many of them have a score. */
  scored: number;
  /** Exact sum of their scores (numeric, read as text). */
  quality_sum: ColumnType<string, never, never>;
}

/** Live scored items per score. */
export interface LibraryStatsQualityTable {
  quality: number;
  items: number;
}

/** Live approved or published items per persona × industry × stage. */
export interface LibraryStatsCoverageTable {
  persona_id: string;
  industry_id: string;
  buying_stage: BuyingStage;
  items: number;
  scored: number;
  quality_sum: ColumnType<string, never, never>;
}

/** One saved state of a content item's text. */
export interface ContentItemVersionTable {
  content_item_id: string;
  version: number;
  title: string;
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
  quality_score: number | null;
  quality_report: ColumnType<unknown, string | null | undefined, string | null>;
  changed_sections: JsonWithDefault<string[]>;
  note: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
}

/** A lifecycle transition or other change of a content item (its history). */
export interface ContentItemEventTable {
  id: string;
  seq: Generated<number>;
  content_item_id: string;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  version: number | null;
  note: string | null;
  actor_id: string | null;
  created_at: Timestamp;
}

export interface IntentDatasetTable {
  id: string;
  file_name: string;
  layout: string | null;
  is_sample: Generated<boolean>;
  mode: string;
  imported_by: string | null;
  imported_by_name: string | null;
  imported_at: Timestamp;
  rows: number;
  accounts: number;
  skipped_rows: number;
  stored_accounts: number;
  unknown_industries: JsonWithDefault<{ value: string; mappedTo: string; rows: number }[]>;
}

export interface IntentAccountTable {
  domain: string;
  name: string;
  industry_id: string;
  intent: number;
  buying_stage: string;
  personas: JsonWithDefault<string[]>;
  country: string | null;
  dataset_id: string;
  updated_at: Timestamp;
}

export interface IntentAccountTopicTable {
  domain: string;
  topic: string;
  score: number;
}

export interface IntentImportTable {
  id: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  file_name: string;
  layout: string | null;
  rows: number;
  accounts: number;
  skipped_rows: number;
  unknown_industries: JsonWithDefault<{ value: string; mappedTo: string; rows: number }[]>;
}

export interface IntentImportChunkTable {
  import_id: string;
  seq: number;
  accounts: Json<unknown>;
}

export interface IntentSummaryTable {
  scope: string;
  account_count: number;
  data: Json<unknown>;
  computed_at: Timestamp;
}

export interface GlossaryTermTable {
  id: string;
  concept: string;
  locale: KitLanguage;
  term: string;
  status: TermStatus;
  case_sensitive: boolean;
  note: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiTokenTable {
  id: string;
  owner_id: string;
  kind: TokenKind;
  name: string;
  /** jsonb array of scopes. */
  scopes: Json<TokenScope[]>;
  /** SHA-256 (hex) of the whole token; the token itself is never stored. */
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by: string | null;
}

/** The one OIDC provider (decision 0048); the client secret is only ever stored sealed. */
export interface SsoConnectionTable {
  id: number;
  provider_id: string;
  name: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  /** The endpoints found by discovery when the connection was saved. */
  discovery: Json<SsoDiscoveryRecord>;
  /** The issuer's origin when an admin allow-listed it (private or loopback address, http). */
  allowed_origin: string | null;
  domains: Json<string[]>;
  groups_claim: string;
  group_roles: Json<{ group: string; role: Role }[]>;
  default_role: Role | null;
  password_sign_in: "everyone" | "break_glass_only";
  break_glass_user_ids: Json<string[]>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

/** What discovery found: the endpoints the sign-in flow uses. */
export interface SsoDiscoveryRecord {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userInfoEndpoint: string | null;
  tokenEndpointAuthentication: "client_secret_basic" | "client_secret_post";
  scopes: string[];
}

/** The SSO plugin's table (kept empty: the provider comes from sso_connection). */
export interface SsoProviderTable {
  id: string;
  issuer: string;
  oidcConfig: string | null;
  samlConfig: string | null;
  userId: string | null;
  providerId: string;
  organizationId: string | null;
  domain: string;
  domainVerified: boolean | null;
}

export interface WebhookEndpointTable {
  id: string;
  url: string;
  description: string;
  events: Json<string[]>;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Timestamp | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WebhookDeliveryTable {
  id: string;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  payload: string;
  status: Generated<"pending" | "succeeded" | "failed">;
  next_attempt_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  endpoint_id: string;
  attempt: number;
  manual: Generated<boolean>;
  started_at: Timestamp;
  duration_ms: number;
  status_code: number | null;
  ok: boolean;
  error: string | null;
  request_body: string;
  response_body: string | null;
}

export interface PublishingConnectionTable {
  id: string;
  target: "wordpress" | "hubspot" | "webflow";
  name: string;
  /** The target's settings (the contract's ConnectionSettings). */
  settings: Json<Record<string, unknown>>;
  utm: Json<{ source: string; medium: string; campaign: string }>;
  secret_sealed: string;
  field_mapping: ColumnType<unknown, string | null | undefined, string | null>;
  last_test: ColumnType<unknown, string | null | undefined, string | null>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ContentExportTable {
  id: string;
  content_item_id: string;
  connection_id: string;
  requested_version: number;
  exported_version: number | null;
  external_id: string | null;
  external_url: string | null;
  /** The slug set on the draft, to find it again when an answer was lost. */
  external_key: string;
  status: Generated<"pending" | "drafted" | "failed">;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp | null;
  requested_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  app_setup: AppSetupTable;
  app_secret: AppSecretTable;
  reference_version: ReferenceVersionTable;
  app_setting: AppSettingTable;
  rate_limit_bucket: RateLimitBucketTable;
  sign_in_guard: SignInGuardTable;
  sign_in_known_client: SignInKnownClientTable;
  persona: PersonaTable;
  industry: IndustryTable;
  buying_stage: BuyingStageTable;
  company_profile: CompanyProfileTable;
  key_metric: KeyMetricTable;
  solution: SolutionTable;
  example: ExampleTable;
  ingest_run: IngestRunTable;
  ingest_upload_part: IngestUploadPartTable;
  ingest_upload_object: IngestUploadObjectTable;
  content_item: ContentItemTable;
  campaign_kit: CampaignKitTable;
  kit_export: KitExportTable;
  campaign_kit_step: CampaignKitStepTable;
  offer: OfferTable;
  user_preference: UserPreferenceTable;
  password_reset_token: PasswordResetTokenTable;
  audit_log: AuditLogTable;
  intent_dataset: IntentDatasetTable;
  intent_account: IntentAccountTable;
  intent_account_topic: IntentAccountTopicTable;
  intent_import: IntentImportTable;
  intent_import_chunk: IntentImportChunkTable;
  intent_summary: IntentSummaryTable;
  content_item_version: ContentItemVersionTable;
  content_item_event: ContentItemEventTable;
  proof_fact: ProofFactTable;
  glossary_term: GlossaryTermTable;
  api_token: ApiTokenTable;
  sso_connection: SsoConnectionTable;
  ssoProvider: SsoProviderTable;
  campaign_brief: CampaignBriefTable;
  campaign_brief_cell: CampaignBriefCellTable;
  library_stats_day: LibraryStatsDayTable;
  library_stats_quality: LibraryStatsQualityTable;
  library_stats_coverage: LibraryStatsCoverageTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_attempt: WebhookAttemptTable;
  publishing_connection: PublishingConnectionTable;
  content_export: ContentExportTable;
}

export type UserRow = Selectable<UserTable>;
export type PersonaRow = Selectable<PersonaTable>;
export type IndustryRow = Selectable<IndustryTable>;
export type ExampleRow = Selectable<ExampleTable>;
export type NewExample = Insertable<ExampleTable>;
export type IngestRunRow = Selectable<IngestRunTable>;
export type ContentItemRow = Selectable<ContentItemTable>;
export type NewContentItem = Insertable<ContentItemTable>;
export type IntentDatasetRow = Selectable<IntentDatasetTable>;
export type ContentItemVersionRow = Selectable<ContentItemVersionTable>;
export type NewContentItemVersion = Insertable<ContentItemVersionTable>;
export type ProofFactRow = Selectable<ProofFactTable>;
export type NewProofFact = Insertable<ProofFactTable>;
export type GlossaryTermRow = Selectable<GlossaryTermTable>;
export type CampaignBriefRow = Selectable<CampaignBriefTable>;
export type NewCampaignBrief = Insertable<CampaignBriefTable>;
export type CampaignBriefCellRow = Selectable<CampaignBriefCellTable>;
