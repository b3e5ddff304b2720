// Writing a campaign brief in the editor, as the campaigns and kits journeys both do.
import assert from "node:assert/strict";
import { eventually } from "./wait.mjs";

/**
 * From the Campaigns screen, opens New brief and fills what both journeys' briefs share: the
 * name, objective, key message, due date, the approved engineering-change-orders fact and the
 * awareness and decision offers. The caller then picks cells (and languages) and calls
 * `createBrief`.
 * @param {import("playwright-core").Page} page
 * @param {{ name: string, dueDate: string }} brief  dueDate as YYYY-MM-DD
 */
export async function startBrief(page, { name, dueDate }) {
  await page.getByRole("link", { name: "New brief" }).first().click();
  await page.getByRole("heading", { level: 1, name: "New brief" }).waitFor();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Objective").fill("Book pilot conversations with engineering leaders.");
  await page.getByLabel("Key message").fill("See product cost while the design can change.");
  await page.getByLabel("Due date").fill(dueDate);
  await page
    .getByRole("checkbox", { name: /engineering change orders/ })
    .first()
    .check();
  await page.getByLabel("Awareness offer").selectOption("Should-Cost Benchmark Report");
  await page.getByLabel("Decision offer").selectOption("90-Day Pilot Plan");
}

/**
 * Creates the brief being written and waits for its editor (headed with its name).
 * @param {import("playwright-core").Page} page
 * @param {string} name
 * @returns {Promise<string>} the brief's path, /campaigns/brief-…
 */
export async function createBrief(page, name) {
  await page.getByRole("button", { name: "Create brief" }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  await eventually(() => assert.match(new URL(page.url()).pathname, /^\/campaigns\/brief-/));
  return new URL(page.url()).pathname;
}
