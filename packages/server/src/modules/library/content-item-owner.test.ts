import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../..");
const LIBRARY = "modules/library/";
/** The library's tables: an item, its versions and its history. */
const TABLE = String.raw`content_item(?:_version|_event)?`;
/** Kysely's writes and the raw SQL ones, naming one of the tables. */
const WRITES = [
  new RegExp(
    String.raw`\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*["'\`]${TABLE}(?:\s+as\s+\w+)?["'\`]`,
  ),
  new RegExp(String.raw`\b(?:insert\s+into|update|delete\s+from)\s+${TABLE}\b`, "i"),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test(-support)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Files under packages/server/src (migrations aside) that write one of `TABLE`'s tables. */
function writersOf(files: { path: string; text: string }[]): string[] {
  return files
    .filter((f) => !f.path.startsWith("db/migrations/"))
    .filter((f) => WRITES.some((pattern) => pattern.test(f.text)))
    .map((f) => f.path);
}

describe("content_item has one owner", () => {
  it("only the library module writes items, their versions and their history", () => {
    const files = sourceFiles(SRC).map((path) => ({
      path: relative(SRC, path).split("\\").join("/"),
      text: readFileSync(path, "utf8"),
    }));
    const writers = writersOf(files);
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.filter((path) => !path.startsWith(LIBRARY))).toEqual([]);
  });

  it("would catch a write from another module", () => {
    const writes = [
      'await db.insertInto("content_item").values(row).execute();',
      "await trx.updateTable('content_item_version').set(v).execute();",
      'db.deleteFrom("content_item as c")',
      "sql`update content_item set status = 'draft'`",
      "sql`delete from content_item_event where id = ${id}`",
    ];
    for (const text of writes) {
      expect(writersOf([{ path: "modules/content/generate.ts", text }]), text).toEqual([
        "modules/content/generate.ts",
      ]);
    }
    // Reads are anyone's: a report joins items without owning them.
    const reads = 'db.selectFrom("content_item").select("id"); sql`select * from content_item`';
    expect(writersOf([{ path: "modules/audience/a.ts", text: reads }])).toEqual([]);
  });
});
