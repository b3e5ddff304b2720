import { Readable } from "node:stream";
import {
  INTENT_IMPORT_LIMITS,
  SURGE_THRESHOLD,
  stageFromSurgeScore,
  type AccountIndustry,
  type BuyingStage,
  type ImportIssue,
  type ImportIssueCode,
  type IntentAccount,
  type IntentLayout,
} from "@content-studio/contract";
import { parse } from "csv-parse";
import {
  SIXSENSE_STAGE_SCORES,
  mapIndustry,
  mapPersona,
  mapStage,
  normaliseDomain,
  personasForTopic,
} from "./intent-mapping";

/** Issues kept in the report; the counts cover all of them. */
const MAX_REPORTED_ISSUES = 200;

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

function parseScore(raw: string): number | null {
  const value = raw.trim().replace(/%$/, "");
  if (!/^\d{1,3}(\.\d+)?$/.test(value)) return null;
  const n = Number(value);
  return n >= 0 && n <= 100 ? Math.round(n) : null;
}

/**
 * One account being assembled from its rows. A file may name 200,000 accounts, so a draft is
 * kept small: plain arrays instead of a Set and a Map each, topics interned per file.
 */
interface Draft {
  name: string;
  domain: string;
  industry: AccountIndustry;
  intent: number | null;
  stage: BuyingStage | null;
  /** null until the first persona. */
  personas: string[] | null;
  explicitPersonas: boolean;
  /** topic, score, topic, score, …; null until the first topic. */
  topics: (string | number)[] | null;
  country: string | null;
  /** The line that first named this account. */
  firstRow: number;
}

function addPersona(draft: Draft, persona: string) {
  if (!draft.personas) draft.personas = [persona];
  else if (!draft.personas.includes(persona)) draft.personas.push(persona);
}

/** Keeps a topic's highest score. */
function addTopic(draft: Draft, topic: string, score: number) {
  const topics = (draft.topics ??= []);
  for (let i = 0; i < topics.length; i += 2) {
    if (topics[i] === topic) {
      topics[i + 1] = Math.max(topics[i + 1] as number, score);
      return;
    }
  }
  topics.push(topic, score);
}

/** The account a draft stands for, with its strongest topics. */
function accountOf(d: Draft, layout: IntentLayout | null): IntentAccount {
  const topics: { topic: string; score: number }[] = [];
  const flat = d.topics ?? [];
  for (let i = 0; i < flat.length; i += 2)
    topics.push({ topic: flat[i] as string, score: flat[i + 1] as number });
  topics.sort((a, b) => b.score - a.score || a.topic.localeCompare(b.topic));
  topics.length = Math.min(topics.length, INTENT_IMPORT_LIMITS.maxTopicsPerAccount);
  const intent = d.intent ?? Math.max(0, ...topics.map((t) => t.score));
  if (!d.explicitPersonas && layout !== "bombora") {
    for (const t of topics)
      if (t.score >= SURGE_THRESHOLD) for (const p of personasForTopic(t.topic)) addPersona(d, p);
  }
  return {
    name: d.name,
    domain: d.domain,
    industry: d.industry,
    intent,
    buyingStage: d.stage ?? stageFromSurgeScore(intent),
    activePersonas: [...(d.personas ?? [])].sort(),
    topics,
    country: d.country,
  };
}

/**
 * Streams a CSV upload into accounts: detects the layout, validates each row (reasons with line
 * numbers), aggregates rows per domain (Bombora has one row per account and topic) and stops at
 * the first problem that makes the whole file unreadable. Memory holds the accounts, never the
 * file.
 */
