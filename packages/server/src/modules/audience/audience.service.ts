import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  INTENT_SURGE_THRESHOLD,
  ACCOUNT_INDUSTRY_LABELS,
  INDUSTRY_IDS,
  INTENT_IMPORT_LIMITS,
  INTENT_OVERVIEW_ACCOUNTS,
  INTENT_TOP_KEYWORDS,
  IntentDataSchema,
  SURGE_THRESHOLD,
  escapeCsvFormula,
  topicFromKeyword,
  type AccountIndustry,
  type AccountsToTarget,
  type AudienceFilter,
  type AudienceOverview,
  type BuyingStage,
  type ContentGap,
  type ContentRecommendations,
  type ImportPreview,
  type IntentAccount,
  type IntentData,
  type IntentDataset,
  type TargetableItem,
} from "@content-studio/contract";
import { stringify } from "csv-stringify";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";
import { AppError, orNotFound } from "../../lib/app-error";
import type { PendingWork } from "../../lib/pending-work";
import { produceCsv } from "../../lib/csv-producer";
import type { SessionUser } from "../../plugins/access";
import * as repo from "./audience.repository";
import { auditActorOf, recordAudit } from "../audit/audit.service";
import type { AccountRow, Scope } from "./audience.repository";
import { audiencePolicy, intentUploadPolicy } from "./audience.policy";
import { presentAccount, presentDataset } from "./audience.presenter";
import { SAMPLE_FILE_NAME, buildSampleAccounts } from "./audience.sample";
import { releaseMemory } from "../../lib/release-memory";
import { parseIntentCsv } from "./intent-csv";
import { listIndustryRows } from "../reference/reference.repository";
import { emitWebhookEvent } from "../webhooks/webhooks.service";
import type { AppContext } from "../../app-context";

type Db = Kysely<Database>;

const SCOPES: Scope[] = ["all", ...INDUSTRY_IDS];
/** Accounts staged per chunk row of an upload. */
const CHUNK_ACCOUNTS = 2000;
const TOP_KEYWORDS_LISTED = 10;
const RECOMMENDATIONS_LISTED = 20;

/** Whole percentages that sum to 100 (largest remainder); all 0 when the total is 0. */
export function percentagesOf(counts: number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}

const EMPTY_INTENT: IntentData = {
  targetAccounts: [],
  industryBreakdown: [],
  personaBreakdown: [],
  buyingStages: { awareness: 0, consideration: 0, decision: 0 },
  topKeywords: [],
};

/** Computes the overview of a scope from the stored accounts. */
export async function computeIntentData(
  db: Db | Transaction<Database>,
  scope: Scope,
): Promise<{ accountCount: number; data: IntentData }> {
  const industries = await repo.aggregateIndustries(db, scope);
  const accountCount = industries.reduce((a, r) => a + r.accounts, 0);
  if (accountCount === 0) return { accountCount, data: EMPTY_INTENT };
  const [stages, keywords, personas, personaKeywords, top] = [
    await repo.aggregateStages(db, scope),
    await repo.aggregateKeywords(db, scope, SURGE_THRESHOLD, TOP_KEYWORDS_LISTED),
    await repo.aggregatePersonas(db, scope),
    await repo.aggregatePersonaKeywords(db, scope, SURGE_THRESHOLD, INTENT_TOP_KEYWORDS),
    await repo.listAccounts(db, scope, {
      limit: INTENT_OVERVIEW_ACCOUNTS,
      keywordsPerAccount: INTENT_TOP_KEYWORDS,
    }),
  ];
  const industryOrder = [...INDUSTRY_IDS, "other"] as string[];
  industries.sort((a, b) => industryOrder.indexOf(a.industry) - industryOrder.indexOf(b.industry));
  const industryShares = percentagesOf(industries.map((r) => r.accounts));
  const stageCount = (s: BuyingStage) => stages.find((r) => r.stage === s)?.accounts ?? 0;
  const [awareness, consideration, decision] = percentagesOf([
    stageCount("awareness"),
    stageCount("consideration"),
    stageCount("decision"),
  ]);
  personas.sort((a, b) => b.accounts - a.accounts || a.persona.localeCompare(b.persona));
  const personaShares = percentagesOf(personas.map((r) => r.accounts));
  const data: IntentData = {
    targetAccounts: top.map(presentAccount),
    industryBreakdown: industries.map((r, i) => ({
      industry: r.industry as AccountIndustry,
      percentage: industryShares[i]!,
      avgIntent: Math.round(r.avg_intent),
    })),
    personaBreakdown: personas.map((r, i) => ({
      persona: r.persona,
      percentage: personaShares[i]!,
      keywords: personaKeywords.filter((k) => k.persona === r.persona).map((k) => k.keyword),
    })),
    buyingStages: { awareness: awareness!, consideration: consideration!, decision: decision! },
    topKeywords: keywords.map((k) => ({ keyword: k.keyword, volume: k.accounts })),
  };
  return { accountCount, data };
}

