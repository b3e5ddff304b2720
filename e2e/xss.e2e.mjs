// XSS journey: the AI provider (a loopback fake of the OpenAI Responses API) answers with a
// draft whose every section carries script payloads. Generated through the UI as an admin
// who switched to OpenAI gpt-4o-mini; the browser must end up with nothing executable, the
// harmless text intact, and the API key in no response the page received.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { launchBrowser, endJourney } from "./lib/browser.mjs";
import {
  OPENAI_API_KEY,
  OPENAI_MODEL,
  openAiEnv,
  startFakeOpenAi,
  switchToOpenAi,
} from "./lib/fake-openai.mjs";
import { fillGeneratorBrief } from "./lib/generator-brief.mjs";
import { answer } from "../packages/server/test/fakes/ai-provider-server.ts";
import { startServer } from "./lib/server.mjs";
import { createFirstAdmin } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";
import { marked } from "marked";
import yauzl from "yauzl";

/**
 * One entry of a ZIP archive (a DOCX), as text.
 * @param {Buffer} zip @param {string} name @returns {Promise<string>}
 */
function unzipEntry(zip, name) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error("not a zip"));
      archive.on("entry", (entry) => {
        if (entry.fileName !== name) return archive.readEntry();
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("unreadable"));
          /** @type {Buffer[]} */
          const chunks = [];
          stream.on("data", (chunk) => chunks.push(chunk));
          stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        });
      });
      archive.on("end", () => reject(new Error(`${name} is not in the archive`)));
      archive.readEntry();
    });
  });
}

const JOURNEY = "xss";
const ADMIN = {
  name: "Margaret Hamilton",
  email: "margaret@example.com",
  password: "Apollo-Guidance-2026",
};

const PAYLOADS = {
  script: "<script>window.__xss=1</script>",
  img: '<img src=x onerror="window.__xss=2">',
  jsLink: '<a href="javascript:window.__xss=3">click</a>',
  svg: '<svg onload="window.__xss=4">',
  iframe: '<iframe src="javascript:window.__xss=5">',
};
const ALL_PAYLOADS = Object.values(PAYLOADS).join(" ");

/** The harmless text of each section, which must survive sanitising. */
const SAFE = {
  headline: "Cost visibility for hardware teams",
  introduction: "Engineering leaders need cost data before design freeze.",
  bodyHeading: "Why it matters",
  bodyParagraph: "Late engineering changes are expensive.",
  bodyItem: "Fewer engineering change orders",
  linkText: "Read the cost study",
  linkHref: "https://example.com/cost-study",
  conclusion: "Book a walkthrough with our cost engineers.",
};

/** What the fake model answers: the draft schema, every section laced with payloads. */
const XSS_DRAFT = {
  headline: `${SAFE.headline} ${PAYLOADS.script} ${PAYLOADS.img}`,
  introduction: `${SAFE.introduction} ${ALL_PAYLOADS}`,
  body:
    `<h2>${SAFE.bodyHeading}</h2><p>${SAFE.bodyParagraph}</p>${PAYLOADS.script}` +
    `<p>${PAYLOADS.img} ${PAYLOADS.jsLink} ${PAYLOADS.svg}</svg></p>${PAYLOADS.iframe}</iframe>` +
    `<ul><li onclick="window.__xss=6">${SAFE.bodyItem}</li></ul>` +
    `<p><a href="${SAFE.linkHref}" onmouseover="window.__xss=7">${SAFE.linkText}</a></p>`,
  conclusion: `${SAFE.conclusion} ${ALL_PAYLOADS}`,
  imagePrompt: `Engineers reviewing a cost model ${PAYLOADS.script}`,
};