export async function parseIntentCsv(source: AsyncIterable<Buffer>): Promise<ParsedIntentFile> {
  const issues: ImportIssue[] = [];
  let errorCount = 0;
  let warningCount = 0;
  const report = (
    row: number | null,
    code: ImportIssueCode,
    severity: "error" | "warning",
    params: Record<string, string | number> = {},
  ) => {
    if (severity === "error") errorCount += 1;
    else warningCount += 1;
    if (issues.length < MAX_REPORTED_ISSUES) issues.push({ row, code, severity, params });
  };

  const drafts = new Map<string, Draft>();
  /** Each topic's text once per file: a topic is named by thousands of accounts. */
  const words = new Map<string, string>();
  const intern = (word: string) => {
    const seen = words.get(word);
    if (seen !== undefined) return seen;
    words.set(word, word);
    return word;
  };
  /** Bombora: the line of each account × topic, so a repeated pair can be reported. */
  const topicRows = new Map<string, number>();
  const unknownIndustries = new Map<string, { mappedTo: AccountIndustry; rows: number }>();
  let layout: IntentLayout | null = null;
  let hasHeader = true;
  let columns: Columns = {};
  let width = 0;
  let rows = 0;
  let skippedRows = 0;
  let fatal = false;
  let ragged = false;
  let sawRecord = false;

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

  const handleRow = (record: string[], line: number) => {
    rows += 1;
    if (rows > INTENT_IMPORT_LIMITS.maxRows) {
      throw new FileProblem("file_too_many_rows", { limit: INTENT_IMPORT_LIMITS.maxRows });
    }
    if (record.length !== width) {
      ragged = true;
      skippedRows += 1;
      report(line, "row_ragged", "error", { found: record.length, expected: width });
      return;
    }
    const tooLong = record.findIndex((f) => f.length > INTENT_IMPORT_LIMITS.maxFieldChars);
    if (tooLong >= 0) {
      skippedRows += 1;
      report(line, "row_field_too_long", "error", {
        column: tooLong + 1,
        limit: INTENT_IMPORT_LIMITS.maxFieldChars,
      });
      return;
    }
    const cell = (c: keyof Columns) => {
      const i = columns[c];
      return i === undefined ? "" : (record[i] ?? "").trim();
    };
    const name = cell("name");
    const rawDomain = cell("domain");
    if (!rawDomain) {
      skippedRows += 1;
      report(line, "row_missing_domain", "error");
      return;
    }
    const domain = normaliseDomain(rawDomain);
    if (!domain) {
      skippedRows += 1;
      report(line, "row_invalid_domain", "error", { value: rawDomain.slice(0, 100) });
      return;
    }
    if (!name) {
      skippedRows += 1;
      report(line, "row_missing_name", "error");
      return;
    }

    let score: number | null = null;
    const rawScore = cell("score");
    if (columns.score !== undefined && (layout !== "6sense" || rawScore !== "")) {
      score = parseScore(rawScore);
      if (score === null) {
        skippedRows += 1;
        report(line, "row_invalid_score", "error", { value: rawScore.slice(0, 100) });
        return;
      }
    }
    let stage: BuyingStage | null = null;
    if (layout !== "bombora") {
      const rawStage = cell("stage") || cell("stageStart");
      stage = rawStage ? mapStage(rawStage) : null;
      if (!stage) {
        skippedRows += 1;
        report(line, "row_unknown_stage", "error", { value: rawStage.slice(0, 100) });
        return;
      }
      if (score === null) score = SIXSENSE_STAGE_SCORES[clean(rawStage)] ?? 0;
    }

    const rawIndustry = cell("industry");
    const industry = mapIndustry(rawIndustry);
    if (!industry.exact) {
      const key = rawIndustry || "(blank)";
      const seen = unknownIndustries.get(key);
      if (seen) seen.rows += 1;
      else unknownIndustries.set(key, { mappedTo: industry.id, rows: 1 });
      report(line, "row_unknown_industry", "warning", {
        value: key.slice(0, 100),
        mappedTo: industry.id,
      });
    }

    let draft = drafts.get(domain);
    if (!draft) {
      draft = {
        name,
        domain,
        industry: industry.id,
        intent: null,
        stage: null,
        personas: null,
        explicitPersonas: false,
        topics: null,
        country: null,
        firstRow: line,
      };
      drafts.set(domain, draft);
    } else {
      // One row per account, except Bombora (one per account and topic): a second row is
      // combined with the first and reported.
      if (layout !== "bombora") {
        report(line, "row_duplicate_domain", "warning", {
          domain,
          firstRow: draft.firstRow,
        });
      }
      draft.name = name;
      draft.industry = industry.id;
    }
    const country = cell("country");
    if (country) draft.country = country;

    if (layout === "bombora") {
      const topic = cell("topic");
      if (topic && score !== null) {
        const key = topic.replace(/\s+/g, " ");
        const pair = `${domain}\n${key}`;
        const seenAt = topicRows.get(pair);
        if (seenAt === undefined) topicRows.set(pair, line);
        else
          report(line, "row_duplicate_domain", "warning", {
            domain,
            firstRow: seenAt,
            topic: key.slice(0, 100),
          });
        addTopic(draft, intern(key), score);
      }
      const category = cell("category");
      if (score !== null && score >= SURGE_THRESHOLD) {
        for (const p of [...personasForTopic(topic), ...personasForTopic(category)])
          addPersona(draft, p);
      }
      return;
    }

    draft.intent = score;
    draft.stage = stage;
    const rawPersonas = cell("personas");
    if (rawPersonas) {
      draft.explicitPersonas = true;
      for (const raw of rawPersonas.split(/[;|]/)) {
        const value = raw.trim();
        if (!value) continue;
        const persona = mapPersona(value);
        if (persona) addPersona(draft, persona);
        else report(line, "row_unknown_persona", "warning", { value: value.slice(0, 100) });
      }
    }
    for (const raw of cell("keywords").split(/[;|]/)) {
      const m = /^(.*?)(?::\s*(\d{1,3}(?:\.\d+)?))?$/.exec(raw.trim());
      const keyword = (m?.[1] ?? "").trim().replace(/\s+/g, " ");
      if (!keyword) continue;
      const weight = m?.[2] !== undefined ? parseScore(m[2]) : score;
      addTopic(draft, intern(keyword), weight ?? 0);
    }
  };

  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const { record, info } = item;
      if (!sawRecord) {
        sawRecord = true;
        if (record.length === 1 && (record[0] ?? "").includes(";")) {
          throw new FileProblem("file_semicolon_delimiter");
        }
        const detected = detectHeader(record);
        if (detected) {
          layout = detected.layout;
          columns = detected.columns;
          width = record.length;
          continue;
        }
        if (looksLikeHeaderlessBombora(record)) {
          layout = "bombora";
          hasHeader = false;
          width = BOMBORA_ORDER.length;
          columns = { name: 0, domain: 1, industry: 3, category: 4, topic: 5, score: 6 };
        } else {
          throw new FileProblem("file_unknown_layout", {
            columns: record
              .slice(0, 12)
              .map((c) => c.slice(0, 40))
              .join(", "),
          });
        }
      }
      handleRow(record, info.lines);
    }
    if (!sawRecord) throw new FileProblem("file_empty");
    if (rows === 0) throw new FileProblem("file_header_only");
  } catch (error) {
    fatal = true;
    parser.destroy();
    input.destroy();
    if (error instanceof FileProblem) {
      report(null, error.code, "error", error.params);
    } else {
      const e = error as { code?: unknown; lines?: unknown };
      const line = typeof e.lines === "number" ? e.lines : 0;
      if (e.code === "CSV_QUOTE_NOT_CLOSED") report(line, "file_unclosed_quote", "error", { line });
      else if (e.code === "CSV_MAX_RECORD_SIZE")
        report(line, "file_record_too_long", "error", {
          line,
          limit: INTENT_IMPORT_LIMITS.maxRecordChars,
        });
      else if (
        e.code === "CSV_INVALID_CLOSING_QUOTE" ||
        e.code === "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE" ||
        e.code === "INVALID_OPENING_QUOTE"
      )
        report(line, "file_malformed_quote", "error", { line });
      else throw error;
    }
  }
  // A misaligned row means columns cannot be trusted anywhere in the file.
  if (ragged) fatal = true;

  if (!fatal && drafts.size === 0) {
    fatal = true;
    report(null, "file_no_accounts", "error");
  }
  words.clear();

  return {
    layout,
    hasHeader,
    fatal,
    rows,
    skippedRows,
    accountCount: fatal ? 0 : drafts.size,
    takeAccounts: function* () {
      if (fatal) return;
      // Each draft is let go as its account is handed out, so the two never coexist in full.
      for (const [domain, draft] of drafts) {
        drafts.delete(domain);
        yield accountOf(draft, layout);
      }
    },
    issues,
    errorCount,
    warningCount,
    unknownIndustries: [...unknownIndustries].map(([value, v]) => ({ value, ...v })),
  };
}
