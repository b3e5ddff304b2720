import { Readable } from "node:stream";
import {
  INTENT_IMPORT_LIMITS,
  type AccountIndustry,
  type BuyingStage,
  type ImportIssue,
  type ImportIssueCode,
  type IntentAccount,
  type IntentLayout,
} from "@content-studio/contract";
import { parse } from "csv-parse";
import { AccountDrafts, IssueLog, parseScore, type AccountRow } from "./intent-accounts";
import { SIXSENSE_STAGE_SCORES, mapIndustry, mapStage, normaliseDomain } from "./intent-mapping";

export interface ParsedIntentFile {
  layout: IntentLayout | null;
  hasHeader: boolean;
  /** A problem with the whole file: nothing can be imported. */
  fatal: boolean;
  rows: number;
  skippedRows: number;
  accountCount: number;
  /** The accounts, once: each is assembled as it is taken (none when the file is fatal). */
  takeAccounts: () => Generator<IntentAccount>;
  issues: ImportIssue[];
  errorCount: number;
  warningCount: number;
  unknownIndustries: { value: string; mappedTo: AccountIndustry; rows: number }[];
}

class FileProblem extends Error {
  constructor(
    readonly code: ImportIssueCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

/** Index of the first byte that cannot start or continue valid UTF-8, or -1. */
function firstInvalidUtf8(buf: Buffer): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    let extra: number;
    if (b < 0x80) {
      i += 1;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) extra = 1;
    else if (b >= 0xe0 && b <= 0xef) extra = 2;
    else if (b >= 0xf0 && b <= 0xf4) extra = 3;
    else return i;
    if (i + extra >= buf.length) return -1; // continues in the next chunk
    for (let k = 1; k <= extra; k++) if ((buf[i + k]! & 0xc0) !== 0x80) return i;
    i += extra + 1;
  }
  return -1;
}

/**
 * Bytes → checked UTF-8 text: refuses binary data (NUL bytes), invalid UTF-8 and files over the
 * size cap, counting bytes and lines so the problem can be located.
 */
async function* decodeText(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  let lines = 1;
  for await (const chunk of source) {
    if (bytes + chunk.length > INTENT_IMPORT_LIMITS.maxFileBytes) {
      throw new FileProblem("file_too_large", {
        limitMiB: INTENT_IMPORT_LIMITS.maxFileBytes / 1024 / 1024,
      });
    }
    if (chunk.includes(0)) throw new FileProblem("file_binary");
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      const at = firstInvalidUtf8(chunk);
      const before = at >= 0 ? chunk.subarray(0, at) : chunk;
      let line = lines;
      for (const byte of before) if (byte === 0x0a) line += 1;
      throw new FileProblem("file_invalid_utf8", { line });
    }
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
    bytes += chunk.length;
    yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw new FileProblem("file_invalid_utf8", { line: lines });
  }
}

type Column = "name" | "domain" | "industry" | "score" | "stage" | "personas" | "keywords";
type Columns = Partial<Record<Column | "category" | "topic" | "country" | "stageStart", number>>;

const BOMBORA_ORDER = ["name", "domain", "size", "industry", "category", "topic", "score"];

const clean = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");

/** The layout a header names, with the column of each field. */
function detectHeader(
  header: string[],
): { layout: IntentLayout; columns: Columns; required: number[] } | null {
  const cells = header.map(clean);
  const at = (...names: string[]) => {
    const i = cells.findIndex((c) => names.includes(c));
    return i >= 0 ? i : undefined;
  };
  const matching = (re: RegExp) => {
    const i = cells.findIndex((c) => re.test(c));
    return i >= 0 ? i : undefined;
  };
  const name6 = at("6sense company name");
  const domain6 = at("6sense domain");
  if (name6 !== undefined && domain6 !== undefined) {
    const columns: Columns = {
      name: name6,
      domain: domain6,
      country: at("6sense country"),
      industry: at("industry", "6sense industry"),
      stage: at("buying stage: end", "6sense buying stage: end"),
      stageStart: at("buying stage: start", "6sense buying stage: start"),
      score: matching(/intent score/),
      // The README's header ends in "Keyword(s)"; exports also write "Keywords" or "Keyword".
      keywords: matching(/keyword(?:s|\(s\))?$/),
    };
    return { layout: "6sense", columns, required: [name6, domain6] };
  }
  const name = at("company name", "company");
  const domain = at("domain", "company domain", "website");
  const topic = at("topic", "topic name");
  const composite = at("composite score", "compositescore", "score");
  if (
    name !== undefined &&
    domain !== undefined &&
    topic !== undefined &&
    composite !== undefined
  ) {
    return {
      layout: "bombora",
      columns: {
        name,
        domain,
        industry: at("industry"),
        category: at("category", "topic category"),
        topic,
        score: composite,
      },
      required: [name, domain, topic, composite],
    };
  }
  const intent = at("intent score", "intent");
  const stage = at("buying stage", "stage");
  if (name !== undefined && domain !== undefined && intent !== undefined && stage !== undefined) {
    return {
      layout: "template",
      columns: {
        name,
        domain,
        industry: at("industry"),
        score: intent,
        stage,
        personas: at("personas", "active personas"),
        keywords: at("keywords", "topics", "top keywords"),
      },
      required: [name, domain, intent, stage],
    };
  }
  return null;
}

