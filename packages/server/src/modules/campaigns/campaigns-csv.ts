import {
  BUYING_STAGES,
  CampaignBriefInputSchema,
  CSV_QUOTED_MATCH,
  escapeCsvFormula,
  KIT_ASSET_KINDS,
  KIT_LANGUAGES,
  type BuyingStage,
  type CampaignBrief,
  type CampaignBriefInput,
  type FieldIssue,
} from "@content-studio/contract";
import { stringify } from "csv-stringify/sync";
import { readCsvUpload, unescapeCsvFormula, type CsvUpload } from "../../lib/csv-upload";
import { factProblem, offerProblem, type BriefReferences } from "./brief-references";

/**
 * A brief as CSV: one row per cell, the brief's own fields repeated on every row. Lists
 * (fact ids, assets, languages) are separated by semicolons; personas and industries are ids.
 */
export const BRIEF_CSV_COLUMNS = [
  "name",
  "objective",
  "key_message",
  "fact_ids",
  "offer_awareness",
  "offer_consideration",
  "offer_decision",
  "assets",
  "article_content_type",
  "languages",
  "due_date",
  "persona",
  "industry",
  "stage",
] as const;
type Column = (typeof BRIEF_CSV_COLUMNS)[number];

/** The columns every row of one brief must agree on. */
const BRIEF_COLUMNS = BRIEF_CSV_COLUMNS.filter(
  (c) => c !== "persona" && c !== "industry" && c !== "stage",
);

/** Most bytes an imported brief CSV may have (120 cells of long text fit easily). */
export const MAX_BRIEF_CSV_BYTES = 1024 * 1024;

const LIST_SEPARATOR = ";";

export function briefCsv(brief: CampaignBrief): string {
  const shared: Record<(typeof BRIEF_COLUMNS)[number], string> = {
    name: brief.name,
    objective: brief.objective,
    key_message: brief.keyMessage,
    fact_ids: brief.factIds.join(LIST_SEPARATOR),
    offer_awareness: brief.offers.awareness ?? "",
    offer_consideration: brief.offers.consideration ?? "",
    offer_decision: brief.offers.decision ?? "",
    assets: brief.assets.join(LIST_SEPARATOR),
    article_content_type: brief.articleContentType,
    languages: brief.languages.join(LIST_SEPARATOR),
    due_date: brief.dueDate ?? "",
  };
  const rows = brief.cells.map((cell) =>
    BRIEF_CSV_COLUMNS.map((column) => {
      if (column === "persona") return cell.personaId;
      if (column === "industry") return cell.industryId;
      if (column === "stage") return cell.buyingStage;
      return shared[column];
    }).map(escapeCsvFormula),
  );
  return stringify(rows, {
    header: true,
    columns: [...BRIEF_CSV_COLUMNS],
    bom: true,
    quoted_match: [...CSV_QUOTED_MATCH],
  });
}

/** The file name a brief is exported under: its name, reduced to safe characters. */
export function briefCsvFileName(brief: Pick<CampaignBrief, "name">): string {
  const slug = brief.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `brief-${slug || "export"}.csv`;
}

const listOf = (value: string) =>
  value
    .split(LIST_SEPARATOR)
    .map((v) => v.trim())
    .filter((v) => v !== "");

/** What reading a brief CSV gives: the brief, or every problem found, each naming its row. */
export type BriefCsvResult =
  { ok: true; input: CampaignBriefInput } | { ok: false; issues: FieldIssue[] };

/** `row 3.persona`: the file's line (the header is line 1) and the column. */
const at = (line: number, column: string) => `row ${line}.${column}`;

/**
 * Reads one brief from CSV text: every row is checked (unknown persona, industry, stage, fact,
 * offer, asset or language; brief fields that differ from the first row's) and every problem
 * reported, so a file is fixed in one pass. The brief is then checked as any saved brief is.
 */