/** Recomputes the stored overview of every scope (inside the import's transaction). */
async function recomputeSummaries(trx: Transaction<Database>) {
  for (const scope of SCOPES) {
    const { accountCount, data } = await computeIntentData(trx, scope);
    await repo.upsertSummary(trx, scope, accountCount, data);
  }
}

async function readSummary(db: Db, scope: Scope) {
  const row = await repo.findSummary(db, scope);
  if (!row) return { accountCount: 0, data: EMPTY_INTENT };
  return { accountCount: row.account_count, data: IntentDataSchema.parse(row.data) };
}

/** GET /api/audience/overview: the screen's data for all industries or one. */
export async function getAudienceOverview(
  db: Db,
  actor: SessionUser,
  filter: AudienceFilter,
): Promise<AudienceOverview> {
  const [summary, dataset] = await Promise.all([
    readSummary(db, filter),
    repo.findLatestDataset(db),
  ]);
  return {
    industry: filter,
    dataset: dataset ? presentDataset(dataset) : null,
    accountCount: summary.accountCount,
    intent: summary.data,
    can: audiencePolicy.capabilities(actor),
  };
}

/** The intent data the generator shows for an industry; null when the store has none for it. */
export async function getIntentDataForIndustry(
  db: Db,
  industryId: string,
): Promise<IntentData | null> {
  if (!(INDUSTRY_IDS as readonly string[]).includes(industryId)) return null;
  const summary = await readSummary(db, industryId as Scope);
  return summary.accountCount > 0 ? summary.data : null;
}

export async function listDatasetHistory(db: Db): Promise<IntentDataset[]> {
  return (await repo.listDatasets(db, 50)).map(presentDataset);
}

// --- import ---------------------------------------------------------------------------------------

const PREVIEW_SAMPLE = 10;
/** Rows from which a preview collects its garbage when it ends (lib/release-memory.ts). */
const LARGE_PREVIEW_ROWS = 20_000;

/**
 * Parses an upload and stages its accounts for confirmation (nothing reaches the store).
 * A file that cannot be imported is reported and not staged.
 */
export async function previewImport(
  db: Db,
  actor: SessionUser,
  input: { fileName: string; source: AsyncIterable<Buffer> },
): Promise<ImportPreview> {
  audiencePolicy.authorize(actor, "import");
  const parsed = await parseIntentCsv(input.source);
  const fileName = input.fileName.slice(0, 255) || "upload.csv";
  let topics = 0;
  const sample: IntentAccount[] = [];
  let importId: string | null = null;
  let expiresAt: Date | null = null;
  if (!parsed.fatal) {
    importId = randomUUID();
    const id = importId;
    const now = new Date();
    expiresAt = new Date(now.getTime() + INTENT_IMPORT_LIMITS.previewTtlMinutes * 60_000);
    const expires = expiresAt;
    await db.transaction().execute(async (trx) => {
      await repo.deleteExpiredImports(trx, now);
      await repo.insertImport(trx, {
        id,
        createdBy: actor.id,
        expiresAt: expires,
        fileName,
        layout: parsed.layout,
        rows: parsed.rows,
        accounts: parsed.accountCount,
        skippedRows: parsed.skippedRows,
        unknownIndustries: parsed.unknownIndustries,
      });
      // Staged a chunk at a time: the whole file's accounts are never held twice.
      let chunk: IntentAccount[] = [];
      let seq = 0;
      for (const account of parsed.takeAccounts()) {
        topics += account.topics.length;
        if (sample.length < PREVIEW_SAMPLE) sample.push(account);
        chunk.push(account);
        if (chunk.length === CHUNK_ACCOUNTS) {
          await repo.insertImportChunk(trx, id, seq++, JSON.stringify(chunk));
          chunk = [];
        }
      }
      if (chunk.length > 0) await repo.insertImportChunk(trx, id, seq, JSON.stringify(chunk));
    });
  }
  // A large file leaves its parse's garbage behind: collected now, the server returns to idle.
  if (parsed.rows >= LARGE_PREVIEW_ROWS) releaseMemory();
  return {
    importId,
    fileName,
    layout: parsed.layout,
    hasHeader: parsed.hasHeader,
    canCommit: importId !== null,
    counts: {
      rows: parsed.rows,
      accounts: parsed.accountCount,
      topics,
      skippedRows: parsed.skippedRows,
      warnings: parsed.warningCount,
      errors: parsed.errorCount,
    },
    sample,
    issues: parsed.issues,
    unknownIndustries: parsed.unknownIndustries,
    expiresAt: expiresAt?.toISOString() ?? null,
  };
}

