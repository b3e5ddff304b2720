import { PassThrough, type Readable } from "node:stream";
import {
  CONTENT_TYPE_LABELS,
  RICH_HTML_BLOCK_TAGS,
  type ContentType,
  type ExportFormat,
} from "@content-studio/contract";
import {
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Packer,
  Paragraph,
  TextRun,
  type ParagraphChild,
} from "docx";
import { ElementType, parseDocument } from "htmlparser2";
import TurndownService from "turndown";

/** What an export is made from: the current text of an item. */
export interface ExportSource {
  title: string;
  headline: string;
  introduction: string;
  /** Sanitised HTML. */
  body: string;
  conclusion: string;
  contentType: string;
  personaName: string;
  industryName: string;
  buyingStage: string;
  version: number;
  updatedAt: string;
  /** BCP 47 language of the text (the HTML's `lang`); English when absent. */
  language?: string;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string | Readable;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** A name for a file or folder: ASCII letters, digits and dashes only, at most `max` long. */
export function fileSlug(text: string, fallback: string, max = 80): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, "-")
      .slice(0, max)
      .replace(/^-+|-+$/g, "") || fallback
  );
}

/** A file name from the title: letters, digits and dashes only. */
export function exportFilename(title: string, ext: string): string {
  return `${fileSlug(title, "content")}.${ext}`;
}

function subtitle(s: ExportSource): string {
  const type = CONTENT_TYPE_LABELS[s.contentType as ContentType] ?? s.contentType;
  return `${type} · ${s.personaName} · ${s.industryName} · ${s.buyingStage} · version ${s.version}`;
}

