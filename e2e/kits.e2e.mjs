// Campaign kit journey: an administrator writes a brief (2 cells, 3 assets) and generates its
// kit with OpenAI pointed at the loopback fake (one call at a time, each answered after ~400 ms),
// watches the progress move without reloading, cancels (the count stops), resumes to the end,
// reads the matrix (a flagged LinkedIn post's details), opens a done asset in the library,
// submits it and has a second administrator approve it, then exports the kit as a ZIP with
// index.csv. The running and finished kit at 1400 and 390 px, light and dark; at 390 px the
// entries are a list and the page does not scroll sideways.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import yauzl from "yauzl";
import { KIT_ASSET_LABELS } from "@content-studio/contract";
import { answer } from "../packages/server/test/fakes/ai-provider-server.ts";
import { launchBrowser, resultsDir, endJourney, DESKTOP, PHONE } from "./lib/browser.mjs";
import { createBrief, startBrief } from "./lib/campaign-brief.mjs";
import { openAiEnv, startFakeOpenAi, switchToOpenAi } from "./lib/fake-openai.mjs";
import { startServer } from "./lib/server.mjs";
import { ADMIN, createFirstAdmin, REVIEWER } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "kits";
const NAME = "Bracket costing spring kit";
const CELLS = ["VP of Engineering, Aerospace, Awareness", "VP of Engineering, Aerospace, Decision"];
const ASSETS = ["Article", "LinkedIn post", "3 email subjects"];
const UNUSED_ASSETS = ["X post", "Newsletter blurb", "Image prompt"];
const STEPS = CELLS.length * ASSETS.length;
/** How long the fake takes to answer a call, normally (ms). */
const PACE_MS = 400;
/** While screenshots of a running kit are taken: slow enough that it cannot finish meanwhile. */
const SLOW_PACE_MS = 3000;

/** The article the fake writes: its figure is the approved "35-45%" fact the brief picks. */
const ARTICLE = {
  headline: "Fewer engineering change orders: cost every bracket before release",
  introduction:
    "Aerospace programs discover most cost problems after design release, when every change needs an engineering change order. Customers see a 35-45% reduction in engineering change orders once designers see should-cost estimates during design reviews.",
  body: [
    "<h2>Why cost surprises arrive late</h2>",
    "<p>Engineers fix most of a bracket's cost when they choose the billet, the setups and the pocket depth, yet cost data usually arrives from procurement after release.</p>",
    "<h2>How a design-stage estimate works</h2>",
    "<ul><li>Estimate cost from the CAD model at every design review.</li><li>Compare two design options by their cost drivers.</li><li>Challenge every supplier quote that sits well above the design-stage estimate.</li></ul>",
    "<h2>What changes for the program</h2>",
    "<p>Customers see a 35-45% reduction in engineering change orders, because expensive choices are caught while the design can still change.</p>",
  ].join(""),
  conclusion:
    "Download the Should-Cost Benchmark Report to compare approaches before your next design review.",
  imagePrompt: "An engineer reviewing a cost breakdown next to a CAD model of a bracket",
};

/** Every entry of a ZIP archive, as text by name. @param {Buffer} zip @returns {Promise<Map<string, string>>} */
function unzipTexts(zip) {
  return new Promise((resolve, reject) => {
    /** @type {Map<string, string>} */
    const entries = new Map();
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error("not a zip"));
      archive.on("entry", (entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("unreadable"));
          /** @type {Buffer[]} */
          const chunks = [];
          stream.on("data", (chunk) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
            archive.readEntry();
          });
        });
      });
      archive.on("end", () => resolve(entries));
      archive.on("error", reject);
      archive.readEntry();
    });
  });
}