/**
 * Stores a staged upload, all or nothing: replace empties the store first; merge upserts by
 * domain, adding the file's topics and personas to an account's stored ones (and drops the
 * built-in sample, which real data always replaces).
 */
export async function commitImport(
  ctx: Pick<AppContext, "db" | "config" | "jobEngine">,
  actor: SessionUser,
  importId: string,
  mode: "replace" | "merge",
): Promise<IntentDataset> {
  audiencePolicy.authorize(actor, "import");
  return ctx.db.transaction().execute(async (trx) => {
    // Two imports at once would each empty and refill the store; they take turns instead.
    await repo.lockIntentStore(trx);
    const upload = await repo.lockImport(trx, importId);
    if (!upload || new Date(upload.expires_at).getTime() < Date.now()) {
      throw new AppError(
        "not_found",
        "This upload is no longer waiting for confirmation. Upload the file again.",
      );
    }
    intentUploadPolicy.authorize(actor, "commit", upload);
    const datasetId = randomUUID();
    await repo.insertDataset(trx, {
      id: datasetId,
      fileName: upload.file_name,
      layout: upload.layout,
      isSample: false,
      mode,
      importedBy: actor.id,
      importedByName: actor.name,
      rows: upload.rows,
      accounts: upload.accounts,
      skippedRows: upload.skipped_rows,
      storedAccounts: 0,
      unknownIndustries: upload.unknown_industries,
    });
    const surgingBefore = await repo.listAccountsWithIntentAtLeast(trx, INTENT_SURGE_THRESHOLD);
    if (mode === "replace") await repo.deleteAllAccounts(trx);
    else await repo.deleteSampleAccounts(trx);
    await repo.storeImportedAccounts(trx, importId, datasetId, {
      storeIsEmpty: mode === "replace",
      maxTopics: INTENT_IMPORT_LIMITS.maxTopicsPerAccount,
    });
    await repo.deleteImport(trx, importId);
    await emitIntentSurges(ctx, trx, surgingBefore, datasetId);
    const stored = await repo.countAccounts(trx);
    await repo.setDatasetStoredAccounts(trx, datasetId, stored);
    await recomputeSummaries(trx);
    const row = await repo.findLatestDataset(trx);
    if (!row) throw new Error("dataset vanished inside its own transaction");
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "intent.imported",
      target: { type: "intent_dataset", id: datasetId, label: upload.file_name },
      changes: {
        mode: { from: null, to: mode },
        accounts: { from: null, to: upload.accounts },
      },
    });
    return presentDataset(row);
  });
}

/**
 * `intent.surge` for each account whose intent an import raised to INTENT_SURGE_THRESHOLD or
 * above (from below it, or new to the store), in the import's transaction.
 */
async function emitIntentSurges(
  ctx: Pick<AppContext, "config" | "jobEngine">,
  trx: Transaction<Database>,
  before: { domain: string }[],
  datasetId: string,
): Promise<void> {
  const was = new Set(before.map((a) => a.domain));
  const now = await repo.listAccountsWithIntentAtLeast(trx, INTENT_SURGE_THRESHOLD);
  for (const account of now.filter((a) => !was.has(a.domain))) {
    await emitWebhookEvent(ctx, trx, {
      type: "intent.surge",
      data: {
        domain: account.domain,
        name: account.name,
        intent: account.intent,
        threshold: INTENT_SURGE_THRESHOLD,
        datasetId,
      },
      path: "/target-audience",
    });
  }
}