// Markdown special characters in text are escaped, so text stays text. So are the characters
// that start HTML: Markdown passes raw HTML through, so text such as "<script>" (stored as the
// entity-escaped text of a paragraph) must leave as entities, which every renderer shows as text.
const turndown = new TurndownService({ headingStyle: "atx", bulletListMarker: "-" });
const escapeMarkdown = turndown.escape.bind(turndown);
turndown.escape = (t: string) =>
  escapeMarkdown(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function toMarkdown(s: ExportSource): string {
  const text = (t: string) => turndown.escape(t);
  return [
    `# ${text(s.headline)}`,
    `_${text(subtitle(s))}_`,
    text(s.introduction),
    turndown.turndown(s.body),
    text(s.conclusion),
  ].join("\n\n");
}

export function toHtml(s: ExportSource): string {
  const para = (t: string) =>
    t
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
      .join("\n");
  return `<!doctype html>
<html lang="${escapeHtml(s.language ?? "en")}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(s.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.6;color:#0f172a}.meta{color:#64748b}</style>
</head>
<body>
<article>
<h1>${escapeHtml(s.headline)}</h1>
<p class="meta">${escapeHtml(subtitle(s))}</p>
${para(s.introduction)}
${s.body}
${para(s.conclusion)}
</article>
</body>
</html>
`;
}

type DomNode = ReturnType<typeof parseDocument>["children"][number];
interface Marks {
  bold?: boolean;
  italics?: boolean;
  underline?: Record<string, never>;
  strike?: boolean;
}

const HEADINGS: Record<string, (typeof HeadingLevel)[keyof typeof HeadingLevel]> = {
  h1: HeadingLevel.HEADING_1,
  h2: HeadingLevel.HEADING_2,
  h3: HeadingLevel.HEADING_3,
  h4: HeadingLevel.HEADING_4,
  h5: HeadingLevel.HEADING_5,
  h6: HeadingLevel.HEADING_6,
};

function decode(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Inline runs of a node's children (text with bold/italic/underline/strike, links, breaks). */
function runs(nodes: DomNode[], marks: Marks = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const node of nodes) {
    if (node.type === ElementType.Text) {
      const text = decode((node as { data: string }).data).replace(/\s+/g, " ");
      if (text) out.push(new TextRun({ text, ...marks }));
    } else if (node.type === ElementType.Tag) {
      const el = node as { name: string; attribs: Record<string, string>; children: DomNode[] };
      const name = el.name;
      if (name === "br") out.push(new TextRun({ text: "", break: 1 }));
      else if (name === "strong" || name === "b")
        out.push(...runs(el.children, { ...marks, bold: true }));
      else if (name === "em" || name === "i")
        out.push(...runs(el.children, { ...marks, italics: true }));
      else if (name === "u") out.push(...runs(el.children, { ...marks, underline: {} }));
      else if (name === "s") out.push(...runs(el.children, { ...marks, strike: true }));
      else if (name === "a" && el.attribs.href) {
        out.push(
          new ExternalHyperlink({
            link: el.attribs.href,
            children: runs(el.children, { ...marks, underline: {} }).filter(
              (r): r is TextRun => r instanceof TextRun,
            ),
          }),
        );
      } else out.push(...runs(el.children, marks));
    }
  }
  return out;
}

const BLOCKS = new Set<string>(RICH_HTML_BLOCK_TAGS);

/** Block-level HTML (the shared allow-list) as DOCX paragraphs. */
function blocks(nodes: DomNode[], list?: { ordered: boolean; level: number }): Paragraph[] {
  const out: Paragraph[] = [];
  let inline: DomNode[] = [];
  const flush = () => {
    const children = runs(inline);
    if (children.length > 0) out.push(new Paragraph({ children }));
    inline = [];
  };
  for (const node of nodes) {
    const el = node as { type: string; name?: string; children?: DomNode[] };
    if (node.type !== ElementType.Tag || !el.name || !BLOCKS.has(el.name)) {
      inline.push(node);
      continue;
    }
    flush();
    const children = el.children ?? [];
    if (el.name in HEADINGS) {
      out.push(new Paragraph({ heading: HEADINGS[el.name], children: runs(children) }));
    } else if (el.name === "ul" || el.name === "ol") {
      out.push(
        ...blocks(children, { ordered: el.name === "ol", level: list ? list.level + 1 : 0 }),
      );
    } else if (el.name === "li") {
      const nested = children.filter(
        (c) => c.type === ElementType.Tag && ["ul", "ol"].includes((c as { name: string }).name),
      );
      const own = children.filter((c) => !nested.includes(c));
      const level = Math.min(list?.level ?? 0, 8);
      out.push(
        new Paragraph({
          children: runs(own),
          ...(list?.ordered
            ? { numbering: { reference: "ordered", level } }
            : { bullet: { level } }),
        }),
      );
      out.push(...blocks(nested, list));
    } else if (el.name === "hr") {
      out.push(new Paragraph({ thematicBreak: true, children: [] }));
    } else if (el.name === "blockquote" || el.name === "table") {
      out.push(...blocks(children));
    } else {
      out.push(new Paragraph({ children: runs(children) }));
    }
  }
  flush();
  return out;
}

const plain = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => new Paragraph({ children: [new TextRun(p.replace(/\n/g, " "))] }));

export function toDocx(s: ExportSource): Readable {
  const doc = new Document({
    title: s.title,
    creator: "Content Studio",
    numbering: {
      config: [
        {
          reference: "ordered",
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: "decimal" as const,
            text: `%${level + 1}.`,
          })),
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(s.headline)] }),
          new Paragraph({ children: [new TextRun({ text: subtitle(s), italics: true })] }),
          ...plain(s.introduction),
          ...blocks(parseDocument(s.body).children),
          ...plain(s.conclusion),
        ],
      },
    ],
  });
  const out = new PassThrough();
  const stream = Packer.toStream(doc);
  stream.on("error", (e) => out.destroy(e as Error));
  stream.pipe(out);
  return out;
}

/** The file for an export format. */
export function exportContent(source: ExportSource, format: ExportFormat): ExportFile {
  if (format === "md") {
    return {
      filename: exportFilename(source.title, "md"),
      contentType: "text/markdown; charset=utf-8",
      body: toMarkdown(source),
    };
  }
  if (format === "html") {
    return {
      filename: exportFilename(source.title, "html"),
      contentType: "text/html; charset=utf-8",
      body: toHtml(source),
    };
  }
  return {
    filename: exportFilename(source.title, "docx"),
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    body: toDocx(source),
  };
}