/** A first record that is itself a Bombora data row (the export without a header). */
function looksLikeHeaderlessBombora(record: string[]): boolean {
  return (
    record.length === BOMBORA_ORDER.length &&
    normaliseDomain(record[1] ?? "") !== null &&
    /^\d{1,3}(\.\d+)?$/.test((record[6] ?? "").trim())
  );
}

/** What the first record says about a file: its layout, columns and whether it has a header. */
interface FileShape {
  layout: IntentLayout;
  hasHeader: boolean;
  columns: Columns;
  width: number;
}

export function shapeOf(first: string[]): FileShape {
  if (first.length === 1 && (first[0] ?? "").includes(";")) {
    throw new FileProblem("file_semicolon_delimiter");
  }
  const detected = detectHeader(first);
  if (detected) {
    const { layout, columns } = detected;
    return { layout, columns, hasHeader: true, width: first.length };
  }
  if (looksLikeHeaderlessBombora(first)) {
    return {
      layout: "bombora",
      hasHeader: false,
      width: BOMBORA_ORDER.length,
      columns: { name: 0, domain: 1, industry: 3, category: 4, topic: 5, score: 6 },
    };
  }
  throw new FileProblem("file_unknown_layout", {
    columns: first
      .slice(0, 12)
      .map((c) => c.slice(0, 40))
      .join(", "),
  });
}

type RowCheck =
  | { ok: true; row: AccountRow; unknownIndustry: string | null }
  | { ok: false; code: ImportIssueCode; params?: Record<string, string | number> };

/** One data row against the file's shape: the account row it gives, or why it is skipped. */
export function checkRow(record: string[], line: number, shape: FileShape): RowCheck {
  const { layout, columns } = shape;
  if (record.length !== shape.width) {
    return {
      ok: false,
      code: "row_ragged",
      params: { found: record.length, expected: shape.width },
    };
  }
  const tooLong = record.findIndex((f) => f.length > INTENT_IMPORT_LIMITS.maxFieldChars);
  if (tooLong >= 0) {
    return {
      ok: false,
      code: "row_field_too_long",
      params: { column: tooLong + 1, limit: INTENT_IMPORT_LIMITS.maxFieldChars },
    };
  }
  const cell = (c: keyof Columns) => {
    const i = columns[c];
    return i === undefined ? "" : (record[i] ?? "").trim();
  };
  const name = cell("name");
  const rawDomain = cell("domain");
  if (!rawDomain) return { ok: false, code: "row_missing_domain" };
  const domain = normaliseDomain(rawDomain);
  if (!domain) {
    return { ok: false, code: "row_invalid_domain", params: { value: rawDomain.slice(0, 100) } };
  }
  if (!name) return { ok: false, code: "row_missing_name" };

  let score: number | null = null;
  const rawScore = cell("score");
  if (columns.score !== undefined && (layout !== "6sense" || rawScore !== "")) {
    score = parseScore(rawScore);
    if (score === null) {
      return { ok: false, code: "row_invalid_score", params: { value: rawScore.slice(0, 100) } };
    }
  }
  let stage: BuyingStage | null = null;
  if (layout !== "bombora") {
    const rawStage = cell("stage") || cell("stageStart");
    stage = rawStage ? mapStage(rawStage) : null;
    if (!stage) {
      return { ok: false, code: "row_unknown_stage", params: { value: rawStage.slice(0, 100) } };
    }
    if (score === null) score = SIXSENSE_STAGE_SCORES[clean(rawStage)] ?? 0;
  }
  const rawIndustry = cell("industry");
  const industry = mapIndustry(rawIndustry);
  return {
    ok: true,
    unknownIndustry: industry.exact ? null : rawIndustry || "(blank)",
    row: {
      line,
      name,
      domain,
      industry: industry.id,
      score,
      stage,
      country: cell("country"),
      personas: cell("personas"),
      keywords: cell("keywords"),
      topic: cell("topic"),
      category: cell("category"),
    },
  };
}