describe("kits journey", { timeout: 600_000 }, () => {
  /** @type {Awaited<ReturnType<typeof startFakeOpenAi>>} */
  let fake;
  /** @type {Awaited<ReturnType<typeof startServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;
  /** @type {import("playwright-core").Page} */
  let page;
  let pace = PACE_MS;
  let briefPath = "";
  let kitId = "";

  before(async () => {
    // Article prompts get the draft, short-asset prompts their JSON: the LinkedIn post puts
    // another figure on the article's subject, which the kit check flags.
    fake = await startFakeOpenAi();
    fake.setDefault((request) => {
      const prompt = request.promptText;
      const delayMs = pace;
      if (/exactly 3 email subject lines/.test(prompt)) {
        return answer(
          // Short assets keep every figure of their article (the kit's language check).
          { subjects: ["35-45% fewer change orders", "Quotes you can check", "A pilot plan"] },
          { delayMs },
        );
      }
      if (/Write a LinkedIn post/.test(prompt)) {
        return answer(
          {
            text: "Customers see a 60% reduction in engineering change orders. Read the Should-Cost Benchmark Report.",
          },
          { delayMs },
        );
      }
      if (/Write (an X post|a newsletter blurb|one prompt for an image model)/.test(prompt)) {
        return answer(
          { text: "Should-cost estimates during design cut late changes." },
          { delayMs },
        );
      }
      return answer(ARTICLE, { delayMs });
    });
    server = await startServer({
      env: { ...openAiEnv(fake), KIT_CONCURRENCY: "1" },
    });
    browser = await launchBrowser(JOURNEY, { viewport: DESKTOP });
    page = browser.page;
  });

  after(async () => {
    await endJourney(JOURNEY, server, browser);
    await fake?.close();
  });

  /** @param {string} route */
  const open = (route) => page.goto(new URL(route, server.url).href);
  const kitCard = () => page.getByRole("region", { name: "Campaign kit" });
  /** The kit's status badge ("Running", "Cancelled", "Done"). @param {string} label */
  const kitStatus = (label) => kitCard().locator("header").getByText(label, { exact: true });
  /** The count beside a step status in "Entries per status". @param {string} label */
  async function countOf(label) {
    const text = await kitCard()
      .getByRole("list", { name: "Entries per status" })
      .getByRole("listitem")
      .filter({ hasText: new RegExp(`^${label}\\d+$`) })
      .textContent();
    return Number(/(\d+)$/.exec(text ?? "")?.[1] ?? NaN);
  }
  const finishedNow = async () =>
    Number(await kitCard().getByRole("progressbar").getAttribute("aria-valuenow"));
  /** The kit as the API has it. */
  async function apiKit() {
    const response = await page.request.get(new URL(`/api/kits/${kitId}`, server.url).href);
    assert.equal(response.status(), 200, await response.text());
    return /** @type {import("@content-studio/contract").Kit} */ ((await response.json()).data);
  }
  /** Every fake call has been answered or abandoned. */
  const fakeIdle = () =>
    eventually(
      () =>
        assert.ok(
          fake.requests.every((r) => r.finishedAt !== undefined || r.abortedAt !== undefined),
          "a provider call is still open",
        ),
      { timeoutMs: 30_000 },
    );

  /** At 390 px: entries are a list (the matrix header is hidden) and nothing scrolls sideways. @param {string} label */
  async function assertPhoneLayout(label) {
    await page.setViewportSize(PHONE);
    await eventually(async () => {
      const layout = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
      }));
      assert.ok(
        layout.page <= layout.window,
        `${label}: the page is ${layout.page}px wide in a ${layout.window}px window`,
      );
    });
    const entries = kitCard().getByRole("list", { name: "Kit entries by cell" });
    await entries.waitFor();
    // The list layout names each entry's asset in the entry (the header row is for wide screens).
    const firstCell = entries.getByRole("listitem").first();
    await firstCell.getByText("Article", { exact: true }).waitFor();
    assert.equal(
      await firstCell.getByText("Article", { exact: true }).evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 1 && box.height > 1;
      }),
      true,
      `${label}: the entry's asset name is not visible at 390 px`,
    );
    const cellBox = await firstCell.boundingBox();
    assert.ok(cellBox && cellBox.width <= PHONE.width, `${label}: a cell is wider than the phone`);
  }

  it("(a) switches to OpenAI and writes a brief with 2 cells and 3 assets", async () => {
    await createFirstAdmin(page, server.url, ADMIN);
    const created = await page.request.post(new URL("/api/users", server.url).href, {
      data: { ...REVIEWER, role: "admin" },
    });
    assert.equal(created.status(), 201, await created.text());
    // The admin makes OpenAI (here the fake) the current provider.
    await switchToOpenAi(page);

    await page.getByRole("link", { name: "Campaigns" }).click();
    await page.getByRole("heading", { level: 1, name: "Campaigns" }).waitFor();
    await startBrief(page, { name: NAME, dueDate: "2027-04-30" });
    for (const cell of CELLS) await page.getByRole("checkbox", { name: cell }).check();
    const assets = page.getByRole("group", { name: "Assets per cell" });
    for (const asset of UNUSED_ASSETS) {
      await assets.getByRole("checkbox", { name: asset, exact: true }).uncheck();
    }
    for (const asset of ASSETS) {
      assert.equal(
        await assets.getByRole("checkbox", { name: asset, exact: true }).isChecked(),
        true,
      );
    }
    // OpenAI writes every language: no English-only warning.
    assert.equal(await page.getByText(/writes English only/).count(), 0);
    briefPath = await createBrief(page, NAME);
    await kitCard().getByRole("button", { name: "Generate kit" }).waitFor();
    browser.console.assertClean();
  });

  it("(b) generates the kit and the progress moves live, without a reload", async () => {
    // A reload or navigation would drop this marker.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const [started] = await Promise.all([
      page.waitForResponse(
        (r) => /\/api\/campaigns\/[^/]+\/kits$/.test(new URL(r.url()).pathname),
        { timeout: 60_000 },
      ),
      kitCard().getByRole("button", { name: "Generate kit" }).click(),
    ]);
    assert.equal(started.status(), 201);
    kitId = (await started.json()).data.id;
    await kitStatus("Running").waitFor({ timeout: 30_000 });
    await kitCard()
      .getByText(new RegExp(`^0 of ${STEPS} finished \\(0%\\)$`))
      .waitFor();
    // Steps finish one by one (one call at a time), and the page shows it as it happens.
    await eventually(async () => assert.ok((await countOf("Done")) >= 1, "nothing done yet"), {
      timeoutMs: 120_000,
    });
    // From here on each call takes seconds: the kit is still running for the screenshots.
    pace = SLOW_PACE_MS;
    assert.equal(await page.evaluate(() => "__sameDocument" in window), true, "the page reloaded");
    const done = await countOf("Done");
    assert.ok(done < STEPS, "the kit finished before it could be watched");
    assert.ok((await finishedNow()) >= done);
    await kitCard()
      .getByText(/ so far/)
      .waitFor();
    await kitStatus("Running").waitFor();
    await browser.shotWhole("b1-1400-light-running", DESKTOP);
    await assertPhoneLayout("running kit");
    await browser.shotWhole("b2-390-light-running", PHONE);
    await page.setViewportSize(DESKTOP);
    assert.equal(await page.evaluate(() => "__sameDocument" in window), true, "the page reloaded");
    browser.console.assertClean();
  });

  it("(c) cancels: the status reads cancelled and the count stops; resumes to the end", async () => {
    pace = PACE_MS;
    await kitCard().getByRole("button", { name: "Cancel kit" }).click();
    await kitStatus("Cancelled").waitFor();
    await kitCard().getByRole("button", { name: "Resume kit" }).waitFor();
    assert.equal(await kitCard().getByRole("button", { name: "Cancel kit" }).count(), 0);
    await kitCard()
      .getByText(/^Took /)
      .waitFor();
    // A call in flight when it was cancelled is answered, and its step is not stored. Then
    // nothing moves: no new call, the same count in the page and in the API, for longer than
    // a few calls would take.
    await fakeIdle();
    // That step goes back to the queue, and the page says so: nothing reads as being written.
    await eventually(async () => assert.equal((await apiKit()).counts.writing ?? 0, 0));
    await eventually(async () => assert.equal(await countOf("Writing"), 0));
    assert.equal(await countOf("Checking"), 0);
    const calls = fake.requests.length;
    const stopped = await apiKit();
    assert.equal(stopped.status, "cancelled");
    assert.ok(stopped.counts.done < STEPS, "everything was done before the cancel");
    await eventually(async () => assert.equal(await countOf("Done"), stopped.counts.done));
    const watchUntil = Date.now() + PACE_MS * 4;
    while (Date.now() < watchUntil) {
      assert.equal(await countOf("Done"), stopped.counts.done, "the count moved after cancel");
      await page.waitForTimeout(100);
    }
    assert.equal(fake.requests.length, calls, "the provider was called after cancel");
    assert.equal((await apiKit()).counts.done, stopped.counts.done);
    await kitStatus("Cancelled").waitFor();
    await browser.shotWhole("c1-1400-light-cancelled", DESKTOP);

    await kitCard().getByRole("button", { name: "Resume kit" }).click();
    await kitStatus("Running").waitFor();
    await kitStatus("Done").waitFor({ timeout: 180_000 });
    await kitCard().getByText(`${STEPS} of ${STEPS} finished (100%)`).waitFor();
    const done = await apiKit();
    assert.equal(done.status, "done");
    assert.equal(done.counts.done, STEPS);
    // Steps done before the cancel kept their library items.
    for (const step of stopped.steps.filter((s) => s.status === "done")) {
      assert.equal(done.steps.find((s) => s.id === step.id)?.contentItemId, step.contentItemId);
    }
    await kitCard().getByRole("link", { name: "Export kit" }).waitFor();
    await page.getByRole("button", { name: "Generate a new kit" }).waitFor();
    await browser.shotWhole("c2-1400-light-finished", DESKTOP);
    await assertPhoneLayout("finished kit");
    await browser.shotWhole("c3-390-light-finished", PHONE);
    await page.setViewportSize(DESKTOP);
    browser.console.assertClean();
  });

  it("(d) reads the matrix, opens a done asset, submits it and a second admin approves it", async (t) => {
    const kit = await apiKit();
    const entries = kitCard().getByRole("list", { name: "Kit entries by cell" });
    const rowLabel = "VP of Engineering · Aerospace · Awareness";
    const row = entries
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: rowLabel }) });
    await row.waitFor();
    // The matrix header names the asset columns at 1400 px.
    for (const asset of ASSETS) {
      await kitCard().getByText(asset, { exact: true }).first().waitFor();
    }
    // The LinkedIn post says 60% where the article says 35-45%: a finding, in its details.
    const linkedin = kit.steps.find((s) => s.asset === "linkedin" && s.buyingStage === "awareness");
    assert.ok(linkedin && linkedin.findings.length > 0, "the LinkedIn post has no finding");
    const details = row.getByRole("button", { name: `Details of LinkedIn post for ${rowLabel}` });
    assert.equal(await details.getAttribute("aria-expanded"), "false");
    await details.click();
    assert.equal(await details.getAttribute("aria-expanded"), "true");
    const panelId = (await details.getAttribute("aria-controls")) ?? "";
    const panel = page.locator(`[id="${panelId}"]`);
    await panel.getByText(/60/).first().waitFor();
    await browser.shotWhole("d1-1400-light-details", DESKTOP);

    // The article if it meets the quality threshold without findings, else an asset of the
    // same cell without findings (a short asset: its claims and the kit check decide, not the
    // article score).
    const settings = await page.request.get(new URL("/api/settings/generation", server.url).href);
    const threshold = (await settings.json()).data.qualityThreshold;
    const awareness = kit.steps.filter((s) => s.buyingStage === "awareness");
    const article = awareness.find((s) => s.asset === "article");
    assert.ok(article);
    const useArticle =
      article.findings.length === 0 &&
      article.qualityScore !== null &&
      article.qualityScore >= threshold;
    const pick = useArticle
      ? article
      : awareness.find((s) => s.status === "done" && s.findings.length === 0);
    assert.ok(pick && pick.status === "done", `nothing approvable: ${JSON.stringify(awareness)}`);
    t.diagnostic(
      `approving the ${pick.asset} (article score ${article.qualityScore}, threshold ${threshold}, article findings ${article.findings.length})`,
    );
    const pickLabel = KIT_ASSET_LABELS[pick.asset];
    const link = row.getByRole("link", {
      name: `Open ${pickLabel} for ${rowLabel} in the library`,
    });
    assert.equal(await link.getAttribute("href"), `/library/${pick.contentItemId}`);
    await link.click();
    await eventually(() =>
      assert.equal(new URL(page.url()).pathname, `/library/${pick.contentItemId}`),
    );
    await page.getByRole("heading", { level: 1 }).waitFor();
    const itemPath = new URL(page.url()).pathname;
    await page.getByRole("button", { name: "Submit for review" }).click();
    await page.getByText("In review", { exact: true }).first().waitFor();
    // The author generated it: another administrator approves.
    await page.getByText(/^You cannot approve content you wrote/).waitFor();

    await page.getByRole("button", { name: "Log out" }).click();
    await eventually(() => assert.equal(new URL(page.url()).pathname, "/login"));
    await page.getByLabel("Email", { exact: true }).fill(REVIEWER.email);
    await page.getByLabel("Password", { exact: true }).fill(REVIEWER.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await eventually(() => assert.notEqual(new URL(page.url()).pathname, "/login"));
    await open(itemPath);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const approve = page.getByRole("button", { name: "Approve" });
    await eventually(async () => assert.equal(await approve.isDisabled(), false));
    assert.equal(await page.getByText("Approval is blocked until:").count(), 0);
    const [approved] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/transitions"), {
        timeout: 60_000,
      }),
      approve.click(),
    ]);
    assert.equal(approved.status(), 200, await approved.text());
    await page.getByText("Approved", { exact: true }).first().waitFor();
    await browser.shot("d2-approved");
    await page.getByText(new RegExp(`Approved \\(version \\d+\\) by ${REVIEWER.name}$`)).waitFor();
    browser.console.assertClean();
  });

  it("(e) back on the brief (as the reviewer), Export kit downloads a ZIP with index.csv", async () => {
    await open(briefPath);
    await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    await kitStatus("Done").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      kitCard().getByRole("link", { name: "Export kit" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.zip$/);
    const zipPath = path.join(resultsDir, `${JOURNEY}-export.zip`);
    await download.saveAs(zipPath);
    const zip = fs.readFileSync(zipPath);
    assert.equal(zip.subarray(0, 2).toString("latin1"), "PK", "not a ZIP");
    const entries = await unzipTexts(zip);
    const index = entries.get("index.csv");
    assert.ok(index, `no index.csv in ${[...entries.keys()].join(", ")}`);
    const lines = index.trim().split(/\r?\n/);
    assert.equal(lines.length, 1 + STEPS, "a header and one row per asset");
    assert.ok(
      [...entries.keys()].filter((name) => name.endsWith(".docx")).length >= 2,
      "the articles are in the archive",
    );
    browser.console.assertClean();
  });

  it("(f) in dark mode: the finished kit, then a new kit running, at 1400 and 390 px", async () => {
    await open("/settings");
    await page.getByRole("switch", { name: "Dark Mode" }).check();
    await page.getByRole("button", { name: "Save UI Settings" }).click();
    await eventually(async () =>
      assert.ok(await page.evaluate(() => document.documentElement.classList.contains("dark"))),
    );
    await open(briefPath);
    await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    await kitStatus("Done").waitFor();
    await browser.shotWhole("f1-1400-dark-finished", DESKTOP);
    await assertPhoneLayout("finished kit, dark");
    await browser.shotWhole("f2-390-dark-finished", PHONE);
    await page.setViewportSize(DESKTOP);

    pace = SLOW_PACE_MS;
    await page.getByRole("button", { name: "Generate a new kit" }).click();
    await kitStatus("Running").waitFor({ timeout: 30_000 });
    await eventually(async () => assert.ok((await countOf("Writing")) >= 1), {
      timeoutMs: 60_000,
    });
    await browser.shotWhole("f3-1400-dark-running", DESKTOP);
    await assertPhoneLayout("running kit, dark");
    await browser.shotWhole("f4-390-dark-running", PHONE);
    await page.setViewportSize(DESKTOP);
    pace = PACE_MS;
    await kitStatus("Done").waitFor({ timeout: 180_000 });
    browser.console.assertClean();
  });
});
