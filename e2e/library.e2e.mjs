// Content library journey with the built-in (offline) writer, in real Chromium against the
// built server: generate → the item is in the library → its address survives a reload → edit
// the body → a new version with a diff → submit → a second admin approves (after the gate's
// reasons; the author may not approve their own item) → publish → the dashboard's tiles,
// recent table and coverage map change.
import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { resultsDir } from "./lib/browser.mjs";
import { audienceShown } from "./lib/generator-brief.mjs";
import { useJourney } from "./lib/journey.mjs";
import { ADMIN, createFirstAdmin, REVIEWER } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";
import { WRITTEN } from "./lib/written-piece.mjs";

const JOURNEY = "library";
const TOPIC = "Design-stage costing for machined aerospace brackets";

describe("library journey", { timeout: 300_000 }, () => {
  const j = useJourney(JOURNEY);

  let itemPath = "";
  let title = "";
  /** Signs out and in again as `who`, then (re)opens the item. @param {{ email: string, password: string }} who */
  async function actAs(who) {
    await j.page.getByRole("button", { name: "Log out" }).click();
    await eventually(() => assert.equal(new URL(j.page.url()).pathname, "/login"));
    await j.page.getByLabel("Email", { exact: true }).fill(who.email);
    await j.page.getByLabel("Password", { exact: true }).fill(who.password);
    await j.page.getByRole("button", { name: "Sign in", exact: true }).click();
    // Signing in returns to the page the sign-out left (the item).
    await eventually(() => assert.notEqual(new URL(j.page.url()).pathname, "/login"));
    await j.open(itemPath);
    await j.page.getByRole("heading", { level: 1, name: title }).waitFor();
    // The page has settled on its first tab (Optimize) before a test picks another: at a load
    // of 12 a click on Edit made while the page was still loading did not open it.
    await j.page.getByRole("tabpanel").getByText("Quality Check", { exact: true }).waitFor();
  }
  /** @param {string} name */
  const tab = (name) => j.page.getByRole("tab", { name, exact: true });
  /** @param {string} label */
  const tile = (label) =>
    j.page
      .getByRole("region", { name: "Content statistics" })
      .getByText(label, { exact: true })
      .locator("xpath=../..");

  /**
   * Writes the outline out in the Edit tab, as a writer would: the headline, introduction and
   * conclusion replaced, the body typed as paragraphs. Saves.
   * @param {string[]} paragraphs
   */
  const writeOut = async (paragraphs) => {
    await j.page.getByLabel("Headline", { exact: true }).fill(WRITTEN.headline);
    await j.page.getByLabel("Introduction", { exact: true }).fill(WRITTEN.introduction);
    await j.page.getByLabel("Conclusion", { exact: true }).fill(WRITTEN.conclusion);
    const body = j.page.getByRole("textbox", { name: "Body", exact: true });
    await body.click();
    await j.page.keyboard.press("Control+A");
    await j.page.keyboard.press("Delete");
    for (const [i, paragraph] of paragraphs.entries()) {
      if (i > 0) await j.page.keyboard.press("Enter");
      await j.page.keyboard.insertText(paragraph);
    }
    await j.page.getByRole("button", { name: "Save", exact: true }).click();
  };

  it("(a) starts from an empty dashboard", async () => {
    await createFirstAdmin(j.page, j.server.url, ADMIN);
    await eventually(async () =>
      assert.match((await tile("Total Content").textContent()) ?? "", /Total Content\s*0/),
    );
    await j.page.getByText("No content yet.").waitFor();
    const coverage = j.page.getByRole("region", { name: "Coverage" });
    await coverage
      .getByRole("link", { name: /^No approved content for / })
      .first()
      .waitFor();
    assert.equal(await coverage.getByLabel(/approved or published, average quality/).count(), 0);
    await j.browser.shot("a-empty-dashboard");
  });

  it("(b) generates: the result links to the item's permanent address", async () => {
    // An empty coverage cell opens the generator with its persona, industry and stage.
    await j.page
      .getByRole("region", { name: "Coverage" })
      .getByRole("link", {
        name: "No approved content for CTO, Aerospace, Decision. Generate some.",
      })
      .click();
    await j.page.getByRole("heading", { level: 1, name: "Content Generator" }).waitFor();
    assert.equal(await j.page.getByLabel("Persona", { exact: true }).inputValue(), "cto");
    assert.equal(await j.page.getByLabel("Industry", { exact: true }).inputValue(), "aerospace");
    assert.equal(await j.page.getByLabel("Buying Stage", { exact: true }).inputValue(), "decision");
    await j.page.getByRole("button", { name: /^Content Details/ }).click();
    await j.page.getByLabel("Content Topic", { exact: true }).fill(TOPIC);
    await j.page.getByLabel("Content Type", { exact: true }).selectOption("technical-guide");
    await audienceShown(j.page, "decision");
    await j.page.getByRole("group", { name: "Key Metrics" }).getByRole("checkbox").first().check();
    await j.page.getByRole("button", { name: "Generate Content" }).click();
    // The result shows in the generator's tabs and links to the item's library page.
    await j.page
      .getByRole("tab", { name: "Optimize", exact: true, selected: true })
      .waitFor({ timeout: 120_000 });
    await j.page.getByRole("link", { name: "Open in Content Library" }).click();
    await eventually(() => assert.match(new URL(j.page.url()).pathname, /^\/library\/[\w-]+$/));
    itemPath = new URL(j.page.url()).pathname;
    await j.page.getByRole("tab", { name: "Optimize", exact: true, selected: true }).waitFor();
    title = ((await j.page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    assert.ok(title.length > 0);
    await j.browser.shot("b-item-optimize");
  });

  it("(c) the item is in the library, and its address survives a reload", async () => {
    await j.open("/library");
    const table = j.page.getByRole("table", { name: "Content library" });
    const row = table.getByRole("row").filter({ hasText: title });
    await row.waitFor();
    assert.match((await row.textContent()) ?? "", /Technical Guide.*CTO.*Aerospace.*Draft/);
    await j.page
      .getByRole("searchbox", { name: "Search" })
      .fill(title.split(" ").slice(0, 3).join(" ").toUpperCase());
    await eventually(async () => assert.equal(await table.getByRole("row").count(), 2));
    await j.browser.shot("c1-library");
    await row.getByRole("link", { name: title, exact: true }).click();
    await eventually(() => assert.equal(new URL(j.page.url()).pathname, itemPath));
    await j.page.reload();
    await j.page.getByRole("heading", { level: 1, name: title }).waitFor();
    await j.page.getByRole("tabpanel", { name: "Optimize" }).getByRole("article").waitFor();
  });

  it("(d) the draft is an outline; writing it out makes a new version with a diff", async () => {
    // The offline writer makes an outline, labelled as one, that cannot pass the check as it is.
    await j.page.getByText("Outline writer (offline, no AI)").first().waitFor();
    await tab("Edit").click();
    await writeOut([...WRITTEN.body, WRITTEN.misused]);
    await j.page.getByText("Saved as version 2.").waitFor({ timeout: 30_000 });
    await j.browser.shot("d1-written-out");

    await tab("History").click();
    const versions = j.page.getByRole("list", { name: "Versions" });
    await versions.getByText("Version 2", { exact: false }).first().waitFor();
    const diff = j.page.getByLabel("Changes from version 1 to version 2");
    await diff.waitFor();
    const inserted = (await diff.locator("ins").allTextContents()).join(" ");
    assert.match(inserted, /accepted supplier quotes/);
    await j.browser.shot("d2-history-diff");
  });

  it("(e) a misused number blocks approval with its reason; fixed, a second admin approves and publishes it", async () => {
    const created = await j.page.request.post(new URL("/api/users", j.server.url).href, {
      data: { ...REVIEWER, role: "admin" },
    });
    assert.equal(created.status(), 201, await created.text());
    await j.page.getByRole("button", { name: "Submit for review" }).click();
    await j.page.getByText("In review", { exact: true }).first().waitFor();
    // Its author does not approve it: no Approve button, and the server refuses it.
    await j.page.getByRole("button", { name: "Reject" }).waitFor();
    assert.equal(await j.page.getByRole("button", { name: "Approve" }).count(), 0);
    await j.page.getByText(/^You cannot approve content you wrote/).waitFor();
    await j.browser.shot("e0-author-cannot-approve");
    const id = itemPath.split("/").at(-1);
    const own = await j.page.request.post(
      new URL(`/api/library/${id}/transitions`, j.server.url).href,
      {
        data: { action: "approve" },
      },
    );
    assert.equal(own.status(), 403, await own.text());

    await actAs(REVIEWER);
    // The approved fact's figure moved to another subject: approval is refused, and says why.
    const blocked = j.page.getByText("Approval is blocked until:").locator("xpath=..");
    await blocked.waitFor();
    await blocked.getByText(/is misattributed\./).waitFor();
    assert.equal(await j.page.getByRole("button", { name: "Approve" }).isDisabled(), true);
    await j.browser.shot("e1-blocked-misattributed");
    await j.page.getByRole("button", { name: "Reject" }).click();
    await j.page.getByLabel("Reason").fill("The 8% figure is about machined parts, not panels.");
    await j.page.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
    await j.page.getByText("Draft", { exact: true }).first().waitFor();

    // The author quotes the approved fact word for word, without the misused sentence.
    await actAs(ADMIN);
    await tab("Edit").click();
    await writeOut(WRITTEN.body);
    await j.page.getByText("Saved as version 3.").waitFor({ timeout: 30_000 });
    await j.page.getByRole("button", { name: "Submit for review" }).click();
    await j.page.getByText("In review", { exact: true }).first().waitFor();
    // The reviewer finds nothing blocking it.
    await actAs(REVIEWER);
    const approve = j.page.getByRole("button", { name: "Approve" });
    await eventually(async () => assert.equal(await approve.isDisabled(), false));
    assert.equal(await j.page.getByText("Approval is blocked until:").count(), 0);
    await approve.click();
    await j.page.getByText("Approved", { exact: true }).first().waitFor();
    await j.page.getByText(new RegExp(`Approved \\(version 3\\) by ${REVIEWER.name}$`)).waitFor();
    // The header still names who saved version 3 (its author), not the approver.
    await j.page
      .getByText(new RegExp(`Version 3, saved by ${ADMIN.name} on `))
      .first()
      .waitFor();
    assert.equal(await j.page.getByText(new RegExp(`saved by ${REVIEWER.name}`)).count(), 0);
    await j.page.screenshot({ path: path.join(resultsDir, "library-approved-header.png") });
    await j.page.getByRole("button", { name: "Publish" }).click();
    await j.page.getByRole("button", { name: "Move back to draft" }).waitFor();
    await j.page.getByText("Published", { exact: true }).first().waitFor();

    await tab("Edit").click();
    await j.page
      .getByText("Published content is read-only. Move it back to draft to edit it.")
      .waitFor();
    await tab("History").click();
    const activity = j.page.getByRole("list", { name: "Activity" });
    for (const label of ["Published", "Approved", "Submitted for review", "Edited", "Created"]) {
      await activity
        .getByText(new RegExp(`^${label} · version`))
        .first()
        .waitFor();
    }
    await j.browser.shot("e2-published");
  });

  it("(f) the dashboard counts it: tiles, recent content and the coverage map", async () => {
    await j.open("/");
    await eventually(async () =>
      assert.match((await tile("Total Content").textContent()) ?? "", /Total Content\s*1/),
    );
    assert.match((await tile("Last 7 Days").textContent()) ?? "", /Last 7 Days\s*1/);
    const recent = j.page.getByRole("region", { name: "Recent Content" });
    await recent.getByRole("link", { name: title }).waitFor();
    assert.match((await recent.getByRole("row").nth(1).textContent()) ?? "", /CTO · Aerospace/);
    await j.page
      .getByRole("region", { name: "Coverage" })
      .getByLabel(/^CTO, Aerospace, Decision: 1 approved or published, average quality \d+%$/)
      .waitFor();
    await j.page
      .getByRole("region", { name: "AI Provider Status" })
      .getByText(/seconds/)
      .waitFor();
    await j.browser.shot("f-dashboard");
  });

  it("logs no console warning or error and raises no uncaught error", () => {
    j.browser.console.assertClean();
  });
});
