import { createHash } from "node:crypto";
import {
  BUYING_STAGES,
  CONTENT_TYPES,
  EXAMPLE_MAX_FILE_BYTES,
  splitTags,
  type BuyingStage,
  type ContentType,
  type ExampleCategory,
} from "@content-studio/contract";
import { constructFromEvents, EVENT_ID, parseEvents } from "js-yaml";
import { z } from "zod";

/**
 * The example file format: YAML front matter between `---` lines, then the sections
 * `## Headline`, `## Introduction`, `## Body`, `## Conclusion`. The category comes from the
 * nearest `good/` or `bad/` folder. README.md documents it with a full example.
 */
/** The tags, notes and four sections: read from and written to a file alike. */
interface ExampleText {
  tags: string[];
  notes: string;
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
}

export interface ParsedExample extends ExampleText {
  /** Optional stable id from the front matter. */
  id: string | undefined;
  category: ExampleCategory;
  title: string;
  contentType: ContentType;
  personaId: string;
  industryId: string | null;
  buyingStage: BuyingStage | null;
  contentHash: string;
}

export type ParseResult = { ok: true; example: ParsedExample } | { ok: false; reason: string };

/** Resolves persona and industry names or ids to ids (case-insensitive). */
export interface ReferenceLookup {
  persona(value: string): string | undefined;
  industry(value: string): string | undefined;
}

const MAX_FRONT_MATTER_CHARS = 16 * 1024;
const SECTIONS = ["Headline", "Introduction", "Body", "Conclusion"] as const;

const FrontMatterSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  title: z
    .string({ error: "title is required" })
    .trim()
    .min(1, "title is required")
    .max(200, "title is longer than 200 characters"),
  contentType: z.string({ error: "contentType is required" }).trim().toLowerCase(),
  persona: z.string({ error: "persona is required" }).trim().min(1, "persona is required"),
  industry: z.string().trim().nullable().optional(),
  buyingStage: z.string().trim().toLowerCase().nullable().optional(),
  tags: z
    .union([
      z.array(z.union([z.string(), z.number()])).max(20, "more than 20 tags"),
      z.string(),
      z.null(),
    ])
    .optional(),
  notes: z.string().max(5000).nullable().optional(),
});

const decoder = new TextDecoder("utf-8", { fatal: true });

export function hashContent(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** `good` or `bad` from the nearest such folder in the path, else undefined. */
export function categoryFromPath(relPath: string): ExampleCategory | undefined {
  const dirs = relPath.split("/").slice(0, -1).reverse();
  for (const dir of dirs) {
    const d = dir.toLowerCase();
    if (d === "good" || d === "bad") return d;
  }
  return undefined;
}

export function isMarkdownPath(relPath: string): boolean {
  return /\.(md|markdown)$/i.test(relPath);
}

/** Parses one file. Never throws for bad input: the reason is returned instead. */
export function parseExampleFile(
  bytes: Uint8Array,
  relPath: string,
  lookup: ReferenceLookup,
): ParseResult {
  if (bytes.byteLength > EXAMPLE_MAX_FILE_BYTES) return fail("larger than 1 MiB");
  const category = categoryFromPath(relPath);
  if (!category) return fail("not under good/ or bad/");
  // Valid UTF-8, but PostgreSQL text cannot hold it, and no markdown file contains it.
  if (bytes.includes(0)) return fail("not a text file (contains NUL characters)");
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return fail("not UTF-8");
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = text.replace(/\r\n?/g, "\n");

  const fm = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!fm) {
    return fail(
      text.startsWith("---") && !text.startsWith("---\n")
        ? "bad front matter: the first line must be exactly '---'"
        : "bad front matter: the file must start with a '---' line and close it with another",
    );
  }
  const yamlText = fm[1] ?? "";
  if (yamlText.length > MAX_FRONT_MATTER_CHARS) return fail("bad front matter: longer than 16 KiB");
  let data: unknown;
  try {
    // Aliases are refused before anything is built: they are never needed here and are how
    // "billion laughs" documents explode.
    const events = parseEvents(yamlText, { maxDepth: 10 });
    if (events.some((e) => e.type === EVENT_ID.ALIAS)) {
      return fail("bad front matter: YAML aliases are not allowed");
    }
    // What `load` does, without parsing the text a second time.
    const documents = constructFromEvents(events, { source: yamlText });
    if (documents.length !== 1)
      return fail("bad front matter: expected one block of key: value pairs");
    data = documents[0];
  } catch (error) {
    const first = error instanceof Error ? (error.message.split("\n")[0] ?? "") : "";
    return fail(`bad front matter: ${first.slice(0, 200) || "not valid YAML"}`);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return fail("bad front matter: expected key: value pairs");
  }
  const parsed = FrontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") ?? "";
    const message = issue?.message ?? "invalid";
    // "title is required" already names its field; "Invalid input: …" does not.
    const named = !field || message.startsWith(`${field} `);
    return fail(`bad front matter: ${named ? "" : `${field}: `}${message}`);
  }
  const meta = parsed.data;

  if (!(CONTENT_TYPES as readonly string[]).includes(meta.contentType)) {
    return fail(
      `bad front matter: unknown contentType '${meta.contentType}' (use ${CONTENT_TYPES.join(", ")})`,
    );
  }
  const personaId = lookup.persona(meta.persona);
  if (!personaId) return fail(`unknown persona '${meta.persona}'`);
  let industryId: string | null = null;
  if (meta.industry) {
    const found = lookup.industry(meta.industry);
    if (!found) return fail(`unknown industry '${meta.industry}'`);
    industryId = found;
  }
  let buyingStage: BuyingStage | null = null;
  if (meta.buyingStage) {
    if (!(BUYING_STAGES as readonly string[]).includes(meta.buyingStage)) {
      return fail(`bad front matter: unknown buyingStage '${meta.buyingStage}'`);
    }
    buyingStage = meta.buyingStage as BuyingStage;
  }
  const tags = Array.isArray(meta.tags)
    ? splitTags(meta.tags.map(String).join(","))
    : splitTags(meta.tags ?? "");

  const sections = splitSections(text.slice(fm[0].length));
  if (typeof sections === "string") return fail(sections);

  return {
    ok: true,
    example: {
      id: meta.id === undefined ? undefined : String(meta.id).trim() || undefined,
      category,
      title: meta.title,
      contentType: meta.contentType as ContentType,
      personaId,
      industryId,
      buyingStage,
      tags,
      notes: (meta.notes ?? "").trim(),
      ...sections,
      contentHash: hashContent(bytes),
    },
  };
}

