import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The only files that may name Tailwind's blue scale: the status palette (In review is blue
 * whatever the accent) and the dark theme, which re-points that scale. Everything else uses
 * the accent tokens (bg-primary, text-primary-text, ring-primary, …; see index.css).
 */
const ALLOWED = new Set(["components/ui/status-badge.tsx", "index.css"]);

/** A Tailwind colour class or variable on the blue scale: `bg-blue-600`, `ring-blue-500/30`. */
const BLUE_CLASS = /[\w:-]*-blue-(?:50|[1-9]00|950)\b/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("theme tokens", () => {
  it("recognises a hard-coded blue class", () => {
    expect("px-2 bg-blue-600 hover:text-blue-700 ring-blue-500/30".match(BLUE_CLASS)).toEqual([
      "bg-blue-600",
      "hover:text-blue-700",
      "ring-blue-500",
    ]);
    expect('data-accent="blue"'.match(BLUE_CLASS)).toBeNull();
  });

  it("keeps blue classes out of every screen but the status palette", () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    for (const allowed of ALLOWED) expect(fs.existsSync(path.join(SRC, allowed))).toBe(true);

    const offenders = files
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => {
        const found = fs.readFileSync(path.join(SRC, file), "utf8").match(BLUE_CLASS) ?? [];
        return found.map((cls) => `${file}: ${cls}`);
      });
    expect(offenders).toEqual([]);
  });
});
