/**
 * The export of a whole kit: a ZIP with one folder per cell and language
 * (`<persona>-<industry>-<stage>/<language>/`), each asset as Markdown, standalone HTML and
 * DOCX (the library's export builders), and `index.csv`, one row per asset. Streamed: each DOCX
 * is built only when the ZIP reaches it.
 */
import type { Readable } from "node:stream";
import {
  CSV_QUOTED_MATCH,
  escapeCsvFormula,
  KIT_ASSET_LABELS,
  KIT_LANGUAGE_LABELS,
  type KitAssetKind,
  type KitLanguage,
} from "@content-studio/contract";
import { stringify } from "csv-stringify/sync";
import yazl from "yazl";
import { sanitizeBody } from "../../lib/html";
import { fileSlug, toDocx, toHtml, toMarkdown, type ExportSource } from "../library/library.export";

/** One asset of the kit as it is exported: the library item's text and the step's outcome. */
export interface KitExportAsset extends Omit<ExportSource, "language"> {
  language: KitLanguage;
  asset: KitAssetKind;
  /** The library item's status (draft, pending_approval, ...). */
  status: string;
  qualityScore: number | null;
  itemId: string;
}

/** The columns of `index.csv`. */
export const KIT_INDEX_COLUMNS = [
  "Cell",
  "Language",
  "Asset",
  "Title",
  "Status",
  "Quality score",
  "Item ID",
  "Markdown",
  "HTML",
  "DOCX",
] as const;

/** Characters of a persona, industry or stage in a folder name, and of a title in a file name. */
const LABEL_CHARS = 40;
const TITLE_CHARS = 60;

/** Where each asset's files go: ASCII, no dot segments, unique (case-insensitive) in the ZIP. */
export function kitFilePaths(
  assets: readonly KitExportAsset[],
): { md: string; html: string; docx: string }[] {
  const used = new Set<string>();
  return assets.map((a) => {
    const folder = [a.personaName, a.industryName, a.buyingStage]
      .map((label) => fileSlug(label, "none", LABEL_CHARS))
      .join("-");
    const language = fileSlug(a.language, "und", 8);
    const name = `${a.asset}-${fileSlug(a.title, "untitled", TITLE_CHARS)}`;
    let base = `${folder}/${language}/${name}`;
    for (let n = 2; used.has(base.toLowerCase()); n++) base = `${folder}/${language}/${name}-${n}`;
    used.add(base.toLowerCase());
    return { md: `${base}.md`, html: `${base}.html`, docx: `${base}.docx` };
  });
}

/** The ZIP as a stream; a DOCX that fails to build destroys it with the error. */
export function kitZip(assets: readonly KitExportAsset[]): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  const paths = kitFilePaths(assets);
  const rows: string[][] = [];
  let latest = 0;
  assets.forEach((a, i) => {
    const p = paths[i]!;
    // Stored bodies are sanitised already; the export does it again, as it leaves the system.
    const source: ExportSource = { ...a, body: sanitizeBody(a.body) };
    const at = new Date(a.updatedAt);
    const mtime = Number.isNaN(at.getTime()) ? new Date(0) : at;
    latest = Math.max(latest, mtime.getTime());
    zip.addBuffer(Buffer.from(toMarkdown(source), "utf8"), p.md, { mtime });
    zip.addBuffer(Buffer.from(toHtml(source), "utf8"), p.html, { mtime });
    zip.addReadStreamLazy(p.docx, { mtime }, (done) => {
      const docx = toDocx(source);
      docx.on("error", (error) => out.destroy(error));
      done(null, docx);
    });
    rows.push(
      [
        `${a.personaName} · ${a.industryName} · ${a.buyingStage}`,
        KIT_LANGUAGE_LABELS[a.language],
        KIT_ASSET_LABELS[a.asset],
        a.title,
        a.status,
        a.qualityScore === null ? "" : String(a.qualityScore),
        a.itemId,
        p.md,
        p.html,
        p.docx,
      ].map(escapeCsvFormula),
    );
  });
  const index = stringify(rows, {
    header: true,
    columns: [...KIT_INDEX_COLUMNS],
    bom: true,
    quoted_match: [...CSV_QUOTED_MATCH],
  });
  zip.addBuffer(Buffer.from(index, "utf8"), "index.csv", { mtime: new Date(latest) });
  zip.end();
  return out;
}
