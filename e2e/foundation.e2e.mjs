// Foundation journey: first-run administrator, app shell, routes, sidebar, 404,
// logout, sign-in errors and the sidebar footer — in real Chromium against the built server.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { useJourney } from "./lib/journey.mjs";
import { NOT_FOUND, SCREENS } from "./lib/screens.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "foundation";
const ADMIN = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  password: "Orbital-Tooling-2026",
};

describe("foundation journey", { timeout: 240_000 }, () => {
  const j = useJourney(JOURNEY);

  /** @param {string} expected */
  const expectPath = (expected) =>
    eventually(() => assert.equal(new URL(j.page.url()).pathname, expected));
  /** Waits for the page's h1 to read exactly `name`. @param {string} name */
  const expectH1 = (name) =>
    j.page.getByRole("heading", { level: 1, name, exact: true }).waitFor({ state: "visible" });
  const sidebar = () => j.page.getByRole("complementary", { name: "Sidebar" });
  /** @param {string} label */
  const navLink = (label) => sidebar().getByRole("link", { name: label, exact: true });

  /** @param {{ label: string }} active */
  async function expectOnlyCurrent(active) {
    await eventually(async () => {
      for (const { label } of SCREENS) {
        const current = await navLink(label).getAttribute("aria-current");
        if (label === active.label) assert.equal(current, "page", `${label} should be current`);
        else assert.notEqual(current, "page", `${label} should not be current`);
      }
    });
  }

  async function sidebarWidth() {
    const box = await sidebar().boundingBox();
    assert.ok(box, "sidebar is not visible");
    return { width: box.width, className: (await sidebar().getAttribute("class")) ?? "" };
  }

  /**
   * Waits for the sidebar to carry the Tailwind width class `widthClass` and be about `px` wide.
   * @param {string} state @param {string} widthClass @param {number} px
   */
  const expectSidebarWidth = (state, widthClass, px) =>
    eventually(async () => {
      const { width, className } = await sidebarWidth();
      assert.ok(
        new RegExp(`\\b${widthClass}\\b`).test(className) && Math.abs(width - px) <= 8,
        `${state} sidebar: class "${className}", ${width}px wide (expected ${widthClass}, ~${px}px)`,
      );
    });

  it("(a) creates the administrator on first run and lands on the dashboard", async () => {
    await j.open("/");
    await expectPath("/login");
    await j.page.getByText("Create the administrator account").waitFor();
    await j.browser.shot("a1-setup-form");
    await j.page.getByLabel("Name", { exact: true }).fill(ADMIN.name);
    await j.page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await j.page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await j.page.getByRole("button", { name: "Create administrator account" }).click();
    await expectPath("/");
    await expectH1("Dashboard");
    await j.page.getByText(`Welcome back, ${ADMIN.name}`).waitFor();
    await j.browser.shot("a2-dashboard");
  });

  it("(b) lists every section in the sidebar and marks the current route", async () => {
    for (const { label } of SCREENS) await navLink(label).waitFor();
    for (const route of SCREENS) {
      await navLink(route.label).click();
      await expectPath(route.path);
      await expectH1(route.heading);
      await expectOnlyCurrent(route);
      await j.browser.shot(`b-nav-${route.name}`);
    }
    // Deep links load directly (the server serves index.html for client routes).
    for (const route of SCREENS) {
      await j.open(route.path);
      await expectH1(route.heading);
      await expectOnlyCurrent(route);
    }
  });

  it("(c) collapses the sidebar to icons and expands it again", async () => {
    await j.open("/");
    await expectH1("Dashboard");
    const wide = await sidebarWidth();
    assert.ok(wide.width > 200, `expanded sidebar is ${wide.width}px wide`);

    await j.page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expectSidebarWidth("collapsed", "w-20", 80);
    // Icon-only items keep their accessible names and still navigate.
    for (const { label } of SCREENS) await navLink(label).waitFor({ state: "attached" });
    await navLink("Settings").click();
    await expectH1("Settings");
    await j.browser.shot("c1-collapsed");

    await j.page.getByRole("button", { name: "Expand sidebar" }).click();
    await expectSidebarWidth("expanded", "w-64", 256);
    await j.browser.shot("c2-expanded");
  });

  it("(d) shows Page Not Found for an unknown route, with a way back", async () => {
    await j.open(NOT_FOUND.path);
    await j.page.getByRole("heading", { name: NOT_FOUND.heading }).waitFor();
    await j.browser.shot("d1-not-found");
    await j.page.getByRole("link", { name: "Return to Dashboard" }).click();
    await expectPath("/");
    await expectH1("Dashboard");
  });

  it("(e) logs out to /login and then guards the app", async () => {
    await j.page.getByRole("button", { name: "Log out" }).click();
    await expectPath("/login");
    await j.page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    assert.equal(await j.page.getByText("Create the administrator account").count(), 0);
    await j.browser.shot("e1-logged-out");
    await j.open("/");
    await expectPath("/login");
    await j.open("/settings");
    await expectPath("/login");
    await j.page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
  });

  it("(f) rejects a wrong password, then signs in", async () => {
    await j.page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await j.page.getByLabel("Password", { exact: true }).fill("Not-The-Password-1");
    // Chromium logs every refused request; this one is the point of the step.
    j.browser.console.expect(/status of 401 \(Unauthorized\).*\/api\/auth\/sign-in\/email/);
    await j.page.getByRole("button", { name: "Sign in", exact: true }).click();
    await j.page.getByText("Login failed. Please check your credentials.").waitFor();
    await expectPath("/login");
    await j.browser.shot("f1-wrong-password");

    // Hold the sign-in request briefly so the busy state is observable.
    const signIn = /\/api\/auth\/sign-in\b/;
    await j.page.route(signIn, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await j.page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await j.page.getByRole("button", { name: "Sign in", exact: true }).click();
    await j.page.getByRole("button", { name: "Signing in..." }).waitFor({ timeout: 5000 });
    await j.browser.shot("f2-signing-in");
    // Signing in returns to the page that sent the visitor to /login in (e).
    await expectPath("/settings");
    await expectH1("Settings");
    await j.page.unroute(signIn);
    await j.open("/");
    await expectH1("Dashboard");
    await j.page.getByText(`Welcome back, ${ADMIN.name}`).waitFor();

    // The session survives a reload.
    await j.page.reload();
    await expectH1("Dashboard");
    await j.browser.shot("f3-signed-in");
  });

  it("(g) shows the AI provider and the signed-in user in the sidebar footer", async () => {
    const footer = sidebar();
    await footer.getByText("Outline writer (offline, no AI)").waitFor();
    await footer.getByText("content-studio-writer-1").waitFor();
    await footer.getByText(ADMIN.name, { exact: true }).waitFor();
    // The role is shown as its label ("Admin"); the assertion is the role name, any case.
    await footer.getByText(/^admin$/i).waitFor();
    await j.browser.shot("g-footer");
  });

  it("logs no console warning or error and raises no uncaught error in the page", () => {
    j.browser.console.assertClean();
  });
});
