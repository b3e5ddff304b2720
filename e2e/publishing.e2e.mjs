// Publishing journey: an administrator allow-lists a loopback WordPress (a fake speaking the
// REST API with an application password), adds it as a publishing connection, tests it, opens
// an approved item and sends it as a WordPress draft; the export shows its external id and
// link, and the fake holds a draft (never a published post). Screenshots of the Publishing
// card and the item's drafts at 1400 and 390 px, light and dark, in real Chromium.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, it } from "node:test";
import { DESKTOP, PHONE } from "./lib/browser.mjs";
import { useJourney } from "./lib/journey.mjs";
import { createFirstAdmin, setDarkMode } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";
import { WRITTEN } from "./lib/written-piece.mjs";

const JOURNEY = "publishing";
const ADMIN = {
  name: "Katherine Johnson",
  email: "katherine@example.com",
  password: "Orbital-Trajectory-1962",
};
const WP_USER = "editor";
const WP_PASSWORD = "abcd EFGH 1234 ijkl MNOP 5678";

/**
 * A WordPress REST API on 127.0.0.1: Basic auth with an application password, users/me, posts
 * made and changed as drafts. Anything that would publish answers 418 and is recorded.
 */
async function startWordPress() {
  /** @type {Map<number, { id: number, title: string, content: string, slug: string, status: string }>} */
  const posts = new Map();
  /** @type {string[]} */
  const tripwire = [];
  let nextId = 4211;
  const expected = `Basic ${Buffer.from(`${WP_USER}:${WP_PASSWORD}`).toString("base64")}`;
  const server = http.createServer((req, res) => {
    const chunks = /** @type {Buffer[]} */ ([]);
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://wp.local");
      /** @type {Record<string, unknown>} */
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
      /** @param {number} status @param {unknown} data */
      const send = (status, data) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(data));
      };
      /** @param {{ id: number, title: string, content: string, slug: string, status: string }} p */
      const present = (p) => ({
        id: p.id,
        slug: p.slug,
        status: p.status,
        link: `http://127.0.0.1:${port}/?p=${p.id}`,
        title: { raw: p.title, rendered: p.title },
        content: { raw: p.content, rendered: p.content },
      });
      if (!req.headers.authorization) {
        return send(401, {
          code: "rest_not_logged_in",
          message: "You are not currently logged in.",
        });
      }
      if (req.headers.authorization !== expected) {
        return send(401, { code: "incorrect_password", message: "Invalid application password." });
      }
      if (req.method === "POST" && "status" in body && body.status !== "draft") {
        tripwire.push(`${req.method} ${url.pathname} status=${String(body.status)}`);
        return send(418, { message: "Tripwire: publish" });
      }
      if (req.method === "GET" && url.pathname === "/wp-json/wp/v2/users/me") {
        return send(200, { id: 2, name: WP_USER, capabilities: { edit_posts: true } });
      }
      if (req.method === "GET" && url.pathname === "/wp-json/wp/v2/posts") {
        const slug = url.searchParams.get("slug");
        return send(
          200,
          [...posts.values()].filter((p) => p.slug === slug && p.status === "draft").map(present),
        );
      }
      const one = /^\/wp-json\/wp\/v2\/posts\/(\d+)$/.exec(url.pathname);
      if (one) {
        const post = posts.get(Number(one[1]));
        if (!post) return send(404, { code: "rest_post_invalid_id", message: "Invalid post ID." });
        if (req.method === "POST") {
          Object.assign(post, { title: String(body.title), content: String(body.content) });
        }
        return send(200, present(post));
      }
      if (req.method === "POST" && url.pathname === "/wp-json/wp/v2/posts") {
        const post = {
          id: nextId++,
          title: String(body.title),
          content: String(body.content),
          slug: String(body.slug ?? ""),
          status: "draft",
        };
        posts.set(post.id, post);
        return send(201, present(post));
      }
      return send(404, { code: "rest_no_route", message: "No route was found." });
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const port = /** @type {import("node:net").AddressInfo} */ (server.address()).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    posts,
    tripwire,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

describe("publishing journey", { timeout: 300_000 }, () => {
  const j = useJourney(JOURNEY, { browser: { viewport: DESKTOP } });
  /** @type {Awaited<ReturnType<typeof startWordPress>>} */
  let wp;
  let itemId = "";
  let title = "";

  before(async () => {
    wp = await startWordPress();
  });
  after(() => wp?.close());

  /** @param {string} route @param {string} method @param {unknown} [data] */
  const call = async (route, method, data) => {
    const res = await j.page.request.fetch(new URL(route, j.server.url).href, {
      method,
      ...(data === undefined ? {} : { data }),
    });
    assert.ok(res.ok(), `${method} ${route}: ${res.status()} ${await res.text()}`);
    return /** @type {{ data: any }} */ (await res.json()).data;
  };
  const card = () => j.page.locator("#settings-publishing");

  it("(a) an approved item to send (generated, written out, approved)", async () => {
    await createFirstAdmin(j.page, j.server.url, ADMIN);
    const catalog = await call("/api/company-catalog", "GET");
    const generated = await call("/api/generate-content", "POST", {
      personaId: "cto",
      industryId: "aerospace",
      buyingStage: "decision",
      contentTopic: "Design-stage costing for machined aerospace brackets",
      contentType: "technical-guide",
      keyMetricsToInclude: [catalog.keyMetrics[0].label],
      useBenchmarkExamples: true,
      performQualityCheck: true,
      autoRefine: false,
    });
    itemId = generated.contentItemId;
    const body = [
      ...WRITTEN.body.map((p) => `<p>${p}</p>`),
      '<p>See <a href="https://www.example.com/bracket-pilot">the pilot scope</a>.</p>',
    ].join("");
    const saved = await call(`/api/library/${itemId}`, "PUT", {
      headline: WRITTEN.headline,
      introduction: WRITTEN.introduction,
      body,
      conclusion: WRITTEN.conclusion,
    });
    title = saved.title;
    // A one-person team: the organisation lets an author approve their own item.
    const settings = await call("/api/settings/generation", "GET");
    const { can: _can, ...values } = settings;
    await call("/api/settings/generation", "PUT", { ...values, allowSelfApproval: true });
    await call(`/api/library/${itemId}/transitions`, "POST", { action: "submit" });
    const approved = await call(`/api/library/${itemId}/transitions`, "POST", {
      action: "approve",
    });
    assert.equal(approved.status, "approved");
  });

  it("(b) allow-lists the loopback WordPress, adds the connection and tests it", async () => {
    await j.page.goto(`${j.server.url}/settings#settings-webhooks`);
    const hooks = j.page.locator("#settings-webhooks");
    await hooks.getByLabel("Allow-listed origins").fill(wp.origin);
    await hooks.getByRole("button", { name: "Save allow-list" }).click();
    await eventually(async () =>
      assert.equal(await hooks.getByRole("button", { name: "Save allow-list" }).isDisabled(), true),
    );

    await j.page.goto(`${j.server.url}/settings#settings-publishing`);
    await card().getByRole("heading", { name: "Publishing" }).waitFor();
    await card().getByText("No connections yet.").waitFor();
    await card().getByRole("button", { name: "Add connection" }).click();
    const dialog = j.page.getByRole("dialog", { name: "Add publishing connection" });
    await dialog.getByLabel("Target").selectOption("wordpress");
    await dialog.getByLabel("Name").fill("Company blog");
    await dialog.getByLabel("Site URL").fill(wp.origin);
    await dialog.getByLabel("WordPress user").fill(WP_USER);
    await dialog.getByLabel("Application password").fill(WP_PASSWORD);
    await dialog.getByLabel("utm_campaign").fill("evergreen");
    await j.browser.shot("b1-add-connection-1400-light");
    await dialog.getByRole("button", { name: "Add connection" }).click();
    await dialog.waitFor({ state: "detached" });

    const row = card().getByRole("listitem", { name: "Company blog" });
    await row.getByText("Not tested").waitFor();
    await row.getByRole("button", { name: "Test connection" }).click();
    await row.getByText("Connected to WordPress as editor.").waitFor();
    await row.getByText("Connected", { exact: true }).waitFor();
    // The password never comes back.
    const listed = await j.page.evaluate(() =>
      fetch("/api/publishing/connections").then((r) => r.text()),
    );
    assert.ok(!listed.includes(WP_PASSWORD), "the password came back");
    await card().scrollIntoViewIfNeeded();
    await j.browser.shot("b2-card-1400-light");
  });

  it("(c) sends the approved item as a WordPress draft and shows its id and link", async () => {
    await j.page.goto(`${j.server.url}/library/${itemId}`);
    await j.page.getByRole("heading", { level: 1, name: title }).waitFor();
    const panel = j.page.getByRole("region", { name: "Drafts at publishing targets" });
    await panel.getByText("Not sent anywhere yet.").waitFor();
    await panel
      .getByLabel(/^Send version \d+ as draft to…$/)
      .selectOption({ label: "Company blog (WordPress)" });
    await panel.getByRole("button", { name: "Send as draft" }).click();
    const row = panel.getByRole("listitem", { name: "Company blog draft" });
    await row.getByText("Draft", { exact: true }).waitFor({ timeout: 30_000 });
    await eventually(() => assert.equal(wp.posts.size, 1));
    const [post] = [...wp.posts.values()];
    assert.equal(post?.status, "draft");
    assert.match(
      post?.content ?? "",
      /bracket-pilot\?utm_source=content-studio&amp;utm_medium=blog&amp;utm_campaign=evergreen/,
    );
    await row.getByText(new RegExp(`External id ${post?.id}`)).waitFor();
    const link = row.getByRole("link", { name: "Open the draft" });
    assert.equal(await link.getAttribute("href"), `${wp.origin}/?p=${post?.id}`);
    assert.deepEqual(wp.tripwire, []);
    await panel.scrollIntoViewIfNeeded();
    await j.browser.shot("c1-item-drafts-1400-light");
    await j.page.setViewportSize(PHONE);
    await panel.scrollIntoViewIfNeeded();
    await j.browser.shot("c2-item-drafts-390-light");
    await j.page.goto(`${j.server.url}/settings#settings-publishing`);
    await card().getByRole("listitem", { name: "Company blog" }).waitFor();
    await card().scrollIntoViewIfNeeded();
    await j.browser.shot("c3-card-390-light");
  });

  it("(d) dark mode at 390 and 1400 px", async () => {
    await setDarkMode(j.page, true);
    await j.page.reload();
    await card().getByRole("listitem", { name: "Company blog" }).waitFor();
    await card().scrollIntoViewIfNeeded();
    await j.browser.shot("d1-card-390-dark");
    await j.page.setViewportSize(DESKTOP);
    await card().scrollIntoViewIfNeeded();
    await j.browser.shot("d2-card-1400-dark");
    await j.page.goto(`${j.server.url}/library/${itemId}`);
    const panel = j.page.getByRole("region", { name: "Drafts at publishing targets" });
    await panel.getByRole("listitem", { name: "Company blog draft" }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await j.browser.shot("d3-item-drafts-1400-dark");
    await j.page.setViewportSize(PHONE);
    await panel.scrollIntoViewIfNeeded();
    await j.browser.shot("d4-item-drafts-390-dark");
    j.browser.console.assertClean();
  });
});
