import {
  GLOSSARY_CSV_COLUMNS,
  GLOSSARY_LIMITS,
  GlossaryTermInputSchema,
  escapeCsvFormula,
  glossaryKeyOf,
  type GlossaryImportRowError,
  type GlossaryTerm,
  type GlossaryTermInput,
} from "@content-studio/contract";
import { stringify } from "csv-stringify/sync";
import { readCsvUpload, unescapeCsvFormula, type CsvUpload } from "../../lib/csv-upload";

/** The glossary as CSV (header first), every cell escaped against formula injection. */
export function glossaryToCsv(terms: readonly GlossaryTerm[]): string {
  return stringify([
    [...GLOSSARY_CSV_COLUMNS],
    ...terms.map((t) =>
      [t.concept, t.locale, t.term, t.status, t.caseSensitive ? "true" : "false", t.note ?? ""].map(
        escapeCsvFormula,
      ),
    ),
  ]);
}

const TRUE = new Set(["true", "yes", "1", "y"]);
const FALSE = new Set(["false", "no", "0", "n", ""]);

export type ParsedGlossaryCsv =
  { ok: true; terms: GlossaryTermInput[] } | { ok: false; errors: GlossaryImportRowError[] };

/**
 * Reads an uploaded glossary: the header must name the columns concept, locale, term, status,
 * case_sensitive and note (any order; note and case_sensitive may be left out). Every row is
 * checked against the contract and against the other rows (the same concept, language and term
 * twice); all errors are returned so the file can be fixed in one go.
 */
export function parseGlossaryCsv(csv: string): ParsedGlossaryCsv {
  let upload: CsvUpload;
  try {
    upload = readCsvUpload(csv, 16 * 1024);
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { ok: false, errors: [{ line, message: "The file is not valid CSV." }] };
  }
  const { columns, rows } = upload;
  const missing = ["concept", "locale", "term", "status"].filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: [{ line: 1, message: `The header has no ${missing.join(", ")} column.` }],
    };
  }
  if (rows.length > GLOSSARY_LIMITS.maxTerms) {
    return {
      ok: false,
      errors: [{ line: 1, message: `At most ${GLOSSARY_LIMITS.maxTerms} rows per file.` }],
    };
  }
  const cell = (row: string[], name: string) => {
    const i = columns.indexOf(name);
    return i < 0 ? "" : unescapeCsvFormula((row[i] ?? "").trim());
  };
  const errors: GlossaryImportRowError[] = [];
  const terms: GlossaryTermInput[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const flag = cell(row, "case_sensitive").toLowerCase();
    if (!TRUE.has(flag) && !FALSE.has(flag)) {
      errors.push({ line, message: "case_sensitive must be true or false." });
      return;
    }
    const note = cell(row, "note");
    const parsed = GlossaryTermInputSchema.safeParse({
      concept: cell(row, "concept"),
      locale: cell(row, "locale").toLowerCase(),
      term: cell(row, "term"),
      status: cell(row, "status").toLowerCase(),
      caseSensitive: TRUE.has(flag),
      ...(note ? { note } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? "");
      errors.push({ line, message: rowMessage(field, issue.message) });
      return;
    }
    const key = glossaryKeyOf(parsed.data);
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line, message: `The same concept, language and term as line ${first}.` });
      return;
    }
    seen.set(key, line);
    terms.push(parsed.data);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, terms };
}

/** Zod's enum messages name the options; say which column and what it accepts instead. */
function rowMessage(field: string, message: string): string {
  if (field === "locale") return "locale must be one of en, de, fr, es, ja.";
  if (field === "status")
    return "status must be one of preferred, admitted, forbidden, do-not-translate.";
  return message;
}
