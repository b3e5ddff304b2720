// Campaigns journey: an administrator writes a brief (facts, offers, cells on the grid, a second
// language, which the English-only outline writer cannot write and the editor says so), finds it
// on the Campaigns screen, exports it as CSV and imports that file back as a new brief; both
// screens at 1400 and 390 px, light and dark, with no sideways scrolling at 390 px.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { resultsDir, DESKTOP, PHONE } from "./lib/browser.mjs";
import { createBrief, startBrief } from "./lib/campaign-brief.mjs";
import { useJourney } from "./lib/journey.mjs";
import { createFirstAdmin } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "campaigns";
const ADMIN = {
  name: "Katherine Johnson",
  email: "katherine@example.com",
  password: "Orbital-Mechanics-1962",
};
const NAME = "Should-cost spring launch";

describe("campaigns journey", { timeout: 300_000 }, () => {
  const j = useJourney(JOURNEY, { browser: { viewport: DESKTOP } });

  let briefPath = "";

  /** @param {string} label */
  async function assertNoSidewaysScroll(label) {
    const widths = await j.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    assert.ok(
      widths.page <= widths.window,
      `${label}: the page is ${widths.page}px wide in a ${widths.window}px window`,
    );
  }

  it("(a) writes a brief; the editor says a second language stays unwritten without an AI provider", async () => {
    await createFirstAdmin(j.page, j.server.url, ADMIN);
    await j.page.getByRole("link", { name: "Campaigns" }).click();
    await j.page.getByRole("heading", { level: 1, name: "Campaigns" }).waitFor();
    await j.page.getByText("No briefs yet").waitFor();
    await j.browser.shotWhole("a1-1400-light-empty", DESKTOP, { idle: true });

    await startBrief(j.page, { name: NAME, dueDate: "2027-03-31" });
    await j.page
      .getByRole("checkbox", { name: /^Every stage for VP of Engineering in Aerospace$/ })
      .check();
    await j.page.getByRole("tab", { name: /Industrial/ }).click();
    await j.page
      .getByRole("checkbox", { name: /^Decision for every persona in Industrial$/ })
      .check();
    assert.equal(await j.page.getByRole("checkbox", { name: "German" }).isChecked(), false);
    await j.page.getByRole("checkbox", { name: "German" }).check();
    await j.page.getByText(/which writes English only: German will not be written/).waitFor();
    briefPath = await createBrief(j.page, NAME);
    await j.browser.shotWhole("a2-1400-light-editor", DESKTOP, { idle: true });
    j.browser.console.assertClean();
  });

  it("(b) lists the brief, exports it and imports the file back as a new brief", async () => {
    await j.page.getByRole("link", { name: "All briefs" }).click();
    const row = j.page.getByRole("list", { name: "Briefs" }).getByRole("listitem").first();
    await row.getByRole("link", { name: NAME }).waitFor();
    const text = await row.textContent();
    assert.match(text ?? "", /Katherine Johnson/);
    assert.match(text ?? "", /English, German/);
    assert.match(text ?? "", /2027-03-31/);
    await j.browser.shotWhole("b1-1400-light-list", DESKTOP, { idle: true });

    await row.getByRole("link", { name: NAME }).click();
    await j.page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    const [download] = await Promise.all([
      j.page.waitForEvent("download"),
      j.page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csvPath = path.join(resultsDir, `${JOURNEY}-export.csv`);
    await download.saveAs(csvPath);
    const lines = fs.readFileSync(csvPath, "utf8").trim().split("\n");
    assert.equal(lines.length, 1 + 3 + 4, "a header and one row per cell");

    await j.page.getByRole("link", { name: "All briefs" }).click();
    await j.page.getByLabel("CSV file to import").setInputFiles(csvPath);
    await j.page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    await eventually(() => assert.notEqual(new URL(j.page.url()).pathname, briefPath));
    j.browser.console.assertClean();
  });

  it("(c) shows both screens at 390 px and in dark mode", async () => {
    await j.page.setViewportSize(PHONE);
    for (const [name, route] of /** @type {const} */ ([
      ["list", "/campaigns"],
      ["editor", briefPath],
    ])) {
      await j.page.goto(new URL(route, j.server.url).href);
      await j.page.getByRole("heading", { level: 1 }).waitFor();
      await j.page.waitForLoadState("networkidle");
      await assertNoSidewaysScroll(`${route} at 390 px`);
      if (name === "editor") {
        // The grid shows every stage of the industry without scrolling sideways.
        const grid = await j.page.locator("#cell-grid-panel").evaluate((el) => ({
          content: el.scrollWidth,
          box: el.clientWidth,
        }));
        assert.ok(grid.content <= grid.box, `the grid is ${grid.content}px in ${grid.box}px`);
      }
      await j.browser.shotWhole(`c1-390-light-${name}`, PHONE, { idle: true });
    }

    await j.page.goto(new URL("/settings", j.server.url).href);
    await j.page.getByRole("switch", { name: "Dark Mode" }).check();
    await j.page.getByRole("button", { name: "Save UI Settings" }).click();
    await eventually(async () =>
      assert.ok(await j.page.evaluate(() => document.documentElement.classList.contains("dark"))),
    );
    for (const [name, route] of /** @type {const} */ ([
      ["list", "/campaigns"],
      ["editor", briefPath],
    ])) {
      await j.page.goto(new URL(route, j.server.url).href);
      await j.page.getByRole("heading", { level: 1 }).waitFor();
      await assertNoSidewaysScroll(`${route} dark at 390 px`);
      await j.browser.shotWhole(`c2-390-dark-${name}`, PHONE, { idle: true });
      await j.browser.shotWhole(`c3-1400-dark-${name}`, DESKTOP, { idle: true });
      await j.page.setViewportSize(PHONE);
    }
    j.browser.console.assertClean();
  });
});
