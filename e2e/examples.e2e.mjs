// Example Repository journey: the sample repository (./examples) as the Local source — ingest
// it again from the UI, filter by tag, view one example, export it as markdown — in real
// Chromium against the built server. Expected counts come from the example files themselves.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { load } from "js-yaml";
import { launchBrowser, resultsDir, endJourney } from "./lib/browser.mjs";
import { repoRoot, startServer } from "./lib/server.mjs";
import { createFirstAdmin } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "examples";
const ADMIN = {
  name: "Grace Hopper",
  email: "grace@example.com",
  password: "Compiler-Pioneer-2026",
};
const TAG = "should-cost";
/** The success line stays this long (INGEST_SUCCESS_VISIBLE_MS in the web app). */
const SUCCESS_VISIBLE_MS = 3000;

/**
 * @typedef {object} ExampleFile
 * @property {string} file  path relative to the repository root
 * @property {string} title
 * @property {string[]} tags  as the server stores them: trimmed, lower-case, no duplicates
 * @property {string} headline
 */

/** Every markdown file under ./examples with its front matter and headline. @returns {ExampleFile[]} */
function readExampleFiles() {
  const root = path.join(repoRoot, "examples");
  const files = fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .sort();
  return files.map((name) => {
    const text = fs.readFileSync(path.join(root, name), "utf8");
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
    assert.ok(match, `${name} has no front matter`);
    const meta = /** @type {{ title: string, tags?: unknown[] | string }} */ (load(match[1] ?? ""));
    const rawTags = Array.isArray(meta.tags)
      ? meta.tags.map(String)
      : String(meta.tags ?? "").split(",");
    const tags = [...new Set(rawTags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
    const headline = /^## Headline\s*\n+([\s\S]*?)\n+## /m.exec(match[2] ?? "")?.[1]?.trim() ?? "";
    return { file: path.join("examples", name), title: meta.title, tags, headline };
  });
}

/** "1,234 examples found" / "1 example found", as the list's count line reads. @param {number} n */
const countLine = (n) => `${n.toLocaleString("en-US")} ${n === 1 ? "example" : "examples"} found`;

describe("examples journey", { timeout: 240_000 }, () => {
  const exampleFiles = readExampleFiles();
  const expectedTotal = exampleFiles.length;
  const expectedTagged = exampleFiles.filter((e) => e.tags.includes(TAG)).length;

  /** @type {Awaited<ReturnType<typeof startServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;
  /** @type {import("playwright-core").Page} */
  let page;

  before(async () => {
    assert.ok(expectedTotal > 0, "no example files under ./examples");
    assert.ok(expectedTagged > 0 && expectedTagged < expectedTotal, `tag ${TAG} filters nothing`);
    server = await startServer();
    browser = await launchBrowser(JOURNEY);
    page = browser.page;
  });

  after(() => endJourney(JOURNEY, server, browser));

  /** @param {string} route */
  const open = (route) => page.goto(new URL(route, server.url).href);
  /** The list's count line ("N examples found"). */
  const countHeading = () => page.getByRole("heading", { level: 2, name: /examples? found$/ });
  /** @param {string} route */
  const getJson = async (route) => {
    const response = await page.request.get(new URL(route, server.url).href);
    assert.equal(response.status(), 200, `GET ${route}`);
    return /** @type {{ success: true, data: any }} */ (await response.json()).data;
  };

  it("(a) signs in as the first administrator; the sample repository is ingested on first start", async () => {
    await createFirstAdmin(page, server.url, ADMIN);
    // The first start ingests ./examples in the background: wait for that job to finish so
    // the ingest below is the only one on screen.
    await eventually(
      async () => {
        const running = await getJson("/api/examples/ingest/jobs?running=true");
        assert.deepEqual(running, [], "the start-up ingest is still running");
        const list = await getJson("/api/examples?source=local&pageSize=1");
        assert.equal(list.total, expectedTotal);
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    await open("/examples?source=local");
    await page.getByRole("heading", { level: 1, name: "Example Repository" }).waitFor();
    await page.getByText(countLine(expectedTotal), { exact: true }).waitFor();
    assert.equal(await page.getByRole("radio", { name: "Local" }).isChecked(), true);
    await browser.shot("a-list-local");
  });

  it("(b) ingests from Local: busy button, then the counts, which go away after ~3 s", async () => {
    // Hold the start request so the busy state is observable however fast the ingest is.
    const startIngest = /\/api\/examples\/ingest$/;
    await page.route(startIngest, async (route) => {
      if (route.request().method() === "POST") {
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    await page.getByRole("button", { name: "Ingest Examples" }).click();
    const busy = page.getByRole("button", { name: "Ingesting..." });
    await busy.waitFor({ timeout: 5000 });
    assert.equal(await busy.isDisabled(), true, "the busy button should be disabled");
    await browser.shot("b1-ingesting");

    const success = page.getByRole("status").filter({ hasText: /^Ingestion complete:/ });
    await success.waitFor({ timeout: 60_000 });
    const seenAt = Date.now();
    await page.unroute(startIngest);
    const text = (await success.textContent()) ?? "";
    // "Ingestion complete: 0 new examples added, 0 examples updated, 28 unchanged, 0 errors."
    assert.ok(text.includes("0 new examples added"), text);
    assert.ok(text.includes(`${expectedTotal} unchanged`), text);
    assert.ok(text.includes("0 examples updated"), text);
    assert.ok(text.includes("0 errors"), text);
    await page.getByRole("button", { name: "Ingest Examples" }).waitFor();
    await page.getByText(countLine(expectedTotal), { exact: true }).waitFor();
    await browser.shot("b2-ingest-complete");

    await success.waitFor({ state: "hidden", timeout: SUCCESS_VISIBLE_MS + 5000 });
    const shownMs = Date.now() - seenAt;
    assert.ok(
      shownMs >= SUCCESS_VISIBLE_MS - 1000 && shownMs <= SUCCESS_VISIBLE_MS + 2000,
      `the success line stayed ${shownMs} ms (expected about ${SUCCESS_VISIBLE_MS} ms)`,
    );
    await browser.shot("b3-success-gone");
  });

  it(`(c) filters by the tag ${TAG}`, async () => {
    await page.getByLabel("Tags", { exact: true }).fill(TAG);
    await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/api/examples" && r.url().includes(`tags=${TAG}`),
      ),
      page.getByRole("button", { name: "Apply Filters" }).click(),
    ]);
    await page.getByText(countLine(expectedTagged), { exact: true }).waitFor();
    assert.equal(await countHeading().textContent(), countLine(expectedTagged));

    const rows = await page.locator("table tbody tr").evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = /** @type {HTMLTableRowElement} */ (tr).cells;
        const chips = [...(cells[5]?.querySelectorAll("span") ?? [])];
        const shown = chips
          .map((c) => c.textContent?.trim() ?? "")
          .filter((t) => !/^\+\d+ more$/.test(t));
        const hidden = chips.flatMap((c) => (c.title ? c.title.split(", ") : []));
        return { title: cells[0]?.textContent ?? "", tags: [...shown, ...hidden] };
      }),
    );
    assert.equal(rows.length, Math.min(expectedTagged, 20), "rows on the first page");
    for (const row of rows) {
      assert.ok(row.tags.includes(TAG), `"${row.title}" shows tags ${row.tags.join(", ")}`);
    }
    const expectedTitles = exampleFiles.filter((e) => e.tags.includes(TAG)).map((e) => e.title);
    for (const row of rows)
      assert.ok(expectedTitles.includes(row.title), `unexpected "${row.title}"`);
    await browser.shot("c-filtered-by-tag");
  });

  it("(d) views the first example in a dialog with every field, then closes it", async () => {
    const viewButton = page.getByRole("button", { name: /^View / }).first();
    const [detailResponse] = await Promise.all([
      page.waitForResponse(
        (r) =>
          /^\/api\/examples\/[^/]+$/.test(new URL(r.url()).pathname) &&
          r.request().method() === "GET",
      ),
      viewButton.click(),
    ]);
    const detail = (await detailResponse.json()).data;
    const file = exampleFiles.find((e) => e.title === detail.title);
    assert.ok(file, `no example file has the title "${detail.title}"`);
    assert.ok(detail.tags.includes(TAG));

    const dialog = page.getByRole("dialog", { name: detail.title });
    await dialog.getByRole("heading", { name: "Headline", exact: true }).waitFor();
    const meta = await dialog
      .locator("dl > div")
      .evaluateAll((items) =>
        Object.fromEntries(
          items.map((item) => [
            item.querySelector("dt")?.textContent?.trim().toLowerCase() ?? "",
            /** @type {HTMLElement} */ (item.querySelector("dd"))?.innerText.trim() ?? "",
          ]),
        ),
      );
    assert.equal(meta["category"], detail.category === "good" ? "Good Example" : "Bad Example");
    // Shown capitalised by CSS ("case study" → "Case Study").
    assert.equal(meta["content type"]?.toLowerCase(), detail.contentType.replace(/-/g, " "));
    assert.equal(meta["target persona"], detail.persona);
    assert.equal(meta["industry"], detail.industry ?? "N/A");
    const stage = detail.buyingStage
      ? detail.buyingStage.charAt(0).toUpperCase() + detail.buyingStage.slice(1)
      : "N/A";
    assert.equal(meta["buying stage"], stage);
    for (const tag of file.tags)
      assert.ok(meta["tags"]?.includes(tag), `tag ${tag} in ${meta["tags"]}`);

    /** Text of one titled section of the dialog. @param {string} title */
    const section = (title) =>
      dialog
        .locator("section")
        .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
        .locator(":scope > div")
        .innerText();
    /** @param {string} s */
    const squash = (s) => s.replace(/\s+/g, " ").trim();
    assert.equal(squash(await section("Headline")), squash(file.headline));
    assert.equal(squash(await section("Headline")), squash(detail.headline));
    assert.equal(squash(await section("Introduction")), squash(detail.introduction));
    assert.equal(squash(await section("Conclusion")), squash(detail.conclusion));
    assert.equal(squash(await section("Notes")), squash(detail.notes || "No notes."));
    // The body is rendered markdown: compare with the text of the server's HTML.
    const bodyText = await page.evaluate((html) => {
      const template = document.createElement("template");
      template.innerHTML = html;
      return template.content.textContent ?? "";
    }, detail.bodyHtml);
    assert.ok(squash(bodyText).length > 0, "empty body");
    assert.equal(squash(await section("Body")), squash(bodyText));
    await browser.shot("d1-view-dialog");

    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await eventually(async () =>
      assert.equal(await viewButton.evaluate((el) => el === document.activeElement), true),
    );
    await browser.shot("d2-dialog-closed");
  });

  it("(e) exports the first example as a markdown file", async () => {
    const title =
      (await page.locator("table tbody tr").first().locator("td").first().textContent()) ?? "";
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: `Export ${title}`, exact: true }).click(),
    ]);
    const fileName = download.suggestedFilename();
    assert.match(fileName, /^(good|bad)-[a-z0-9-]+\.md$/);
    const saved = path.join(resultsDir, `${JOURNEY}-export.md`);
    await download.saveAs(saved);
    const markdown = fs.readFileSync(saved, "utf8");
    assert.ok(markdown.startsWith("---"), markdown.slice(0, 80));
    assert.ok(markdown.includes("## Headline"), "no ## Headline section");
    assert.ok(markdown.includes(TAG), `the export lost the tag ${TAG}`);
    const meta = /** @type {{ title: string }} */ (
      load(/^---\r?\n([\s\S]*?)\r?\n---/.exec(markdown)?.[1] ?? "")
    );
    assert.equal(meta.title, title);
    await browser.shot("e-exported");
  });

  it("logs no console warning or error and raises no uncaught error in the page", () => {
    browser.console.assertClean();
  });
});
