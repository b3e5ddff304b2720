import type { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { KIT_INDEX_COLUMNS, kitFilePaths, kitZip, type KitExportAsset } from "./kit-export";

const base = {
  introduction: "Cost engineers at contract manufacturers rebuild spreadsheets for every RFQ.",
  conclusion: "Bring three drawings to a Cost Review.",
  contentType: "blog_post",
  version: 1,
  updatedAt: "2026-11-20T09:30:00.000Z",
};

const asset = (over: Partial<KitExportAsset>): KitExportAsset => ({
  ...base,
  title: "Quote machined parts in hours",
  headline: "Quote machined parts in hours",
  body: "<p>Our customers cut quoting time by 37% with Cost Engine.</p>",
  personaName: "Cost Engineer",
  industryName: "Contract Manufacturing",
  buyingStage: "consideration",
  language: "en",
  asset: "article",
  status: "draft",
  qualityScore: 82,
  itemId: "item-1",
  ...over,
});

/** 2 cells x 2 assets, one title hostile, one in German with umlauts. */
const ASSETS: KitExportAsset[] = [
  asset({ itemId: "item-1" }),
  asset({
    itemId: "item-2",
    asset: "linkedin",
    title: "../../etc/passwd",
    headline: '=HYPERLINK("https://evil.example")',
    body: '<p>Cut quoting time by 37%.</p><script>alert(1)</script><p><a href="javascript:alert(1)">x</a></p>',
    qualityScore: null,
  }),
  asset({
    itemId: "item-3",
    personaName: "Head of Procurement",
    industryName: "Automotive Tier 1",
    buyingStage: "decision",
    language: "de",
    title: "Angebote für Frästeile in Stunden",
    headline: "Angebote für Frästeile in Stunden",
    body: "<p>Unsere Kunden senken die Angebotszeit um 37 %.</p>",
  }),
  asset({
    itemId: "item-4",
    personaName: "Head of Procurement",
    industryName: "Automotive Tier 1",
    buyingStage: "decision",
    language: "de",
    asset: "newsletter",
    title: "Angebote für Frästeile in Stunden",
    status: "pending_approval",
  }),
];

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every entry of a ZIP, by name. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          toBuffer(stream).then((data) => {
            entries.set(entry.fileName, data);
            zip.readEntry();
          }, reject);
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

describe("kitZip", () => {
  it("holds each asset as Markdown, HTML and DOCX per cell and language, and an index", async () => {
    const entries = await unzip(await toBuffer(kitZip(ASSETS)));
    const paths = kitFilePaths(ASSETS);
    expect([...entries.keys()].sort()).toEqual(
      [...paths.flatMap((p) => [p.md, p.html, p.docx]), "index.csv"].sort(),
    );
    expect(paths[0]).toEqual({
      md: "cost-engineer-contract-manufacturing-consideration/en/article-quote-machined-parts-in-hours.md",
      html: "cost-engineer-contract-manufacturing-consideration/en/article-quote-machined-parts-in-hours.html",
      docx: "cost-engineer-contract-manufacturing-consideration/en/article-quote-machined-parts-in-hours.docx",
    });
    for (const name of entries.keys()) {
      expect(name).toMatch(/^[a-z0-9./-]+$/);
      expect(name.split("/")).not.toContain("..");
    }
    expect(paths[1]!.md).toBe(
      "cost-engineer-contract-manufacturing-consideration/en/linkedin-etcpasswd.md",
    );
    expect(paths[2]!.md).toBe(
      "head-of-procurement-automotive-tier-1-decision/de/article-angebote-fur-frasteile-in-stunden.md",
    );

    const html = entries.get(paths[1]!.html)!.toString("utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).not.toMatch(/<script|javascript:/i);
    expect(entries.get(paths[2]!.html)!.toString("utf8")).toContain('<html lang="de">');
    expect(entries.get(paths[2]!.md)!.toString("utf8")).toContain("Angebotszeit um 37 %");

    const docx = await unzip(entries.get(paths[0]!.docx)!);
    expect(docx.has("word/document.xml")).toBe(true);
    expect(docx.get("word/document.xml")!.toString("utf8")).toContain("cut quoting time by 37%");
  });

  it("indexes every asset in a CSV that no spreadsheet runs as a formula", async () => {
    const entries = await unzip(await toBuffer(kitZip(ASSETS)));
    const csv = entries.get("index.csv")!.toString("utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = parse<Record<string, string>>(csv, { bom: true, columns: true });
    expect(Object.keys(rows[0]!)).toEqual([...KIT_INDEX_COLUMNS]);
    const paths = kitFilePaths(ASSETS);
    expect(
      rows.map((r) => [r["Item ID"], r.Asset, r.Language, r.Status, r["Quality score"]]),
    ).toEqual([
      ["item-1", "Article", "English", "draft", "82"],
      ["item-2", "LinkedIn post", "English", "draft", ""],
      ["item-3", "Article", "German", "draft", "82"],
      ["item-4", "Newsletter blurb", "German", "pending_approval", "82"],
    ]);
    expect(rows[0]!.Cell).toBe("Cost Engineer · Contract Manufacturing · consideration");
    expect(rows.map((r) => [r.Markdown, r.HTML, r.DOCX])).toEqual(
      paths.map((p) => [p.md, p.html, p.docx]),
    );
    const hostile = kitZip([asset({ title: "=1+2", itemId: "@item" })]);
    const hostileCsv = (await unzip(await toBuffer(hostile))).get("index.csv")!.toString("utf8");
    const [row] = parse<Record<string, string>>(hostileCsv, { bom: true, columns: true });
    expect(row!.Title).toBe("'=1+2");
    expect(row!["Item ID"]).toBe("'@item");
  });

  it("keeps file names unique when two assets would share one", () => {
    const twice = [asset({ itemId: "a" }), asset({ itemId: "b" }), asset({ itemId: "c" })];
    const md = kitFilePaths(twice).map((p) => p.md.split("/").pop());
    expect(md).toEqual([
      "article-quote-machined-parts-in-hours.md",
      "article-quote-machined-parts-in-hours-2.md",
      "article-quote-machined-parts-in-hours-3.md",
    ]);
  });
});
