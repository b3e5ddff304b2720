import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { migrationProvider } from ".";
import landed from "./landed.json";

/**
 * Landed migrations are frozen: a database that ran one never runs it again, so an edit would
 * leave databases that differ by when they were made. Each landed file's SHA-256 is recorded in
 * landed.json; a new migration is added there (and to index.ts) when it lands, with a name that
 * sorts after every landed one (Kysely runs migrations in name order).
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const NAME = /^\d{4}-\d{2}-\d{2}-\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*$/;

function migrationFiles(): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && f !== "index.ts" && !f.endsWith(".test.ts"))
    .map((f) => f.slice(0, -".ts".length))
    .sort();
}

const sha256 = (text: Buffer | string) => createHash("sha256").update(text).digest("hex");

/** The files whose content differs from the recorded one, or that are not recorded. */
function changedOrUnrecorded(read: (name: string) => Buffer | string): string[] {
  const recorded = new Map(landed.map((m) => [m.name, m.sha256]));
  return migrationFiles().filter((name) => recorded.get(name) !== sha256(read(name)));
}

const readFile = (name: string) => fs.readFileSync(path.join(dir, `${name}.ts`));

describe("landed migrations", () => {
  it("are named by timestamp and recorded in name order, each file exactly once", async () => {
    const names = landed.map((m) => m.name);
    for (const name of names) expect(name).toMatch(NAME);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    expect(migrationFiles()).toEqual(names);
    expect(Object.keys(await migrationProvider.getMigrations()).sort()).toEqual(names);
  });

  it("are unchanged since they landed", () => {
    expect(
      changedOrUnrecorded(readFile),
      "a landed migration changed (add a new migration instead), or a new one is not in landed.json",
    ).toEqual([]);
  });

  it("would notice an edit of any landed migration", () => {
    // The check itself: change one character of each file in turn.
    for (const name of migrationFiles()) {
      const edited = (n: string) =>
        n === name ? readFile(n).toString("utf8").replace(/;/, ";\n") : readFile(n);
      expect(changedOrUnrecorded(edited)).toEqual([name]);
    }
  });
});
