/**
 * Every query key of the web app, one factory per feature: the one place a key is spelled. A
 * feature reads its own data through its factory and refreshes another feature's data (an
 * intent import refreshes the generator's audience data, a library change the dashboard)
 * through that feature's factory, never through a string of its own. Lint refuses a literal
 * array as a query key anywhere else.
 */

/** The audience feature. */
export const audienceKeys = {
  /** Everything the audience screen shows: an intent import refreshes all of it. */
  all: ["audience"] as const,
  overview: (industry: string | undefined) => [...audienceKeys.all, "overview", industry] as const,
  recommendations: (industry: string | undefined) =>
    [...audienceKeys.all, "recommendations", industry] as const,
  targetableContent: () => [...audienceKeys.all, "content"] as const,
  accountsToTarget: (id: string) => [...audienceKeys.all, "accounts-to-target", id] as const,
};

/** The audit feature. */
export const auditKeys = {
  page: (query: unknown) => ["audit", query] as const,
};

/** The auth feature. */
export const authKeys = {
  /** The session: who is signed in (every screen reads it). */
  session: ["session"] as const,
};

/** The campaigns feature. */
export const campaignsKeys = {
  all: ["campaigns"] as const,
  list: () => [...campaignsKeys.all, "list"] as const,
  brief: (id: string) => [...campaignsKeys.all, "brief", id] as const,
  kit: (id: string) => [...campaignsKeys.all, "kit", id] as const,
};

/** The content feature. */
export const contentKeys = {
  seoAnalysis: (key: string, primaryKeyword: string) =>
    ["seo-analysis", key, primaryKeyword] as const,
  /** The audience data the generator shows; an intent import changes every one of them. */
  generationData: ["content-generation-data"] as const,
  generationDataFor: (personaId: string, industryId: string, buyingStage: string) =>
    [...contentKeys.generationData, personaId, industryId, buyingStage] as const,
  generationSettings: ["settings", "generation"] as const,
};

/** The dashboard feature. */
export const dashboardKeys = {
  /** The dashboard's counters and charts: a library change refreshes them. */
  all: ["dashboard"] as const,
  summary: () => [...dashboardKeys.all, "summary"] as const,
};

/** The examples feature. */
export const examplesKeys = {
  all: ["examples"] as const,
  lists: ["examples", "list"] as const,
  list: (params: unknown) => [...examplesKeys.lists, params] as const,
  detail: (id: string) => [...examplesKeys.all, "detail", id] as const,
  ingestJob: (id: string | null) => [...examplesKeys.all, "ingest-job", id] as const,
  runningIngestJobs: (scope: string) =>
    [...examplesKeys.all, "ingest-jobs", "running", scope] as const,
  repositorySettings: ["settings", "example-repository"] as const,
};

/** The glossary feature. */
export const glossaryKeys = {
  all: ["settings", "glossary"] as const,
  list: (params: unknown) => [...glossaryKeys.all, params] as const,
};

/** The library feature. */
export const libraryKeys = {
  /** Everything the library shows: a change to any item refreshes all of it. */
  all: ["library"] as const,
  list: (params: unknown) => [...libraryKeys.all, "list", params] as const,
  item: (id: string) => [...libraryKeys.all, "item", id] as const,
  history: (id: string) => [...libraryKeys.all, "history", id] as const,
  version: (id: string, version: number) => [...libraryKeys.all, "version", id, version] as const,
  authors: () => [...libraryKeys.all, "authors"] as const,
  /** An item's exports and drafts sent to publishing targets (publishing feature). */
  exports: (id: string) => [...libraryKeys.all, id, "exports"] as const,
};

/** The proof feature. */
export const proofKeys = {
  facts: ["proof", "facts"] as const,
  factList: (params: unknown) => [...proofKeys.facts, params] as const,
  derivedStructure: (statement: string) => ["proof", "derive-structure", statement] as const,
  usages: (id: string) => ["proof", "usages", id] as const,
};

/** The publishing feature. */
export const publishingKeys = {
  connections: ["settings", "publishing"] as const,
};

/** The reference feature. */
export const referenceKeys = {
  aiServiceInfo: ["ai-service-info"] as const,
  personas: ["reference", "personas"] as const,
  industries: ["reference", "industries"] as const,
  buyingStages: ["reference", "buying-stages"] as const,
  companyCatalog: ["reference", "company-catalog"] as const,
  companyProfile: ["company-profile"] as const,
};

/** The settings feature. */
export const settingsKeys = {
  bannedPhrases: ["settings", "banned-phrases"] as const,
  uiSettings: (userId: string) => ["me", "ui-settings", userId] as const,
};

/** The sso feature. */
export const ssoKeys = {
  settings: ["settings", "sso"] as const,
};

/** The tokens feature. */
export const tokensKeys = {
  list: ["tokens"] as const,
};

/** The users feature. */
export const usersKeys = {
  list: ["users"] as const,
};

/** The webhooks feature. */
export const webhooksKeys = {
  list: ["settings", "webhooks"] as const,
  deliveries: (id: string) => [...webhooksKeys.list, id, "deliveries"] as const,
};
