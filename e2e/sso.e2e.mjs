// Single sign-on journey: an administrator sets up a loopback OpenID Connect provider
// (oidc-provider 9, PKCE required) on the Settings card (discovery tested, the callback URL
// shown, the domain confirmed, a group mapped to Editor), signs out, and a colleague signs in
// with 'Sign in with Acme Login' through the provider's login page, landing signed in as an
// Editor. Screenshots of the card and the sign-in page at 1400 and 390 px, light and dark.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startFakeIdentityProvider } from "../packages/server/test/fakes/oidc-provider.ts";
import { DESKTOP, PHONE } from "./lib/browser.mjs";
import { useJourney } from "./lib/journey.mjs";
import { createFirstAdmin, setDarkMode } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "sso";
const ADMIN = { name: "Ada Admin", email: "ada@example.com", password: "Orbital-Tooling-2026" };

describe("Single sign-on journey", { timeout: 300_000 }, () => {
  const j = useJourney(JOURNEY, { browser: { viewport: DESKTOP } });
  /** @type {Awaited<ReturnType<typeof startFakeIdentityProvider>>} */
  let idp;
  before(async () => {
    idp = await startFakeIdentityProvider({
      redirectUris: [new URL("/api/auth/sso/callback/oidc", j.server.url).href],
    });
    idp.accounts.set("sam", {
      email: "sam@example.com",
      name: "Sam Editor",
      groups: ["cs-editors"],
    });
  });
  after(() => idp?.close());

  it("sets up the provider on the card, then a colleague signs in with it", async () => {
    const page = j.browser.page;
    await createFirstAdmin(page, j.server.url, ADMIN);
    await page.goto(new URL("/settings#settings-sso", j.server.url).href);
    const card = page.getByRole("region", { name: "Single sign-on" });
    await card.getByText("Not set up").waitFor();
    await card.getByText(`${j.server.url}/api/auth/sso/callback/oidc`).waitFor();
    await card.getByLabel("Provider name").fill("Acme Login");
    await card.getByLabel("Issuer URL").fill(idp.issuer);
    await card.getByLabel("Client ID").fill(idp.clientId);
    await card.getByLabel("Client secret").fill(idp.clientSecret);
    // Loopback: refused until the origin is allow-listed (Chromium logs the 400).
    j.browser.console.expect(/status of 400 .*\/api\/settings\/sso\/test-discovery/);
    await card.getByRole("button", { name: "Test discovery" }).click();
    await card.getByText(/private or loopback address/).waitFor();
    await card.getByRole("checkbox", { name: /Allow-list this issuer/ }).check();
    await card.getByRole("button", { name: "Test discovery" }).click();
    await card.getByText(/Discovery works: authorization code with PKCE/).waitFor();
    await card.getByLabel("Domains whose people may sign in").fill("example.com");
    await card.getByRole("checkbox", { name: /owns these domains/ }).check();
    await card.getByRole("button", { name: "Add group" }).click();
    await card.getByLabel("Group 1", { exact: true }).fill("cs-editors");
    await card.getByLabel("Role of group 1").selectOption("editor");
    await card.getByLabel("People in no mapped group").selectOption("");
    await card.getByRole("button", { name: "Set up single sign-on" }).click();
    await card.getByText(/Saved\. Discovery worked/).waitFor();
    await card.getByText("On", { exact: true }).waitFor();
    // The secret never comes back to the page.
    assert.equal(await card.getByLabel("Client secret").inputValue(), "");
    assert.equal((await page.content()).includes(idp.clientSecret), false);
    await card.scrollIntoViewIfNeeded();
    await j.browser.shot("a-card-1400-light");
    /** Turns dark mode on or off, reloads and takes the card's screenshot as `step`. */
    const shotCardAfterReload = async (/** @type {boolean} */ dark, /** @type {string} */ step) => {
      await setDarkMode(page, dark);
      await page.reload();
      await card.getByText("On", { exact: true }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await j.browser.shot(step);
    };
    await shotCardAfterReload(true, "b-card-1400-dark");
    await page.setViewportSize(PHONE);
    await card.scrollIntoViewIfNeeded();
    await j.browser.shot("c-card-390-dark");
    await shotCardAfterReload(false, "d-card-390-light");
    await page.setViewportSize(DESKTOP);

    // Sign out; the sign-in page offers the provider.
    assert.equal(
      await page.evaluate(
        async () => (await fetch("/api/auth/sign-out", { method: "POST" })).status,
      ),
      200,
    );
    await page.goto(new URL("/login", j.server.url).href);
    const ssoButton = page.getByRole("button", { name: "Sign in with Acme Login" });
    await ssoButton.waitFor();
    await j.browser.shot("e-login-1400-light");
    await page.setViewportSize(PHONE);
    await j.browser.shot("f-login-390-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await j.browser.shot("g-login-390-dark");
    await page.setViewportSize(DESKTOP);
    await j.browser.shot("h-login-1400-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // The colleague signs in at the identity provider.
    await ssoButton.click();
    await page.getByRole("heading", { name: "Test identity provider" }).waitFor();
    assert.equal(new URL(page.url()).origin, idp.issuer);
    await page.getByLabel("Username").fill("sam");
    await page.getByRole("button", { name: "Continue" }).click();
    await eventually(() => assert.equal(new URL(page.url()).origin, new URL(j.server.url).origin));
    await page.getByText("Sam Editor").first().waitFor();
    const session = await page.evaluate(async () => (await fetch("/api/session")).json());
    assert.equal(session.data.user.email, "sam@example.com");
    assert.equal(session.data.user.role, "editor");
    assert.equal(idp.pkce.missing, 0);
    await j.browser.shot("i-signed-in-1400-light");
    j.browser.console.assertClean();
  });
});
