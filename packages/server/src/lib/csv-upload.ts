import { parse } from "csv-parse/sync";

/** An uploaded CSV file: its header's column names (trimmed, lower case) and its data rows. */
export interface CsvUpload {
  columns: string[];
  rows: string[][];
}

/**
 * Reads an uploaded CSV file: a byte-order mark is dropped, blank lines are skipped and rows
 * may have any number of cells. Throws csv-parse's error (its `lines` says where) when the
 * file is not valid CSV or a record is over `maxRecordSize` characters.
 */
export function readCsvUpload(text: string, maxRecordSize: number): CsvUpload {
  const records: string[][] = parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: maxRecordSize,
  });
  const [header, ...rows] = records;
  return { columns: (header ?? []).map((h) => h.trim().toLowerCase()), rows };
}

/** A cell as it was before an export escaped it against formula injection (`'=x` was `=x`). */
export function unescapeCsvFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
