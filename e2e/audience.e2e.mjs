// Target Audience journey: the screen opens on the sample dataset; a Bombora Company Surge file
// is imported (preview, then confirm); the overview, charts and content recommendations follow
// the new data; 'Export Data' downloads the view as CSV; a content gap opens the generator,
// which shows the imported keywords. Real Chromium against the built server.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { launchBrowser, endJourney } from "./lib/browser.mjs";
import { startServer } from "./lib/server.mjs";
import { createFirstAdmin } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "audience";
const ADMIN = { name: "Ada Analyst", email: "ada@example.com", password: "Intent-Surge-2026" };

/** Bombora layout, one row per account and topic; one industry label is not one of ours. */
const BOMBORA_ROWS = [
  [
    "Zephyrine Aeroworks",
    "zephyrine-aero.com",
    "1000-4999",
    "Aerospace",
    "Manufacturing",
    "Composite Layup Cost",
    "97",
  ],
  [
    "Zephyrine Aeroworks",
    "zephyrine-aero.com",
    "1000-4999",
    "Aerospace",
    "Technology",
    "Digital Thread",
    "81",
  ],
  [
    "Quorra Avionics",
    "quorra-avionics.com",
    "500-999",
    "Aerospace & Defense",
    "Manufacturing",
    "Composite Layup Cost",
    "88",
  ],
  [
    "Quorra Avionics",
    "quorra-avionics.com",
    "500-999",
    "Aerospace & Defense",
    "Technology",
    "Digital Thread",
    "64",
  ],
  [
    "Ferrovia Motors",
    "ferrovia-motors.com",
    "5000+",
    "Automotive",
    "Manufacturing",
    "Battery Tray Cost",
    "77",
  ],
  [
    "Ferrovia Motors",
    "ferrovia-motors.com",
    "5000+",
    "Automotive",
    "Engineering",
    "DFM Analysis",
    "72",
  ],
  [
    "Lumaris Drive",
    "lumaris-drive.com",
    "1000-4999",
    "Motor Vehicles",
    "Manufacturing",
    "Battery Tray Cost",
    "62",
  ],
  [
    "Lumaris Drive",
    "lumaris-drive.com",
    "1000-4999",
    "Motor Vehicles",
    "Engineering",
    "Office Chairs",
    "35",
  ],
];
const HEADER = "Company Name,Domain,Size,Industry,Category,Topic,Composite Score";

