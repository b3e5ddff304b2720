// Responsive shell journey: at 390 x 844 every screen fits the width (no sideways scrolling),
// the sidebar is an off-canvas menu (Escape, outside click and navigation close it, Tab stays
// inside, focus returns to the menu button), a deep link survives sign-in and the login page
// refuses to send anyone to another site; then every screen at 1400 px, light and dark (with
// another accent colour). Screenshots of every screen are kept for review.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DESKTOP, PHONE } from "./lib/browser.mjs";
import { fillGeneratorBrief } from "./lib/generator-brief.mjs";
import { useJourney } from "./lib/journey.mjs";
import { NOT_FOUND, SCREENS } from "./lib/screens.mjs";
import { createFirstAdmin } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "responsive";
const ADMIN = {
  name: "Grace Hopper",
  email: "grace@example.com",
  password: "Compiler-Nanosecond-2026",
};
/** Every screen (Examples on its local source) and what an unknown route shows. */
const ROUTES = [
  ...SCREENS.map((screen) =>
    screen.name === "examples" ? { ...screen, path: "/examples?source=local" } : screen,
  ),
  NOT_FOUND,
];

describe("responsive journey", { timeout: 360_000 }, () => {
  // A low generation limit, so that one generation is refused, to see where errors show.
  const j = useJourney(JOURNEY, {
    server: { env: { GENERATION_RATE_LIMIT: "1" } },
    browser: { viewport: PHONE },
  });

  /** The address of an item stored by a generation in (e2), once there is one. */
  let itemPath = "";
  /** Every route, plus a stored item's page (its heading is the item's title) once there is one. */
  const routes = () =>
    itemPath ? [...ROUTES, { path: itemPath, heading: null, name: "library-item" }] : ROUTES;
  /** @param {string | null} name null: any heading but "Content not found" */
  const expectH1 = async (name) => {
    if (name !== null) {
      await j.page
        .getByRole("heading", { level: 1, name, exact: true })
        .waitFor({ state: "visible" });
      return;
    }
    const h1 = j.page.getByRole("heading", { level: 1 });
    await h1.waitFor({ state: "visible" });
    assert.notEqual(await h1.textContent(), "Content not found");
  };
  const menuButton = () => j.page.getByRole("button", { name: "Open menu" });
  const menu = () => j.page.getByRole("dialog", { name: "Menu" });
  const where = () => {
    const url = new URL(j.page.url());
    return { origin: url.origin, path: `${url.pathname}${url.search}${url.hash}` };
  };

  /** Neither the page nor its scrolling main area is wider than the window. @param {string} label */
  async function assertNoSidewaysScroll(label) {
    const widths = await j.page.evaluate(() => {
      const main = document.querySelector("main");
      return {
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
        main: main ? main.scrollWidth : 0,
        mainVisible: main ? main.clientWidth : 0,
      };
    });
    assert.ok(
      widths.page <= widths.window,
      `${label}: the page is ${widths.page}px wide in a ${widths.window}px window`,
    );
    assert.ok(
      widths.main <= widths.mainVisible,
      `${label}: the main area scrolls sideways (${widths.main}px in ${widths.mainVisible}px)`,
    );
  }

  /**
   * The page header's description (a stored item's facts: type, persona, ..., version) wraps
   * without a line that starts or ends with its "·" separator. Each visible character is placed
   * on its rendered line; characters clipped out of the description's box are not visible.
   * @param {string} label
   */
  async function assertNoDanglingSeparator(label) {
    const lines = await j.page.evaluate(() => {
      const root = document.querySelector("main header p");
      if (!root) return null;
      const box = root.getBoundingClientRect();
      /** @type {{ ch: string, left: number, middle: number }[]} */
      const chars = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = /** @type {Text} */ (walker.currentNode);
        for (let i = 0; i < node.data.length; i += 1) {
          const ch = node.data[i] ?? "";
          if (!ch.trim()) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getBoundingClientRect();
          const clipped = rect.right <= box.left + 0.5 || rect.left >= box.right - 0.5;
          if (rect.width === 0 || clipped) continue;
          chars.push({ ch, left: rect.left, middle: (rect.top + rect.bottom) / 2 });
        }
      }
      chars.sort((a, b) => a.middle - b.middle);
      /** @type {{ middle: number, chars: typeof chars }[]} */
      const rows = [];
      for (const c of chars) {
        const row = rows.at(-1);
        if (row && c.middle - row.middle < 6) row.chars.push(c);
        else rows.push({ middle: c.middle, chars: [c] });
      }
      return rows.map((row) =>
        row.chars
          .sort((a, b) => a.left - b.left)
          .map((c) => c.ch)
          .join(""),
      );
    });
    assert.ok(lines && lines.length > 0, `${label}: the page header has a description`);
    for (const line of lines) {
      assert.ok(
        !line.startsWith("·") && !line.endsWith("·"),
        `${label}: a description line starts or ends with a separator: ${JSON.stringify(lines)}`,
      );
    }
  }

  /**
   * The dashboard names things in full: the coverage map's persona and industry labels are not
   * cut, and Recent Content's Type column shows each type's name beside its icon.
   */
  async function assertDashboardLabelsShown() {
    const coverage = j.page.getByRole("region", { name: "Coverage" });
    await coverage.getByRole("columnheader", { name: "Aerospace" }).first().waitFor();
    const recent = j.page.getByRole("region", { name: "Recent Content" });
    const typeLabel = recent
      .getByRole("row")
      .nth(1)
      .getByRole("cell")
      .nth(1)
      .getByText(/^(Thought Leadership|Case Study|Technical Guide|Industry Report)$/);
    await typeLabel.waitFor({ state: "attached" });
    const shown = {
      cutCoverageLabels: await coverage.evaluate((el) =>
        [...el.querySelectorAll("th")]
          .filter((th) => th.textContent && th.scrollWidth > th.clientWidth)
          .map((th) => th.textContent),
      ),
      typeLabelWidth: Math.round((await typeLabel.boundingBox())?.width ?? 0),
    };
    assert.deepEqual(
      { ...shown, typeLabelWidth: shown.typeLabelWidth > 20 },
      { cutCoverageLabels: [], typeLabelWidth: true },
      `labels cut or hidden on the dashboard: ${JSON.stringify(shown)}`,
    );
  }

  it("(a) a deep link opened while signed out lands there after signing in", async () => {
    await createFirstAdmin(j.page, j.server.url, ADMIN);
    // Sign out through the phone menu.
    await menuButton().click();
    await menu().getByRole("button", { name: "Log out" }).click();
    await eventually(() => assert.equal(where().path, "/login"));

    await j.open("/examples?source=local#list");
    await j.page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    assert.equal(new URL(j.page.url()).pathname, "/login");
    await j.browser.shot("a1-login-with-deep-link");
    await j.page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await j.page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await j.page.getByRole("button", { name: "Sign in", exact: true }).click();
    await eventually(() => assert.equal(where().path, "/examples?source=local#list"));
    await expectH1("Example Repository");
    await j.page.getByRole("radio", { name: "Local" }).and(j.page.locator(":checked")).waitFor({
      state: "attached",
    });
    j.browser.console.assertClean();
  });

  it("(b) never sends anyone to another site after signing in", async () => {
    for (const next of ["//evil.com", "https://evil.com", "/\\evil.com"]) {
      await j.open(`/login?next=${encodeURIComponent(next)}`);
      await expectH1("Dashboard");
      assert.deepEqual(where(), { origin: j.server.url, path: "/" }, `next=${next}`);
    }
    j.browser.console.assertClean();
  });

  it("(c) fits every screen into 390 px without sideways scrolling", async () => {
    for (const route of ROUTES) {
      await j.open(route.path);
      await expectH1(route.heading);
      // Let lists and panels that load after the heading arrive before measuring.
      await j.page.waitForLoadState("networkidle");
      await assertNoSidewaysScroll(route.path);
      await j.browser.shotWhole(`c-390-${route.name}`, PHONE);
      j.browser.console.assertClean();
    }
  });

  it("(d) opens the menu, keeps Tab inside and closes on Escape back to the button", async () => {
    await j.open("/settings");
    await expectH1("Settings");
    assert.equal(await j.page.getByRole("complementary", { name: "Sidebar" }).count(), 0);
    assert.equal(await menuButton().getAttribute("aria-expanded"), "false");
    const controls = await menuButton().getAttribute("aria-controls");
    assert.ok(controls, "the menu button names the menu it controls");

    await menuButton().click();
    await menu().waitFor();
    assert.equal(await menuButton().getAttribute("aria-expanded"), "true");
    assert.equal(await menu().evaluate((el) => el.closest("[id]")?.id), controls);
    assert.equal(await j.page.evaluate(() => document.body.style.overflow), "hidden");
    await j.page.getByRole("complementary", { name: "Sidebar" }).waitFor();
    await j.browser.shot("d1-menu-open");

    const focusInMenu = () =>
      j.page.evaluate(() => {
        const dialog = document.querySelector('[role="dialog"][aria-label="Menu"]');
        return Boolean(dialog && dialog.contains(document.activeElement));
      });
    assert.equal(await focusInMenu(), true, "focus moves into the menu");
    for (let i = 0; i < 12; i += 1) {
      await j.page.keyboard.press("Tab");
      assert.equal(await focusInMenu(), true, `Tab ${i + 1} left the menu`);
    }
    for (let i = 0; i < 12; i += 1) {
      await j.page.keyboard.press("Shift+Tab");
      assert.equal(await focusInMenu(), true, `Shift+Tab ${i + 1} left the menu`);
    }

    await j.page.keyboard.press("Escape");
    await menu().waitFor({ state: "hidden" });
    assert.equal(await menuButton().getAttribute("aria-expanded"), "false");
    assert.equal(
      await menuButton().evaluate((el) => el === document.activeElement),
      true,
      "focus returns to the menu button",
    );
    assert.equal(await j.page.evaluate(() => document.body.style.overflow), "");
    j.browser.console.assertClean();
  });

  it("(e) closes the menu on a click outside it and when a link is followed", async () => {
    await menuButton().click();
    await menu().waitFor();
    const panel = await menu().boundingBox();
    assert.ok(panel && panel.width < PHONE.width, "the menu leaves part of the page visible");
    await j.page.mouse.click(PHONE.width - 20, PHONE.height / 2);
    await menu().waitFor({ state: "hidden" });
    assert.equal(
      await menuButton().evaluate((el) => el === document.activeElement),
      true,
      "focus returns to the menu button",
    );

    await menuButton().click();
    await menu().getByRole("link", { name: "Content Library", exact: true }).click();
    await expectH1("Content Library");
    await menu().waitFor({ state: "hidden" });
    assert.equal(await menuButton().getAttribute("aria-expanded"), "false");
    j.browser.console.assertClean();
  });

  it("(e2) shows a generation error right under the Generate button, in view", async () => {
    const fillBrief = async () => {
      await j.open("/generate");
      await expectH1("Content Generator");
      await fillGeneratorBrief(j.page, {
        stage: "awareness",
        topic: "Should-cost reviews at 390 px",
        firstContentType: false,
      });
    };
    const generate = j.page.getByRole("button", { name: "Generate Content", exact: true });
    // The built-in writer may generate five times the limit per window (BUILTIN_LIMIT_FACTOR).
    // Each stored generation links to its library address; the brief is filled again.
    const itemLink = j.page.getByRole("link", { name: "Open in Content Library" });
    for (let i = 0; i < 5; i += 1) {
      await fillBrief();
      await generate.click();
      await itemLink.waitFor({ timeout: 60_000 });
      itemPath = (await itemLink.getAttribute("href")) ?? "";
    }
    await fillBrief();

    // The next generation is over the limit: the server refuses it (Chromium logs the 429).
    j.browser.console.expect(/status of 429.*\/api\/generate-content\/stream/);
    await generate.click();
    const alert = j.page.getByRole("alert");
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? "", /limit/i);
    assert.equal(
      await alert.evaluate(
        (el, button) => el.parentElement?.contains(button) ?? false,
        await generate.elementHandle(),
      ),
      true,
      "the error sits with the Generate button",
    );
    await eventually(async () => {
      const box = await alert.boundingBox();
      assert.ok(box, "the error box is shown");
      assert.ok(
        box.y >= 0 && box.y + box.height <= PHONE.height,
        `the error box is out of view (y ${box.y}, height ${box.height})`,
      );
    });
    await j.browser.shot("e2-390-generation-error");
    j.browser.console.assertClean();
  });

  it("(e3) fits a stored item's page, each of its tabs, into 390 px", async () => {
    assert.ok(itemPath, "(e2) stored an item");
    await j.open(itemPath);
    await expectH1(null);
    await j.page.waitForLoadState("networkidle");
    await assertNoSidewaysScroll(itemPath);
    await assertNoDanglingSeparator(`${itemPath} at 390 px`);
    await j.browser.shotWhole("e3-390-library-item", PHONE);
    // Every tab is in view on a phone, History included, without scrolling the tab row.
    for (const tab of ["Optimize", "Visualize", "Repurpose", "Edit", "History"]) {
      const box = await j.page.getByRole("tab", { name: tab, exact: true }).boundingBox();
      assert.ok(box, `the ${tab} tab is shown`);
      assert.ok(
        box.x >= 0 && box.x + box.width <= PHONE.width,
        `the ${tab} tab is outside the window (${box.x}px to ${box.x + box.width}px)`,
      );
    }
    for (const tab of ["Optimize", "Visualize", "Repurpose", "Edit", "History"]) {
      await j.page.getByRole("tab", { name: tab, exact: true }).click();
      await j.page.getByRole("tabpanel").waitFor();
      await j.page.waitForLoadState("networkidle");
      await eventually(async () =>
        assert.equal(await j.page.getByText(/^Loading .*\.\.\.$/).count(), 0, `${tab} loads`),
      );
      await assertNoSidewaysScroll(`${itemPath} ${tab}`);
      await j.browser.shotWhole(`e3-390-library-item-${tab.toLowerCase()}`, PHONE);
    }
    j.browser.console.assertClean();
  });

  it("(f) shows the sidebar beside the page at 1400 px, light", async () => {
    await j.page.setViewportSize(DESKTOP);
    await j.open("/");
    await expectH1("Dashboard");
    await j.page.getByRole("complementary", { name: "Sidebar" }).waitFor();
    assert.equal(await menuButton().count(), 0, "no menu button on a wide screen");
    for (const route of routes()) {
      await j.open(route.path);
      await expectH1(route.heading);
      await j.page.waitForLoadState("networkidle");
      await assertNoSidewaysScroll(`${route.path} at 1400 px`);
      if (route.name === "dashboard") await assertDashboardLabelsShown();
      await j.browser.shotWhole(`f-1400-light-${route.name}`, DESKTOP);
    }
    j.browser.console.assertClean();
  });

  it("(g) follows dark mode and the accent colour at 1400 px", async () => {
    await j.open("/settings");
    await expectH1("Settings");
    await j.page.getByRole("switch", { name: "Dark Mode" }).check();
    await j.page.getByRole("radio", { name: "Teal" }).check();
    await j.page.getByRole("button", { name: "Save UI Settings" }).click();
    await eventually(async () => {
      const html = await j.page.evaluate(() => ({
        dark: document.documentElement.classList.contains("dark"),
        accent: document.documentElement.dataset.accent,
      }));
      assert.deepEqual(html, { dark: true, accent: "teal" });
    });
    // The primary button takes the accent (teal, #0f766e), not the default blue.
    const saveAll = j.page.getByRole("button", { name: "Save All Settings" });
    await eventually(async () =>
      assert.equal(
        await saveAll.evaluate((el) => getComputedStyle(el).backgroundColor),
        "rgb(15, 118, 110)",
      ),
    );
    for (const route of routes()) {
      await j.open(route.path);
      await expectH1(route.heading);
      await j.page.waitForLoadState("networkidle");
      await j.browser.shotWhole(`g-1400-dark-${route.name}`, DESKTOP);
    }
    await j.page.setViewportSize(PHONE);
    for (const route of routes()) {
      await j.open(route.path);
      await expectH1(route.heading);
      await j.page.waitForLoadState("networkidle");
      await assertNoSidewaysScroll(`${route.path} dark`);
      await j.browser.shotWhole(`g-390-dark-${route.name}`, PHONE);
    }
    j.browser.console.assertClean();
  });

  it("logs no console warning or error and raises no uncaught error in the page", () => {
    j.browser.console.assertClean();
  });
});
