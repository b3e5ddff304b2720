import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helper";
import { exampleMarkdown, MALFORMED_FILES } from "../../../test/fixtures/examples";
import {
  categoryFromPath,
  parseExampleFile,
  serializeExample,
  type ParsedExample,
  type ReferenceLookup,
} from "./example-file";
import { buildReferenceLookup } from "./ingest.service";

const bytes = (text: string | Buffer) => (typeof text === "string" ? Buffer.from(text) : text);

describe("example file parser", () => {
  let database: TestDatabase;
  let lookup: ReferenceLookup;
  beforeAll(async () => {
    database = await createTestDatabase();
    lookup = await buildReferenceLookup(database.db);
  });
  afterAll(() => database.destroy());

  const parse = (text: string | Buffer, relPath = "good/example.md") =>
    parseExampleFile(bytes(text), relPath, lookup);
  const parseOk = (text: string | Buffer, relPath = "good/example.md"): ParsedExample => {
    const result = parse(text, relPath);
    if (!result.ok) throw new Error(`expected a valid file, got: ${result.reason}`);
    return result.example;
  };

  it("parses a valid file into every field", () => {
    const example = parseOk(exampleMarkdown(), "benchmarks/good/guide.md");
    expect(example).toEqual({
      id: undefined,
      category: "good",
      title: "Cutting ECOs with should-cost reviews",
      contentType: "technical-guide",
      personaId: "director-engineering",
      industryId: "industrial",
      buyingStage: "consideration",
      tags: ["should-cost", "dfm"],
      notes: "Practical and specific.",
      headline: "A gate-by-gate method for should-cost in design reviews.",
      introduction: "Most teams see cost only at the end.",
      body: "### Step 1\n\nSet targets at part level.\n\n- one\n- two",
      conclusion: "Download the template.",
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
    });
  });

  it("parses every file of the sample repository", () => {
    const root = path.resolve(import.meta.dirname, "../../../../../examples");
    const files = ["good", "bad"].flatMap((dir) =>
      fs.readdirSync(path.join(root, dir)).map((name) => `${dir}/${name}`),
    );
    expect(files).toHaveLength(28);
    for (const rel of files) {
      const result = parse(fs.readFileSync(path.join(root, rel)), rel);
      expect(result, rel).toMatchObject({ ok: true, example: { category: rel.split("/")[0] } });
    }
  });

  describe.each(Object.entries(MALFORMED_FILES))("%s", (relPath, { content, reason }) => {
    it("is refused with its reason", () => {
      const result = parse(content, relPath);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      if (typeof reason === "string") expect(result.reason).toBe(reason);
      else expect(result.reason).toMatch(reason);
    });
  });

  it("says which front matter field is wrong", () => {
    expect(parse(exampleMarkdown({ contentType: "poem" }))).toEqual({
      ok: false,
      reason:
        "bad front matter: unknown contentType 'poem' (use thought-leadership, case-study, technical-guide, industry-report)",
    });
    expect(parse(exampleMarkdown().replace(/^persona: .*\n/m, ""))).toEqual({
      ok: false,
      reason: "bad front matter: persona is required",
    });
    expect(parse(exampleMarkdown({ buyingStage: "purchase" }))).toEqual({
      ok: false,
      reason: "bad front matter: unknown buyingStage 'purchase'",
    });
    expect(parse("---\n- just\n- a list\n---\n")).toEqual({
      ok: false,
      reason: "bad front matter: expected key: value pairs",
    });
    expect(parse("---js\ntitle: x\n---\n")).toEqual({
      ok: false,
      reason: "bad front matter: the first line must be exactly '---'",
    });
  });

  it("requires the four sections once each and not empty", () => {
    const md = exampleMarkdown();
    expect(parse(md.replace("## Conclusion", "## Summary"))).toEqual({
      ok: false,
      reason: "missing section '## Conclusion'",
    });
    expect(parse(md.replace("Download the template.", ""))).toEqual({
      ok: false,
      reason: "empty section '## Conclusion'",
    });
    expect(parse(`${md}\n## Body\n\nagain\n`)).toEqual({
      ok: false,
      reason: "duplicate section '## Body'",
    });
  });

  it("never runs code from `---js` front matter", () => {
    const marker = path.join(os.tmpdir(), `PWNED-${randomBytes(8).toString("hex")}`);
    const attack = [
      "---js",
      `{ title: require('fs').writeFileSync(${JSON.stringify(marker)}, 'x') }`,
      "---",
      "",
      "## Headline\n\nx\n\n## Introduction\n\nx\n\n## Body\n\nx\n\n## Conclusion\n\nx\n",
    ].join("\n");
    const result = parse(attack);
    expect(result.ok).toBe(false);
    expect(fs.existsSync(marker)).toBe(false);
    // The same code in an ordinary block, and js-yaml's old function tag, are only data or errors.
    const inline = parse(
      exampleMarkdown().replace(
        /^title: .*$/m,
        `title: "require('fs').writeFileSync(${JSON.stringify(marker).slice(1, -1)}, 'x')"`,
      ),
    );
    expect(inline.ok).toBe(true);
    const tagged = parse(
      exampleMarkdown().replace(
        /^notes: .*$/m,
        `notes: !!js/function "function () { require('fs').writeFileSync('${marker}', 'x') }"`,
      ),
    );
    expect(tagged).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^bad front matter/) as unknown,
    });
    expect(fs.existsSync(marker)).toBe(false);
  });

  it("refuses a YAML alias bomb (billion laughs) quickly", () => {
    const levels = "abcdefghi".split("");
    const lines = [`${levels[0]}: &${levels[0]} [${Array(9).fill('"lol"').join(", ")}]`];
    for (let i = 1; i < levels.length; i++) {
      const prev = levels[i - 1]!;
      lines.push(`${levels[i]}: &${levels[i]} [${Array(9).fill(`*${prev}`).join(", ")}]`);
    }
    const bomb = exampleMarkdown().replace(/^---\n/, `---\n${lines.join("\n")}\n`);
    const started = performance.now();
    const result = parse(bomb);
    const elapsed = performance.now() - started;
    expect(result).toEqual({ ok: false, reason: "bad front matter: YAML aliases are not allowed" });
    expect(elapsed).toBeLessThan(1000);
  });

  it("refuses deeply nested front matter without overflowing the stack", () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const result = parse(exampleMarkdown().replace(/^notes: .*$/m, `notes: ${deep}`));
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^bad front matter/) as unknown,
    });
  });

  it("accepts persona and industry by id, title or name, in any case", () => {
    const cases: [string, string, string, string][] = [
      ["vp-engineering", "aerospace", "vp-engineering", "aerospace"],
      ["VP of Engineering", "High-Tech", "vp-engineering", "high-tech"],
      ["  director of ENGINEERING ", "AUTOMOTIVE", "director-engineering", "automotive"],
      ["cto", "industrial", "cto", "industrial"],
      ["PRODUCT-MANAGER", "high-TECH", "product-manager", "high-tech"],
    ];
    for (const [persona, industry, personaId, industryId] of cases) {
      expect(parseOk(exampleMarkdown({ persona, industry }))).toMatchObject({
        personaId,
        industryId,
      });
    }
    expect(parseOk(exampleMarkdown({ industry: null })).industryId).toBeNull();
    expect(parseOk(exampleMarkdown({ buyingStage: null })).buyingStage).toBeNull();
  });

  it("reads tags from a list or a comma-separated string, trimmed and lower-cased", () => {
    expect(parseOk(exampleMarkdown({ tags: [" Should-Cost ", "DFM", "dfm", ""] })).tags).toEqual([
      "should-cost",
      "dfm",
    ]);
    expect(parseOk(exampleMarkdown({ tags: "Should-Cost, ,DFM ,  ECO" })).tags).toEqual([
      "should-cost",
      "dfm",
      "eco",
    ]);
    expect(parseOk(exampleMarkdown().replace(/^tags: .*\n/m, "")).tags).toEqual([]);
  });

  it("takes the category from the nearest good/ or bad/ folder", () => {
    expect(categoryFromPath("good/a.md")).toBe("good");
    expect(categoryFromPath("x/Bad/a.md")).toBe("bad");
    expect(categoryFromPath("good/archive/bad/a.md")).toBe("bad");
    expect(categoryFromPath("good.md")).toBeUndefined();
    expect(categoryFromPath("goodies/a.md")).toBeUndefined();
  });

  it("accepts a BOM and Windows line endings, and hashes the bytes", () => {
    const md = exampleMarkdown();
    const plain = parseOk(md);
    const windows = parseOk(`\ufeff${md.replace(/\n/g, "\r\n")}`);
    expect({ ...windows, contentHash: "" }).toEqual({ ...plain, contentHash: "" });
    expect(windows.contentHash).not.toBe(plain.contentHash);
  });

  it("round-trips through serializeExample", () => {
    const original = {
      id: "ex-1",
      title: 'Quotes "and" colons: # not a comment',
      contentType: "case-study",
      personaId: "cto",
      industryId: "automotive",
      buyingStage: "decision",
      tags: ["should-cost", "tier-1", "eco"],
      notes: "Line one.\nLine two: with 'quotes' and ünïcode ✓",
      headline: "How a tier-1 supplier cut ECOs by 40%",
      introduction: "Intro with **bold** and a [link](https://example.com).",
      body: "### Results\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n\n> quote\n\n```yaml\nkey: value\n```",
      conclusion: "Book a demo.",
    };
    const again = parseOk(serializeExample(original), "bad/round-trip.md");
    expect(again).toEqual({
      ...original,
      category: "bad",
      contentHash: expect.any(String) as unknown,
    });

    const minimal = { ...original, industryId: null, buyingStage: null, tags: [], notes: "" };
    expect(parseOk(serializeExample(minimal))).toMatchObject({
      industryId: null,
      buyingStage: null,
      tags: [],
      notes: "",
    });
  });
});
