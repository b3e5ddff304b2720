// API tokens journey: an administrator creates a token in Settings → Your account, copies it
// from the one-time dialog, and this test calls the API with it as a script would (reads
// work, a write outside its scopes and token management are refused); the list shows when it
// was last used; revoking it (after a confirmation) stops it at once. The API reference at
// /api/docs renders under the server's CSP. Screenshots at 1400 and 390 px, light and dark.
import assert from "node:assert/strict";
import path from "node:path";
import { before, describe, it } from "node:test";
import { resultsDir, DESKTOP, PHONE } from "./lib/browser.mjs";
import { useJourney } from "./lib/journey.mjs";
import { createFirstAdmin, setDarkMode } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "tokens";
const ADMIN = { name: "Ada Admin", email: "ada@example.com", password: "Orbital-Tooling-2026" };

describe("API tokens journey", { timeout: 300_000 }, () => {
  const j = useJourney(JOURNEY, { browser: { viewport: DESKTOP } });
  before(() =>
    j.browser.context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: j.server.url,
    }),
  );

  /**
   * A request as a script sends it: no cookie, the token in the Authorization header.
   * @param {string} token @param {string} method @param {string} urlPath @param {unknown} [body]
   */
  const callApi = (token, method, urlPath, body) =>
    fetch(new URL(urlPath, j.server.url), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("creates a token, calls the API with it, sees its last use, and revokes it", async () => {
    const page = j.browser.page;
    await createFirstAdmin(page, j.server.url, ADMIN);
    await page.goto(new URL("/settings", j.server.url).href);
    const card = page.getByRole("region", { name: "API tokens" });
    await card.getByText("No tokens yet.").waitFor();
    await card.getByRole("button", { name: "New token" }).click();

    const dialog = page.getByRole("dialog", { name: "New API token" });
    await dialog.getByLabel("Name", { exact: true }).fill("Nightly export");
    // Scopes come from the admin's own: every one is offered, library:read is preselected.
    assert.equal(await dialog.getByRole("checkbox").count(), 6);
    assert.equal(await dialog.getByRole("checkbox", { name: /library:read/ }).isChecked(), true);
    await dialog.getByLabel("Expires after").selectOption("90");
    await j.browser.shot("a-create-1400-light");
    await dialog.getByRole("button", { name: "Create token" }).click();

    const shown = page.getByRole("dialog", { name: "Copy your new token" });
    const field = shown.getByLabel("Token", { exact: true });
    await field.waitFor();
    const token = await field.inputValue();
    assert.match(token, /^cs_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole("button", { name: "Copy token" }).click();
    await shown.getByRole("button", { name: "Copied" }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), token);
    await j.browser.shot("b-secret-1400-light");
    await shown.getByRole("button", { name: "Done" }).click();
    await shown.waitFor({ state: "detached" });

    const row = card.getByRole("row", { name: /Nightly export/ });
    await row.getByText("never used", { exact: true }).waitFor();
    // The secret is shown once: nowhere on the page any more.
    assert.equal(await page.getByText(token).count(), 0);

    // The script's calls: reads work, a write needs library:write, tokens cannot manage tokens.
    const library = await callApi(token, "GET", "/api/library");
    assert.equal(library.status, 200);
    assert.equal((await library.json()).success, true);
    const write = await callApi(token, "PUT", "/api/company-profile", {});
    assert.equal(write.status, 403);
    assert.match((await write.json()).message, /"admin" scope/);
    assert.equal((await callApi(token, "GET", "/api/tokens")).status, 403);
    assert.equal((await callApi(`${token.slice(0, -1)}x`, "GET", "/api/library")).status, 401);

    await page.reload();
    await card
      .getByRole("row", { name: /Nightly export/ })
      .getByText(/^last used/)
      .waitFor();
    await j.browser.shot("c-list-1400-light");
    await setDarkMode(j.browser.page, true);
    await page.reload();
    await card.getByRole("row", { name: /Nightly export/ }).waitFor();
    await j.browser.shot("d-list-1400-dark");
    await page.setViewportSize(PHONE);
    await card.scrollIntoViewIfNeeded();
    await j.browser.shot("e-list-390-dark");
    await setDarkMode(j.browser.page, false);
    await page.reload();
    await card.getByRole("row", { name: /Nightly export/ }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await j.browser.shot("f-list-390-light");
    await card.getByRole("button", { name: "New token" }).click();
    await page.getByRole("dialog", { name: "New API token" }).waitFor();
    await j.browser.shot("g-create-390-light");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.setViewportSize(DESKTOP);

    await card.getByRole("button", { name: "Revoke Nightly export" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke token" });
    await confirm.getByText(/Anything that uses it is refused/).waitFor();
    await page.screenshot({ path: path.join(resultsDir, `${JOURNEY}-g2-revoke-confirm-1400.png`) });
    await confirm.getByRole("button", { name: "Revoke token" }).click();
    await confirm.waitFor({ state: "detached" });
    await card.getByText("No tokens yet.").waitFor();
    await eventually(async () =>
      assert.equal((await callApi(token, "GET", "/api/library")).status, 401),
    );
    j.browser.console.assertClean();
  });

  it("renders the API reference from this server under its CSP", async () => {
    const page = j.browser.page;
    // Swagger UI renders only the operations in view (a virtual list), so the journey opens
    // the link to one operation, as a reader given that link would: it scrolls there and
    // opens it.
    await page.goto(new URL("/api/docs#/tokens/createApiToken", j.server.url).href);
    const operation = page.locator("#operations-tokens-createApiToken");
    await operation.waitFor({ timeout: 45_000 });
    // Opened: its request body is described.
    await operation.getByText("Request body").waitFor();
    assert.match(await page.locator("h1.title").innerText(), /Content Studio API/);
    // The reference is one very long page: the first screen of it is what there is to see.
    /** @param {string} step */
    const firstScreen = (step) =>
      page.screenshot({ path: path.join(resultsDir, `${JOURNEY}-${step}.png`) });
    await firstScreen("h-docs-1400");
    await page.setViewportSize(PHONE);
    await firstScreen("i-docs-390");
    await page.setViewportSize(DESKTOP);
    // A blocked script, style or image would be a console error here.
    j.browser.console.assertClean();
  });
});