describe("xss journey", { timeout: 240_000 }, () => {
  /** @type {Awaited<ReturnType<typeof startFakeOpenAi>>} */
  let fake;
  /** @type {Awaited<ReturnType<typeof startServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;
  /** @type {import("playwright-core").Page} */
  let page;
  /** Bodies of every /api/ response, as Playwright saw them. @type {Promise<{ url: string, body: string | null }>[]} */
  const responseBodies = [];
  /** Bodies the app's fetch() read, copied out of the page before each navigation. @type {{ url: string, body: string }[]} */
  const pageBodies = [];
  /** Browser dialogs (alert, confirm) that opened: a payload that ran would show here too. */
  /** @type {string[]} */
  const dialogs = [];

  before(async () => {
    // The unit tests' loopback provider: every call answers the payload-laden draft.
    fake = await startFakeOpenAi();
    fake.setDefault(answer(XSS_DRAFT));
    server = await startServer({ env: openAiEnv(fake) });
    browser = await launchBrowser(JOURNEY);
    page = browser.page;
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on("response", (response) => {
      if (!new URL(response.url()).pathname.startsWith("/api/")) return;
      responseBodies.push(
        response.text().then(
          (body) => ({ url: response.url(), body }),
          () => ({ url: response.url(), body: null }),
        ),
      );
    });
    // Streamed answers are not kept by the browser's devtools protocol: copy every body the
    // app's fetch() reads, as the page received it (a tee; the app still reads the stream).
    await page.addInitScript(() => {
      const seen = /** @type {{ url: string, body: string }[]} */ ([]);
      Object.defineProperty(window, "__apiBodies", { value: seen });
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await original(input, init);
        if (new URL(response.url, location.href).pathname.startsWith("/api/")) {
          response
            .clone()
            .text()
            .then(
              (body) => seen.push({ url: response.url, body }),
              () => seen.push({ url: response.url, body: "<unreadable>" }),
            );
        }
        return response;
      };
    });
  });

  after(async () => {
    await endJourney(JOURNEY, server, browser);
    await fake?.close();
  });

  /** @param {string} route */
  const open = async (route) => {
    await takePageBodies();
    await page.goto(new URL(route, server.url).href);
  };
  /** Moves the bodies recorded in the page into `pageBodies`. */
  const takePageBodies = async () => {
    const taken = await page
      .evaluate(() => /** @type {any} */ (window).__apiBodies?.splice(0) ?? [])
      .catch(() => []);
    pageBodies.push(...taken);
  };
  /** @param {string} name */
  const panel = (name) => page.getByRole("tabpanel", { name, exact: true });

  it("(a) switches the AI provider to OpenAI gpt-4o-mini as the administrator", async () => {
    await createFirstAdmin(page, server.url, ADMIN);
    await switchToOpenAi(page);

    await open("/generate");
    await page.getByRole("heading", { level: 1, name: "Content Generator" }).waitFor();
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByText(OPENAI_MODEL, { exact: true }).waitFor();
    await browser.shot("a-provider-openai");
  });

  it("(b) generates through the UI from the provider's payload-laden answer", async () => {
    await fillGeneratorBrief(page, {
      stage: "awareness",
      topic: "Cost visibility before design freeze",
    });
    await page.getByRole("group", { name: "Key Metrics" }).getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Generate Content" }).click();
    await page
      .getByRole("tab", { name: "Optimize", exact: true, selected: true })
      .waitFor({ timeout: 120_000 });
    await panel("Optimize").getByRole("article").waitFor();

    assert.ok(fake.requests.length > 0, "the fake provider was never called");
    for (const request of fake.requests) {
      assert.equal(request.path, "/v1/responses");
      assert.equal(request.model, OPENAI_MODEL);
      assert.equal(
        request.headers.authorization,
        `Bearer ${OPENAI_API_KEY}`,
        "the server sent another API key",
      );
    }
    assert.ok(
      fake.requests.some((r) => r.stream),
      "the draft was not requested as a stream",
    );
    // Let any injected handler (onerror, onload) fire before looking.
    await page.waitForTimeout(1000);
    await browser.shot("b-generated");
  });

  /** Everything in the live document that could run code. */
  const scanDocument = () =>
    page.evaluate(() => {
      const all = [...document.querySelectorAll("*")];
      const handlers = all.flatMap((el) =>
        [...el.attributes]
          .filter((a) => a.name.toLowerCase().startsWith("on"))
          .map((a) => `<${el.tagName.toLowerCase()} ${a.name}="${a.value}">`),
      );
      const urlAttributes = ["href", "src", "action", "formaction", "xlink:href", "data"];
      const jsUrls = all.flatMap((el) =>
        urlAttributes
          .map((name) => el.getAttribute(name))
          .filter((v) => v !== null && /^\s*javascript:/i.test(v))
          .map((v) => `<${el.tagName.toLowerCase()} …="${v}">`),
      );
      const scripts = [...document.scripts]
        .filter((s) => !s.src || (s.textContent ?? "").includes("__xss"))
        .map((s) => s.outerHTML.slice(0, 200));
      return {
        xss: /** @type {any} */ (window).__xss,
        handlers,
        jsUrls,
        scripts,
        iframes: document.querySelectorAll("iframe, frame, object, embed").length,
        svgOnload: document.querySelectorAll("svg[onload]").length,
      };
    });

  it("(c) nothing executable reached the page", async () => {
    const scan = await scanDocument();
    assert.equal(scan.xss, undefined, "a payload ran: window.__xss is set");
    assert.deepEqual(scan.handlers, [], "elements with on* attributes");
    assert.deepEqual(scan.jsUrls, [], "javascript: URLs");
    assert.deepEqual(scan.scripts, [], "inline scripts");
    assert.equal(scan.iframes, 0, "frames or embedded objects");
    assert.equal(scan.svgOnload, 0, "svg with onload");
    assert.deepEqual(dialogs, []);

    // Inside the rendered content: formatting only.
    const content = await panel("Optimize")
      .getByRole("article")
      .evaluate((article) => ({
        active: article.querySelectorAll(
          "script, iframe, frame, object, embed, svg, img, style, form, input",
        ).length,
        tags: [
          ...new Set([...article.querySelectorAll("*")].map((el) => el.tagName.toLowerCase())),
        ],
        links: [...article.querySelectorAll("a")].map((a) => a.getAttribute("href")),
      }));
    assert.equal(
      content.active,
      0,
      `active elements in the content (tags: ${content.tags.join(", ")})`,
    );
    for (const href of content.links) {
      assert.ok(href === null || /^https?:\/\//.test(href), `link to ${href}`);
    }
  });

  it("(d) the harmless text and the http link are still shown", async () => {
    const article = panel("Optimize").getByRole("article");
    const headline = ((await article.locator(":scope > h2").textContent()) ?? "").trim();
    assert.ok(headline.startsWith(SAFE.headline), headline);
    assert.ok(!headline.includes("<script"), `markup left in the headline: ${headline}`);
    const text = await article.innerText();
    for (const part of [
      SAFE.introduction,
      SAFE.bodyHeading,
      SAFE.bodyParagraph,
      SAFE.bodyItem,
      SAFE.linkText,
      SAFE.conclusion,
    ]) {
      assert.ok(text.includes(part), `"${part}" is missing from the content`);
    }
    const link = article.getByRole("link", { name: SAFE.linkText });
    assert.equal(await link.getAttribute("href"), SAFE.linkHref);
    assert.deepEqual(
      await link.evaluate((a) => [...a.attributes].map((attr) => attr.name).sort()),
      ["href"],
    );
    await article.scrollIntoViewIfNeeded();
    await browser.shot("d-content");

    // The stored content's library address, opened from the result and then reloaded, renders
    // it from scratch; still nothing runs.
    await takePageBodies();
    await page.getByRole("link", { name: "Open in Content Library" }).click();
    await eventually(() => assert.match(page.url(), /\/library\/[^/]+$/));
    await page.getByRole("tab", { name: "Optimize", exact: true }).waitFor();
    await page.reload();
    await page.getByRole("tab", { name: "Optimize", exact: true }).waitFor();
    await page.waitForTimeout(500);
    const scan = await scanDocument();
    assert.equal(scan.xss, undefined);
    assert.deepEqual(scan.handlers, []);
  });

  it("(e) the API key is in no response the page received", async () => {
    const seen = await Promise.all(responseBodies);
    assert.ok(seen.length > 0, "no /api/ responses were recorded");
    await eventually(async () => {
      await takePageBodies();
      const stream = pageBodies.find((b) => b.url.endsWith("/api/generate-content/stream"));
      assert.ok(stream?.body.includes('"type":"done"'), "the generation stream was not recorded");
      // The payloads did reach the page, as streamed text (the live draft shows it as text).
      assert.ok(stream?.body.includes("window.__xss=2"), "the payloads never reached the page");
    });
    const bodies = [...seen, ...pageBodies].filter((b) => b.body !== null);
    const leaks = bodies.filter((b) => b.body?.includes(OPENAI_API_KEY)).map((b) => b.url);
    assert.deepEqual(leaks, [], "responses that carry the API key");
    assert.ok(!server.logs().includes(OPENAI_API_KEY), "the server log carries the API key");
    // Only the last four characters may be shown (the settings' key hint).
    assert.ok(!bodies.some((b) => b.body?.includes(OPENAI_API_KEY.slice(0, 12))));
  });

  it("(f) every export of the stored item renders in Chromium with nothing executing", async () => {
    // The item page opened in (d): its id is the last segment of the address.
    const id = new URL(page.url()).pathname.split("/").pop() ?? "";
    /** @param {string} format */
    const download = async (format) => {
      const res = await page.request.get(
        new URL(`/api/library/${id}/export?format=${format}`, server.url).href,
      );
      assert.equal(res.status(), 200, `${format} export answered ${res.status()}`);
      return res.body();
    };
    // Sanitising stripped the model's markup; an editor now writes markup as text (the rich
    // editor stores it entity-escaped), which the exports must keep as text.
    const item = await (
      await page.request.get(new URL(`/api/library/${id}`, server.url).href)
    ).json();
    const saved = await page.request.put(new URL(`/api/library/${id}`, server.url).href, {
      headers: { origin: new URL(server.url).origin },
      data: {
        headline: item.data.headline,
        introduction: item.data.introduction,
        conclusion: item.data.conclusion,
        body:
          `${item.data.body}<p>&lt;script&gt;window.__xss=8&lt;/script&gt; ` +
          `&lt;img src=x onerror="window.__xss=9"&gt; &lt;iframe src="javascript:window.__xss=10"&gt;</p>`,
        baseVersion: item.data.version,
      },
    });
    assert.equal(saved.status(), 200, await saved.text());
    const markdown = (await download("md")).toString("utf8");
    const html = (await download("html")).toString("utf8");
    const documentXml = await unzipEntry(await download("docx"), "word/document.xml");
    // The payloads reached every export as text: they must not come back as markup.
    /** @type {[string, string][]} */
    const exported = [
      ["markdown", markdown],
      ["html", html],
      ["docx", documentXml],
    ];
    for (const [name, text] of exported) {
      // (Markdown escapes the underscores.)
      assert.match(text, /xss=8/, `${name} export lost the text`);
    }

    const viewer = await page.context().newPage();
    /** @type {string[]} */
    const viewerDialogs = [];
    viewer.on("dialog", (dialog) => {
      viewerDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      // Markdown as a default renderer shows it (marked passes raw HTML through), and HTML as is.
      /** @type {[string, string][]} */
      const documents = [
        ["markdown", /** @type {string} */ (marked.parse(markdown, { async: false }))],
        ["html", html],
      ];
      for (const [name, rendered] of documents) {
        await viewer.setContent(rendered, { waitUntil: "load" });
        await viewer.waitForTimeout(300);
        const found = await viewer.evaluate(() => ({
          xss: /** @type {{ __xss?: unknown }} */ (/** @type {unknown} */ (window)).__xss,
          scripts: document.querySelectorAll("script").length,
          handlers: [...document.querySelectorAll("*")].flatMap((el) =>
            [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name),
          ),
          jsUrls: [...document.querySelectorAll("[href],[src]")].filter((el) =>
            /^\s*javascript:/i.test(el.getAttribute("href") ?? el.getAttribute("src") ?? ""),
          ).length,
          frames: document.querySelectorAll("iframe, frame, object, embed").length,
        }));
        assert.deepEqual(
          found,
          { xss: undefined, scripts: 0, handlers: [], jsUrls: 0, frames: 0 },
          `${name} export`,
        );
      }
      // DOCX: the document's XML keeps every payload as text, never as an element.
      const docx = await viewer.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        return {
          wellFormed: doc.getElementsByTagName("parsererror").length === 0,
          scripts: doc.getElementsByTagName("script").length,
          text: doc.documentElement.textContent ?? "",
        };
      }, documentXml);
      assert.equal(docx.wellFormed, true, "word/document.xml is not well-formed");
      assert.equal(docx.scripts, 0);
      assert.ok(docx.text.includes(SAFE.conclusion), "the DOCX lost the conclusion's text");
      assert.deepEqual(viewerDialogs, []);
    } finally {
      await viewer.close();
    }
  });

  it("logs no console warning or error and raises no uncaught error in the page", () => {
    browser.console.assertClean();
  });
});
