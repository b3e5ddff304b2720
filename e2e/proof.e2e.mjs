// Proof Library journey: an administrator replaces the catalogue's placeholder fact with real
// evidence (add, approve, retire the placeholder), generates with the built-in writer and sees
// the claim bound to the new fact, then retires the fact and sees the generated item listed as
// using it — in real Chromium against the built server.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fillGeneratorBrief } from "./lib/generator-brief.mjs";
import { useJourney } from "./lib/journey.mjs";
import { createFirstAdmin } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "proof";
const ADMIN = {
  name: "Mary Jackson",
  email: "mary@example.com",
  password: "Wind-Tunnel-Data-2026",
};
const STATEMENT =
  "Customers report a 35-45% reduction in engineering change orders in the first year.";
const PLACEHOLDER = "Customers see a 35-45% reduction in engineering change orders.";

describe("proof library journey", { timeout: 300_000 }, () => {
  const j = useJourney(JOURNEY);

  let headline = "";

  /** The card of one fact in the list. @param {string} statement */
  const factCard = (statement) =>
    j.page
      .getByRole("list", { name: "Facts" })
      .getByRole("listitem")
      .filter({ hasText: statement });

  it("(a) adds a fact with its source and approves it", async () => {
    await createFirstAdmin(j.page, j.server.url, ADMIN);
    await j.page.getByRole("link", { name: "Proof Library" }).click();
    await j.page.getByRole("heading", { level: 1, name: "Proof Library" }).waitFor();
    await factCard(PLACEHOLDER).waitFor();
    await j.browser.shot("a1-seeded-library");

    await j.page.getByRole("button", { name: "Add fact" }).click();
    const dialog = j.page.getByRole("dialog", { name: "Add fact" });
    await dialog.getByLabel("Statement").fill(STATEMENT);
    await dialog.getByLabel("Figure", { exact: true }).fill("35");
    await dialog.getByLabel("Up to").fill("45");
    await dialog.getByLabel("Unit").selectOption("%");
    // The server reads what the figure measures and which way it goes from the statement.
    await eventually(async () =>
      assert.equal(await dialog.getByLabel("Direction").inputValue(), "reduction"),
    );
    assert.ok((await dialog.getByLabel("Measures").inputValue()).length > 0, "measure read");
    await dialog.getByLabel("Source").fill("2026 customer outcome study, page 12");
    await dialog.getByLabel("Owner").fill("Product Marketing");
    await j.browser.shot("a2-add-fact");
    await dialog.getByRole("button", { name: "Propose fact" }).click();
    await dialog.waitFor({ state: "detached" });

    const card = factCard(STATEMENT);
    await card.getByText("Proposed", { exact: true }).waitFor();
    await card.getByText(/Reduction · /).waitFor();
    await card.getByRole("button", { name: `Approve: ${STATEMENT}` }).click();
    await card.getByText("Approved", { exact: true }).waitFor();

    // The placeholder it replaces is retired, so the claim can only bind to the new fact.
    await factCard(PLACEHOLDER)
      .getByRole("button", { name: `Retire: ${PLACEHOLDER}` })
      .click();
    await factCard(PLACEHOLDER).getByText("Retired", { exact: true }).waitFor();
    await j.browser.shot("a3-approved");
  });

  it("(b) generates with the built-in writer and shows the claim bound to the fact", async () => {
    await j.page.getByRole("link", { name: "Generate Content" }).click();
    await j.page.getByRole("heading", { level: 1, name: "Content Generator" }).waitFor();
    await fillGeneratorBrief(j.page, {
      stage: "awareness",
      topic: "Late engineering change orders and what they cost",
    });
    await j.page
      .getByRole("group", { name: "Key Metrics" })
      .getByRole("checkbox", { name: /engineering change orders/ })
      .check();
    await j.page.getByRole("button", { name: "Generate Content" }).click();
    const optimize = j.page.getByRole("tabpanel", { name: "Optimize", exact: true });
    await j.page
      .getByRole("tab", { name: "Optimize", exact: true, selected: true })
      .waitFor({ timeout: 120_000 });
    headline =
      (await optimize.getByRole("article").locator(":scope > h2").textContent())?.trim() ?? "";
    assert.ok(headline.length > 0, "no headline");

    const claims = optimize.getByRole("list", { name: "Claims and sources" });
    const bound = claims.getByRole("listitem").filter({ hasText: `Source: ${STATEMENT}` });
    await bound.first().waitFor();
    await bound.first().getByText("Bound", { exact: true }).waitFor();
    await bound.first().scrollIntoViewIfNeeded();
    await j.browser.shot("b1-claim-bound");
  });

  it("(c) retires the fact and lists the generated item that uses it", async () => {
    await j.page.getByRole("link", { name: "Proof Library" }).click();
    await j.page.getByRole("heading", { level: 1, name: "Proof Library" }).waitFor();
    await factCard(STATEMENT)
      .getByRole("button", { name: `Retire: ${STATEMENT}` })
      .click();
    const usages = j.page.getByRole("region", { name: "Content using this fact" });
    await usages.waitFor();
    await usages.getByText("1 stored content item uses this fact:").waitFor();
    await usages.getByRole("link", { name: headline }).waitFor();
    await factCard(STATEMENT).getByText("Retired", { exact: true }).waitFor();
    await j.browser.shot("c1-retired-usages");
  });
});