/** csv-parse's errors that describe the file, as the report's codes. */
function fileProblemOf(error: unknown): { line: number; code: ImportIssueCode } | null {
  const e = error as { code?: unknown; lines?: unknown };
  const line = typeof e.lines === "number" ? e.lines : 0;
  switch (e.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return { line, code: "file_unclosed_quote" };
    case "CSV_MAX_RECORD_SIZE":
      return { line, code: "file_record_too_long" };
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
    case "INVALID_OPENING_QUOTE":
      return { line, code: "file_malformed_quote" };
    default:
      return null;
  }
}

/**
 * Streams a CSV upload into accounts: detects the layout, checks each row (reasons with line
 * numbers), assembles rows per domain (Bombora has one row per account and topic) and stops at
 * the first problem that makes the whole file unreadable. Memory holds the accounts, compactly,
 * never the file.
 */
export async function parseIntentCsv(source: AsyncIterable<Buffer>): Promise<ParsedIntentFile> {
  const log = new IssueLog();
  const unknownIndustries = new Map<string, { mappedTo: AccountIndustry; rows: number }>();
  let shape: FileShape | null = null;
  let accounts: AccountDrafts | null = null;
  const counts = { rows: 0, skippedRows: 0 };
  let fatal = false;
  /** A misaligned row means columns cannot be trusted anywhere in the file. */
  let ragged = false;

  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: INTENT_IMPORT_LIMITS.maxRecordChars,
  });
  const input = Readable.from(decodeText(source));
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);

  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!shape) {
        shape = shapeOf(record);
        accounts = new AccountDrafts(shape.layout, log);
        if (shape.hasHeader) continue;
      }
      counts.rows += 1;
      if (counts.rows > INTENT_IMPORT_LIMITS.maxRows) {
        throw new FileProblem("file_too_many_rows", { limit: INTENT_IMPORT_LIMITS.maxRows });
      }
      const checked = checkRow(record, info.lines, shape);
      if (!checked.ok) {
        counts.skippedRows += 1;
        if (checked.code === "row_ragged") ragged = true;
        log.report(info.lines, checked.code, "error", checked.params);
        continue;
      }
      if (checked.unknownIndustry !== null) {
        const key = checked.unknownIndustry;
        const seen = unknownIndustries.get(key);
        if (seen) seen.rows += 1;
        else unknownIndustries.set(key, { mappedTo: checked.row.industry, rows: 1 });
        log.report(info.lines, "row_unknown_industry", "warning", {
          value: key.slice(0, 100),
          mappedTo: checked.row.industry,
        });
      }
      accounts!.add(checked.row);
    }
    if (!shape) throw new FileProblem("file_empty");
    if (counts.rows === 0) throw new FileProblem("file_header_only");
  } catch (error) {
    fatal = true;
    parser.destroy();
    input.destroy();
    if (error instanceof FileProblem) {
      log.report(null, error.code, "error", error.params);
    } else {
      const problem = fileProblemOf(error);
      if (!problem) throw error;
      const params: Record<string, number> = { line: problem.line };
      if (problem.code === "file_record_too_long")
        params.limit = INTENT_IMPORT_LIMITS.maxRecordChars;
      log.report(problem.line, problem.code, "error", params);
    }
  }
  if (ragged) fatal = true;
  if (!fatal && (accounts?.size ?? 0) === 0) {
    fatal = true;
    log.report(null, "file_no_accounts", "error");
  }

  return {
    layout: shape?.layout ?? null,
    hasHeader: shape?.hasHeader ?? true,
    fatal,
    rows: counts.rows,
    skippedRows: counts.skippedRows,
    accountCount: fatal ? 0 : (accounts?.size ?? 0),
    takeAccounts: function* () {
      if (!fatal && accounts) yield* accounts.take();
    },
    issues: log.issues,
    errorCount: log.errorCount,
    warningCount: log.warningCount,
    unknownIndustries: [...unknownIndustries].map(([value, v]) => ({ value, ...v })),
  };
}
