import type {
  AiProviderId,
  BuyingStage,
  ContentStatus,
  ContentType,
  ExampleCategory,
  ExampleOrigin,
  FactStatus,
  FactSubjectType,
  FactUnit,
  IngestJob,
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

export interface AppSetupTable {
  id: number;
  admin_user_id: string | null;
  created_at: Timestamp;
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
  proposed_by: string | null;
  approved_by: string | null;
  approved_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
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
  search_text: string;
  archived_at: Date | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IngestJobTable {
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
  heartbeat_at: Timestamp;
  finished_at: Date | null;
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
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  app_setup: AppSetupTable;
  app_secret: AppSecretTable;
  app_setting: AppSettingTable;
  rate_limit_bucket: RateLimitBucketTable;
  persona: PersonaTable;
  industry: IndustryTable;
  buying_stage: BuyingStageTable;
  company_profile: CompanyProfileTable;
  key_metric: KeyMetricTable;
  solution: SolutionTable;
  example: ExampleTable;
  ingest_job: IngestJobTable;
  content_item: ContentItemTable;
  proof_fact: ProofFactTable;
}

export type UserRow = Selectable<UserTable>;
export type PersonaRow = Selectable<PersonaTable>;
export type IndustryRow = Selectable<IndustryTable>;
export type NewPersona = Insertable<PersonaTable>;
export type ExampleRow = Selectable<ExampleTable>;
export type NewExample = Insertable<ExampleTable>;
export type IngestJobRow = Selectable<IngestJobTable>;
export type ContentItemRow = Selectable<ContentItemTable>;
export type NewContentItem = Insertable<ContentItemTable>;
export type ProofFactRow = Selectable<ProofFactTable>;
export type NewProofFact = Insertable<ProofFactTable>;
