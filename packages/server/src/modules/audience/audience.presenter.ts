import {
  AccountIndustrySchema,
  BuyingStageSchema,
  IntentLayoutSchema,
  UnknownIndustrySchema,
  type IntentDataset,
  type TargetAccount,
} from "@content-studio/contract";
import type { IntentDatasetRow } from "../../db/types";
import type { AccountRow } from "./audience.repository";

export function presentDataset(row: IntentDatasetRow): IntentDataset {
  return {
    id: row.id,
    fileName: row.file_name,
    layout: row.layout === null ? null : IntentLayoutSchema.parse(row.layout),
    isSample: row.is_sample,
    mode: row.mode === "merge" ? "merge" : "replace",
    importedAt: new Date(row.imported_at).toISOString(),
    importedBy: row.imported_by_name,
    rows: row.rows,
    accounts: row.accounts,
    skippedRows: row.skipped_rows,
    storedAccounts: row.stored_accounts,
    unknownIndustries: UnknownIndustrySchema.array().parse(row.unknown_industries),
  };
}

export function presentAccount(row: AccountRow): TargetAccount {
  return {
    name: row.name,
    domain: row.domain,
    industry: AccountIndustrySchema.parse(row.industry_id),
    intent: row.intent,
    activePersonas: row.personas,
    topKeywords: row.keywords,
    buyingStage: BuyingStageSchema.parse(row.buying_stage),
  };
}
