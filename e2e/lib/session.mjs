// First-run administrator through the login page, as every journey on a fresh DATA_DIR needs it.
import assert from "node:assert/strict";
import { eventually } from "./wait.mjs";

/** The first administrator of a journey that needs an author and a reviewer. */
export const ADMIN = {
  name: "Grace Hopper",
  email: "grace@example.com",
  password: "Compiler-Pioneer-1952",
};
/** A second administrator: the reviewer, since authors may not approve what they wrote. */
export const REVIEWER = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  password: "Analytical-Engine-1843",
};

/**
 * Turns the signed-in user's dark mode on or off through the API (their other UI settings kept),
 * as Settings → UI Settings would; reload the page to see it.
 * @param {import("playwright-core").Page} page
 * @param {boolean} dark
 */
export async function setDarkMode(page, dark) {
  const status = await page.evaluate(async (darkMode) => {
    const current = await fetch("/api/me/settings").then((r) => r.json());
    const res = await fetch("/api/me/settings", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...current.data, darkMode }),
    });
    return res.status;
  }, dark);
  assert.equal(status, 200);
}

/**
 * Opens the app on a fresh server, fills "Create the administrator account" and waits for the
 * dashboard: the page is then signed in as that administrator.
 * @param {import("playwright-core").Page} page
 * @param {string} baseUrl  the server's BASE_URL
 * @param {{ name: string, email: string, password: string }} admin
 */
export async function createFirstAdmin(page, baseUrl, admin) {
  await page.goto(new URL("/", baseUrl).href);
  await eventually(() => assert.equal(new URL(page.url()).pathname, "/login"));
  await page.getByText("Create the administrator account").waitFor();
  await page.getByLabel("Name", { exact: true }).fill(admin.name);
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Create administrator account" }).click();
  await eventually(() => assert.equal(new URL(page.url()).pathname, "/"));
  await page.getByRole("heading", { level: 1, name: "Dashboard", exact: true }).waitFor();
}