export function readBriefCsv(text: string, refs: BriefReferences): BriefCsvResult {
  let upload: CsvUpload;
  try {
    upload = readCsvUpload(text, 64 * 1024);
  } catch (error) {
    const message = error instanceof Error ? error.message : "unreadable";
    return {
      ok: false,
      issues: [{ path: "file", message: `The file is not valid CSV: ${message}` }],
    };
  }
  const { columns: names, rows } = upload;
  const missing = BRIEF_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    return {
      ok: false,
      issues: [{ path: "file", message: `Missing columns: ${missing.join(", ")}.` }],
    };
  }
  if (rows.length === 0) {
    return {
      ok: false,
      issues: [{ path: "file", message: "The file has no rows (one per cell)." }],
    };
  }
  const issues: FieldIssue[] = [];
  const cellOf = (record: string[], column: Column) =>
    unescapeCsvFormula((record[names.indexOf(column)] ?? "").trim());

  const first = rows[0]!;
  rows.forEach((record, index) => {
    const line = index + 2;
    const value = (column: Column) => cellOf(record, column);
    if (!refs.personas.has(value("persona"))) {
      issues.push({ path: at(line, "persona"), message: `Unknown persona '${value("persona")}'.` });
    }
    if (!refs.industries.has(value("industry"))) {
      issues.push({
        path: at(line, "industry"),
        message: `Unknown industry '${value("industry")}'.`,
      });
    }
    if (!(BUYING_STAGES as readonly string[]).includes(value("stage"))) {
      issues.push({ path: at(line, "stage"), message: `Unknown stage '${value("stage")}'.` });
    }
    if (index > 0) {
      for (const column of BRIEF_COLUMNS) {
        if (value(column) !== cellOf(first, column)) {
          issues.push({
            path: at(line, column),
            message: `Differs from row 2: every row of a brief has the same ${column}.`,
          });
        }
      }
    }
  });
  // The brief's own fields, checked once (every row agrees or has been reported).
  const value = (column: Column) => cellOf(first, column);
  for (const id of listOf(value("fact_ids"))) {
    const problem = factProblem(refs, id);
    if (problem) issues.push({ path: at(2, "fact_ids"), message: problem });
  }
  const offers = {} as Record<BuyingStage, string | null>;
  for (const stage of BUYING_STAGES) {
    const name = value(`offer_${stage}`);
    offers[stage] = name || null;
    const problem = name ? offerProblem(refs, stage, name) : null;
    if (problem) issues.push({ path: at(2, `offer_${stage}`), message: problem });
  }
  for (const asset of listOf(value("assets"))) {
    if (!(KIT_ASSET_KINDS as readonly string[]).includes(asset)) {
      issues.push({ path: at(2, "assets"), message: `Unknown asset '${asset}'.` });
    }
  }
  for (const language of listOf(value("languages"))) {
    if (!(KIT_LANGUAGES as readonly string[]).includes(language)) {
      issues.push({ path: at(2, "languages"), message: `Unknown language '${language}'.` });
    }
  }
  if (issues.length > 0) return { ok: false, issues };

  const parsed = CampaignBriefInputSchema.safeParse({
    name: value("name"),
    objective: value("objective"),
    keyMessage: value("key_message"),
    factIds: listOf(value("fact_ids")),
    offers,
    cells: rows.map((record) => ({
      personaId: cellOf(record, "persona"),
      industryId: cellOf(record, "industry"),
      buyingStage: cellOf(record, "stage"),
    })),
    assets: listOf(value("assets")),
    articleContentType: value("article_content_type"),
    languages: listOf(value("languages")),
    dueDate: value("due_date") || null,
  });
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({
        path: csvPathOf(issue.path),
        message: issue.message,
      })),
    };
  }
  return { ok: true, input: parsed.data };
}

/** The CSV column of each input field the schema can refuse (the brief's own: row 2). */
const COLUMN_OF: Partial<Record<keyof CampaignBriefInput, Column>> = {
  name: "name",
  objective: "objective",
  keyMessage: "key_message",
  factIds: "fact_ids",
  assets: "assets",
  articleContentType: "article_content_type",
  languages: "languages",
  dueDate: "due_date",
  offers: "offer_awareness",
};

/** Where a schema issue is in the file: a cell's row, or the brief's column on row 2. */
function csvPathOf(path: readonly PropertyKey[]): string {
  const [field, index] = path;
  if (field === "cells") return typeof index === "number" ? at(index + 2, "persona") : "file.cells";
  return at(2, COLUMN_OF[field as keyof CampaignBriefInput] ?? String(field));
}
