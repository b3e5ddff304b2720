// Campaigns journey: an administrator writes a brief (facts, offers, cells on the grid, a second
// language, which the English-only outline writer cannot write and the editor says so), finds it
// on the Campaigns screen, exports it as CSV and imports that file back as a new brief; both
// screens at 1400 and 390 px, light and dark, with no sideways scrolling at 390 px.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { launchBrowser, resultsDir, endJourney } from "./lib/browser.mjs";
import { createBrief, startBrief } from "./lib/campaign-brief.mjs";
import { startServer } from "./lib/server.mjs";
import { createFirstAdmin } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "campaigns";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };
const ADMIN = {
  name: "Katherine Johnson",
  email: "katherine@example.com",
  password: "Orbital-Mechanics-1962",
};
const NAME = "Should-cost spring launch";

describe("campaigns journey", { timeout: 300_000 }, () => {
  /** @type {Awaited<ReturnType<typeof startServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;
  /** @type {import("playwright-core").Page} */
  let page;
  let briefPath = "";

  before(async () => {
    server = await startServer();
    browser = await launchBrowser(JOURNEY, { viewport: DESKTOP });
    page = browser.page;
  });

  after(() => endJourney(JOURNEY, server, browser));

  /** @param {string} label */
  async function assertNoSidewaysScroll(label) {
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    assert.ok(
      widths.page <= widths.window,
      `${label}: the page is ${widths.page}px wide in a ${widths.window}px window`,
    );
  }

  it("(a) writes a brief; the editor says a second language stays unwritten without an AI provider", async () => {
    await createFirstAdmin(page, server.url, ADMIN);
    await page.getByRole("link", { name: "Campaigns" }).click();
    await page.getByRole("heading", { level: 1, name: "Campaigns" }).waitFor();
    await page.getByText("No briefs yet").waitFor();
    await browser.shotWhole("a1-1400-light-empty", DESKTOP, { idle: true });

    await startBrief(page, { name: NAME, dueDate: "2027-03-31" });
    await page
      .getByRole("checkbox", { name: /^Every stage for VP of Engineering in Aerospace$/ })
      .check();
    await page.getByRole("tab", { name: /Industrial/ }).click();
    await page
      .getByRole("checkbox", { name: /^Decision for every persona in Industrial$/ })
      .check();
    assert.equal(await page.getByRole("checkbox", { name: "German" }).isChecked(), false);
    await page.getByRole("checkbox", { name: "German" }).check();
    await page.getByText(/which writes English only: German will not be written/).waitFor();
    briefPath = await createBrief(page, NAME);
    await browser.shotWhole("a2-1400-light-editor", DESKTOP, { idle: true });
    browser.console.assertClean();
  });

  it("(b) lists the brief, exports it and imports the file back as a new brief", async () => {
    await page.getByRole("link", { name: "All briefs" }).click();
    const row = page.getByRole("list", { name: "Briefs" }).getByRole("listitem").first();
    await row.getByRole("link", { name: NAME }).waitFor();
    const text = await row.textContent();
    assert.match(text ?? "", /Katherine Johnson/);
    assert.match(text ?? "", /English, German/);
    assert.match(text ?? "", /2027-03-31/);
    await browser.shotWhole("b1-1400-light-list", DESKTOP, { idle: true });

    await row.getByRole("link", { name: NAME }).click();
    await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csvPath = path.join(resultsDir, `${JOURNEY}-export.csv`);
    await download.saveAs(csvPath);
    const lines = fs.readFileSync(csvPath, "utf8").trim().split("\n");
    assert.equal(lines.length, 1 + 3 + 4, "a header and one row per cell");

    await page.getByRole("link", { name: "All briefs" }).click();
    await page.getByLabel("CSV file to import").setInputFiles(csvPath);
    await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    await eventually(() => assert.notEqual(new URL(page.url()).pathname, briefPath));
    browser.console.assertClean();
  });

  it("(c) shows both screens at 390 px and in dark mode", async () => {
    await page.setViewportSize(PHONE);
    for (const [name, route] of /** @type {const} */ ([
      ["list", "/campaigns"],
      ["editor", briefPath],
    ])) {
      await page.goto(new URL(route, server.url).href);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      await assertNoSidewaysScroll(`${route} at 390 px`);
      if (name === "editor") {
        // The grid shows every stage of the industry without scrolling sideways.
        const grid = await page.locator("#cell-grid-panel").evaluate((el) => ({
          content: el.scrollWidth,
          box: el.clientWidth,
        }));
        assert.ok(grid.content <= grid.box, `the grid is ${grid.content}px in ${grid.box}px`);
      }
      await browser.shotWhole(`c1-390-light-${name}`, PHONE, { idle: true });
    }

    await page.goto(new URL("/settings", server.url).href);
    await page.getByRole("switch", { name: "Dark Mode" }).check();
    await page.getByRole("button", { name: "Save UI Settings" }).click();
    await eventually(async () =>
      assert.ok(await page.evaluate(() => document.documentElement.classList.contains("dark"))),
    );
    for (const [name, route] of /** @type {const} */ ([
      ["list", "/campaigns"],
      ["editor", briefPath],
    ])) {
      await page.goto(new URL(route, server.url).href);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await assertNoSidewaysScroll(`${route} dark at 390 px`);
      await browser.shotWhole(`c2-390-dark-${name}`, PHONE, { idle: true });
      await browser.shotWhole(`c3-1400-dark-${name}`, DESKTOP, { idle: true });
      await page.setViewportSize(PHONE);
    }
    browser.console.assertClean();
  });
});