describe("target audience journey", { timeout: 240_000 }, () => {
  /** @type {Awaited<ReturnType<typeof startServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;
  /** @type {import("playwright-core").Page} */
  let page;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "audience-e2e-"));
  const csvPath = path.join(tmp, "bombora-surge.csv");

  before(async () => {
    fs.writeFileSync(csvPath, [HEADER, ...BOMBORA_ROWS.map((r) => r.join(","))].join("\r\n"));
    server = await startServer();
    browser = await launchBrowser(JOURNEY);
    page = browser.page;
  });

  after(async () => {
    await endJourney(JOURNEY, server, browser);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("imports a Bombora file and follows it through the screen, the export and the generator", async () => {
    await createFirstAdmin(page, server.url, ADMIN);
    await page.goto(new URL("/target-audience", server.url).href);
    await page.getByRole("heading", { level: 1, name: "Target Audience Analysis" }).waitFor();

    // First start: the clearly labelled sample dataset, split 35/42/23.
    const intentCard = page.getByRole("region", { name: "Intent data" });
    await intentCard.getByText("sample dataset").waitFor();
    const charts = page.getByRole("region", { name: "Intent analysis" });
    await charts.getByText("Consideration 42%").waitFor();
    const top = page.getByRole("list", { name: "Top accounts by intent" });
    await eventually(async () => assert.equal(await top.getByRole("listitem").count(), 5));
    await browser.shot("1-sample");

    // Import: preview first, nothing stored yet.
    await intentCard.getByRole("button", { name: "Import CSV" }).click();
    await page.getByLabel("CSV file").setInputFiles(csvPath);
    const preview = page.getByRole("region", { name: "Import preview" });
    await preview.getByText("Bombora Company Surge").waitFor();
    await preview
      .getByText('Industry "Aerospace & Defense" was stored as Aerospace.')
      .first()
      .waitFor();
    await preview.getByRole("cell", { name: "zephyrine-aero.com" }).waitFor();
    await browser.shot("2-preview");
    await page.reload();
    await page.getByRole("region", { name: "Intent data" }).getByText("sample dataset").waitFor();

    await page
      .getByRole("region", { name: "Intent data" })
      .getByRole("button", { name: "Import CSV" })
      .click();
    await page.getByLabel("CSV file").setInputFiles(csvPath);
    await page.getByRole("button", { name: "Confirm import of 4 accounts" }).click();
    await page.getByText("Imported bombora-surge.csv: 4 accounts (4 stored).").waitFor();
    await page
      .getByRole("region", { name: "Intent data" })
      .getByText("bombora-surge.csv", { exact: true })
      .waitFor();

    // Overview: the imported accounts, highest intent first.
    await eventually(async () => {
      const items = await top.getByRole("listitem").allTextContents();
      assert.equal(items.length, 4);
      assert.match(items[0] ?? "", /Zephyrine Aeroworks/);
      assert.match(items[0] ?? "", /97%/);
    });
    // Charts: 97 and 88 → decision, 77 → consideration, 62 → awareness.
    await charts.getByText("Decision 50%").waitFor();
    await charts.getByText("Awareness 25%").waitFor();
    // (an axis label may wrap over several lines)
    await charts
      .locator("svg text", { hasText: /Composite\s*Layup\s*Cost/ })
      .first()
      .waitFor();
    await browser.shot("3-imported");

    // Content recommendations: the imported keywords are gaps.
    await page.getByRole("button", { name: "Content Engagement Analysis" }).click();
    await page.getByRole("tab", { name: "Content Recommendations" }).click();
    const recs = page.getByRole("list", { name: "Content recommendations" });
    await recs.getByText("Composite Layup Cost").first().waitFor();
    await recs.getByText("Gap: no content").first().waitFor();
    await browser.shot("4-recommendations");

    // Export Data: the current view as CSV.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export Data" }).click(),
    ]);
    assert.equal(download.suggestedFilename(), "target-audience-all.csv");
    const saved = path.join(tmp, "export.csv");
    await download.saveAs(saved);
    const lines = fs
      .readFileSync(saved, "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    assert.equal(
      lines[0],
      "Company Name,Domain,Industry,Intent Score,Buying Stage,Active Personas,Top Keywords",
    );
    assert.equal(lines.length, 5);
    assert.match(lines[1] ?? "", /^Zephyrine Aeroworks,zephyrine-aero\.com,Aerospace,97,decision,/);

    // The top gap opens the generator pre-filled; it shows the imported keywords.
    await recs
      .getByRole("link", { name: /Create content about Composite Layup Cost/ })
      .first()
      .click();
    await page.getByRole("heading", { level: 1, name: "Content Generator" }).waitFor();
    const url = new URL(page.url());
    assert.equal(url.pathname, "/generate");
    assert.equal(url.searchParams.get("industry"), "aerospace");
    assert.equal(url.searchParams.get("keyword"), "Composite Layup Cost");
    await page.getByRole("button", { name: "Content Details" }).click();
    const intent = page.getByRole("region", { name: "Intent data" });
    await intent.getByText("Composite Layup Cost").waitFor();
    await intent.getByText("Digital Thread").waitFor();
    await eventually(async () =>
      assert.match(
        await page.getByLabel("Content Topic").inputValue(),
        /^Composite Layup Cost: what aerospace engineering leaders need to know$/,
      ),
    );
    await browser.shot("5-generator");
    browser.console.assertClean();
  });

  it("merges a 6sense export: its Keyword(s) column is read, topics add up, a repeated domain is reported", async () => {
    const sixsense = path.join(tmp, "6sense-accounts.csv");
    fs.writeFileSync(
      sixsense,
      [
        "6sense Company Name,6sense Domain,6sense Country,Industry,Buying Stage: Start,Buying Stage: End,Intent Score,Keyword(s)",
        'Zephyrine Aeroworks,zephyrine-aero.com,United States,Aerospace & Defense,Awareness,Decision,95,"Tolerance Stack-Up;Supplier Quotes"',
        'Orbital Forge,orbital-forge.com,Germany,Industrial Machinery,Target,Consideration,70,"Machining Cost"',
        'Orbital Forge,orbital-forge.com,Germany,Industrial Machinery,Consideration,Decision,82,"Casting Scrap"',
      ].join("\r\n"),
    );
    await page.goto(new URL("/target-audience", server.url).href);
    const intentCard = page.getByRole("region", { name: "Intent data" });
    await intentCard.getByRole("button", { name: "Import CSV" }).click();
    await page.getByLabel("CSV file").setInputFiles(sixsense);
    const preview = page.getByRole("region", { name: "Import preview" });
    await preview.getByText("6sense account export").waitFor();
    await preview
      .getByText(/^orbital-forge\.com is also on line 3; the rows were combined/)
      .waitFor();
    // The keywords of both rows, as they will be stored.
    const orbital = preview.getByRole("row").filter({ hasText: "orbital-forge.com" });
    await orbital.getByText(/Machining Cost/).waitFor();
    await orbital.getByText(/Casting Scrap/).waitFor();
    await browser.shot("6-sixsense-preview");

    await preview.getByLabel("Merge by domain").check();
    await page.getByRole("button", { name: "Confirm import of 2 accounts" }).click();
    await page.getByText("Imported 6sense-accounts.csv: 2 accounts (5 stored).").waitFor();

    // Merged by union: the account keeps its Bombora topics and gains the 6sense keywords.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export Data" }).click(),
    ]);
    const saved = path.join(tmp, "export-merged.csv");
    await download.saveAs(saved);
    const zephyrine =
      fs
        .readFileSync(saved, "utf8")
        .split(/\r?\n/)
        .find((line) => line.startsWith("Zephyrine Aeroworks,")) ?? "";
    assert.match(zephyrine, /Tolerance Stack-Up/);
    assert.match(zephyrine, /Composite Layup Cost/);
    await browser.shot("7-sixsense-merged");
    browser.console.assertClean();
  });
});