/**
 * Loads the built-in sample once per database (a marker claimed in the same transaction), and
 * only into an empty store.
 */
export async function seedSampleIntentData(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.claimSeedMarker(trx, "seed.intent-sample"))) return false;
    await repo.lockIntentStore(trx);
    if ((await repo.countAccounts(trx)) > 0) return false;
    const accounts = buildSampleAccounts();
    const importId = randomUUID();
    const datasetId = randomUUID();
    await repo.insertImport(trx, {
      id: importId,
      createdBy: null,
      expiresAt: new Date(Date.now() + 60_000),
      fileName: SAMPLE_FILE_NAME,
      layout: null,
      rows: accounts.length,
      accounts: accounts.length,
      skippedRows: 0,
      unknownIndustries: [],
    });
    await repo.insertImportChunk(trx, importId, 0, JSON.stringify(accounts));
    await repo.insertDataset(trx, {
      id: datasetId,
      fileName: SAMPLE_FILE_NAME,
      layout: null,
      isSample: true,
      mode: "replace",
      importedBy: null,
      importedByName: null,
      rows: accounts.length,
      accounts: accounts.length,
      skippedRows: 0,
      storedAccounts: accounts.length,
      unknownIndustries: [],
    });
    await repo.storeImportedAccounts(trx, importId, datasetId, {
      storeIsEmpty: true,
      maxTopics: INTENT_IMPORT_LIMITS.maxTopicsPerAccount,
    });
    await repo.deleteImport(trx, importId);
    await recomputeSummaries(trx);
    return true;
  });
}

// --- CSV exports ---------------------------------------------------------------------------------

const EXPORT_PAGE = 5000;

const ACCOUNT_CSV_COLUMNS = [
  "Company Name",
  "Domain",
  "Industry",
  "Intent Score",
  "Buying Stage",
  "Active Personas",
  "Top Keywords",
];

const accountCsvRow = (r: AccountRow) =>
  [
    r.name,
    r.domain,
    ACCOUNT_INDUSTRY_LABELS[r.industry_id as AccountIndustry] ?? r.industry_id,
    String(r.intent),
    r.buying_stage,
    r.personas.join("; "),
    r.keywords.join("; "),
  ].map(escapeCsvFormula);

/** CSV text from pages of accounts, streamed through csv-stringify with formula escaping. */
function accountsCsv(pendingWork: PendingWork, pages: AsyncIterable<AccountRow[]>): Readable {
  const out = stringify({ header: true, columns: ACCOUNT_CSV_COLUMNS, bom: true });
  produceCsv(pendingWork, "accounts CSV export", out, pages, accountCsvRow);
  return out;
}

/** 'Export Data': every account of the current view, highest intent first, as CSV. */
export function exportAudienceCsv(
  { db, pendingWork }: { db: Db; pendingWork: PendingWork },
  filter: AudienceFilter,
): Readable {
  async function* pages() {
    let after: { intent: number; domain: string } | undefined;
    for (;;) {
      const rows = await repo.listAccounts(db, filter, {
        limit: EXPORT_PAGE,
        keywordsPerAccount: INTENT_TOP_KEYWORDS,
        after,
      });
      if (rows.length > 0) yield rows;
      if (rows.length < EXPORT_PAGE) return;
      const last = rows[rows.length - 1]!;
      after = { intent: last.intent, domain: last.domain };
    }
  }
  return accountsCsv(pendingWork, pages());
}

// --- content gaps --------------------------------------------------------------------------------

/**
 * Content Recommendations: every surging keyword × persona × stage that accounts show, with how
 * many approved or published items for that persona and stage mention the keyword. Uncovered
 * ones come first; each group is ranked by the intent behind it (the sum of the keyword's scores).
 */