function fail(reason: string): ParseResult {
  return { ok: false, reason };
}

function splitSections(
  markdown: string,
): Record<"headline" | "introduction" | "body" | "conclusion", string> | string {
  const found = new Map<string, string>();
  const heading = /^##[ \t]+(Headline|Introduction|Body|Conclusion)[ \t]*#*[ \t]*$/gim;
  const marks: { name: string; start: number; end: number }[] = [];
  for (let m = heading.exec(markdown); m; m = heading.exec(markdown)) {
    const name = (m[1] ?? "").toLowerCase();
    marks.push({ name, start: m.index, end: m.index + m[0].length });
  }
  for (let i = 0; i < marks.length; i++) {
    const mark = marks[i]!;
    if (found.has(mark.name)) return `duplicate section '## ${capitalise(mark.name)}'`;
    found.set(mark.name, markdown.slice(mark.end, marks[i + 1]?.start ?? markdown.length).trim());
  }
  for (const section of SECTIONS) {
    const value = found.get(section.toLowerCase());
    if (value === undefined) return `missing section '## ${section}'`;
    if (value === "") return `empty section '## ${section}'`;
  }
  return {
    headline: found
      .get("headline")!
      .replace(/^#+\s*/, "")
      .replace(/\s+/g, " "),
    introduction: found.get("introduction")!,
    body: found.get("body")!,
    conclusion: found.get("conclusion")!,
  };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Writes an example back in the same format, so that an export ingests to the same fields. */
export function serializeExample(
  example: ExampleText & {
    id: string;
    title: string;
    contentType: string;
    personaId: string;
    industryId: string | null;
    buyingStage: string | null;
  },
): string {
  const q = (s: string) => JSON.stringify(s);
  const lines = [
    "---",
    `id: ${q(example.id)}`,
    `title: ${q(example.title)}`,
    `contentType: ${example.contentType}`,
    `persona: ${example.personaId}`,
    ...(example.industryId ? [`industry: ${example.industryId}`] : []),
    ...(example.buyingStage ? [`buyingStage: ${example.buyingStage}`] : []),
    `tags: [${example.tags.map(q).join(", ")}]`,
    `notes: ${q(example.notes)}`,
    "---",
    "",
    "## Headline",
    "",
    example.headline,
    "",
    "## Introduction",
    "",
    example.introduction,
    "",
    "## Body",
    "",
    example.body,
    "",
    "## Conclusion",
    "",
    example.conclusion,
    "",
  ];
  return lines.join("\n");
}