export async function getContentRecommendations(
  db: Db,
  filter: AudienceFilter,
): Promise<ContentRecommendations> {
  const industryNames = new Map((await listIndustryRows(db)).map((r) => [r.id, r.name]));
  const groups = await repo.aggregateGapGroups(db, filter, SURGE_THRESHOLD);
  const merged = new Map<
    string,
    {
      keyword: string;
      persona: string;
      stage: string;
      accounts: number;
      intent: number;
      byIndustry: Map<string, number>;
    }
  >();
  for (const g of groups) {
    const key = `${g.keyword}\u0000${g.persona}\u0000${g.stage}`;
    let entry = merged.get(key);
    if (!entry) {
      entry = {
        keyword: g.keyword,
        persona: g.persona,
        stage: g.stage,
        accounts: 0,
        intent: 0,
        byIndustry: new Map(),
      };
      merged.set(key, entry);
    }
    entry.accounts += g.accounts;
    entry.intent += g.intent;
    entry.byIndustry.set(g.industry, (entry.byIndustry.get(g.industry) ?? 0) + g.accounts);
  }
  const ranked = [...merged.values()]
    .sort((a, b) => b.intent - a.intent || a.keyword.localeCompare(b.keyword))
    .slice(0, RECOMMENDATIONS_LISTED * 3);
  const coverage = new Map<string, Awaited<ReturnType<typeof repo.countCoveringItems>>>();
  for (const keyword of new Set(ranked.map((r) => r.keyword))) {
    coverage.set(keyword, await repo.countCoveringItems(db, keyword));
  }
  const items: ContentGap[] = ranked.map((r) => {
    const industryId = (
      filter !== "all"
        ? filter
        : ([...r.byIndustry].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ??
          "other")
    ) as AccountIndustry;
    const covering =
      coverage.get(r.keyword)?.find((c) => c.persona_id === r.persona && c.buying_stage === r.stage)
        ?.items ?? 0;
    return {
      keyword: r.keyword,
      personaId: r.persona,
      buyingStage: r.stage as BuyingStage,
      industryId,
      accounts: r.accounts,
      intent: r.intent,
      coveringItems: covering,
      suggestedTopic: topicFromKeyword(r.keyword, industryNames.get(industryId) ?? null),
    };
  });
  items.sort(
    (a, b) =>
      Number(a.coveringItems > 0) - Number(b.coveringItems > 0) ||
      b.intent - a.intent ||
      a.keyword.localeCompare(b.keyword),
  );
  return { industry: filter, items: items.slice(0, RECOMMENDATIONS_LISTED) };
}

// --- accounts to target ----------------------------------------------------------------------------

const MAX_MATCHED_TOPICS = 500;
const ACCOUNTS_LISTED = 100;

async function loadTargeting(db: Db, itemId: string) {
  const item = orNotFound(await repo.findContentItem(db, itemId), "Content not found.");
  const topics = await repo.matchTopicsInItem(db, itemId, SURGE_THRESHOLD, MAX_MATCHED_TOPICS);
  return { item, topics };
}

/** The accounts at the item's stage surging on topics its text covers. */
export async function getAccountsToTarget(db: Db, itemId: string): Promise<AccountsToTarget> {
  const { item, topics } = await loadTargeting(db, itemId);
  const { rows, total } = await repo.listAccountsOnTopics(
    db,
    topics,
    item.buying_stage,
    SURGE_THRESHOLD,
    { limit: ACCOUNTS_LISTED, offset: 0 },
  );
  return {
    item: {
      id: item.id,
      title: item.title,
      personaId: item.persona_id,
      industryId: item.industry_id,
      buyingStage: item.buying_stage,
    },
    matchedKeywords: topics,
    total,
    accounts: rows.map(presentAccount),
  };
}

export async function exportAccountsToTargetCsv(
  { db, pendingWork }: { db: Db; pendingWork: PendingWork },
  itemId: string,
): Promise<{ fileName: string; csv: Readable }> {
  const { item, topics } = await loadTargeting(db, itemId);
  async function* pages() {
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const { rows } = await repo.listAccountsOnTopics(
        db,
        topics,
        item.buying_stage,
        SURGE_THRESHOLD,
        { limit: EXPORT_PAGE, offset },
      );
      if (rows.length > 0) yield rows;
      if (rows.length < EXPORT_PAGE) return;
    }
  }
  const slug =
    item.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "content";
  return { fileName: `accounts-to-target-${slug}.csv`, csv: accountsCsv(pendingWork, pages()) };
}

export async function listTargetableItems(db: Db): Promise<TargetableItem[]> {
  return (await repo.listRecentContentItems(db, 100)).map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    buyingStage: r.buying_stage,
  }));
}
