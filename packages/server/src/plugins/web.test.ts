import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolveUser } from "./access";
import { registerWeb } from "./web";

// The built web app as the web build leaves it: each text file with a .br and a .gz copy.
const script = "export const answer = 42;\n".repeat(200);
const page = "<!doctype html><title>Content Studio</title><div id=root></div>\n";

function writeWithCopies(file: string, body: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
}

describe("web assets", () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "web-dist-"));
    writeWithCopies(path.join(dist, "index.html"), page);
    writeWithCopies(path.join(dist, "assets/app-abc123.js"), script);
    fs.writeFileSync(path.join(dist, "assets/plain-abc123.js"), script);
    app = Fastify();
    await registerWeb(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends the brotli copy to a browser that accepts it, cached for a year", async () => {
    const res = await app.inject({
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it("sends gzip when brotli is not accepted, and the file itself when neither is", async () => {
    const gzip = await app.inject({
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const identity = await app.inject({ url: "/assets/app-abc123.js" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(script);
  });

  it("falls back to the file when the build left no compressed copy", async () => {
    const res = await app.inject({
      url: "/assets/plain-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it("sends index.html compressed and uncached for a client-side route", async () => {
    const res = await app.inject({ url: "/library/42", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });
});

describe("index.html names what a first visit loads next", () => {
  const html =
    '<!doctype html><html><head><title>Content Studio</title></head><body><div id="root"></div></body></html>\n';
  const hints = {
    session: "/api/session",
    signedIn: ["/api/personas"],
    pages: [
      { path: "/", scripts: ["/assets/dashboard-abc.js"], data: ["/api/dashboard/summary"] },
      { path: "/library", scripts: ["/assets/library-abc.js"], data: ["/api/library?a=1&b=2"] },
    ],
  };
  // Stands in for the session resolver (its own tests cover the cookie and the database).
  const resolveUser: ResolveUser = async ({ headers }) => {
    const cookie = String(headers.cookie ?? "");
    if (!cookie.includes("sid=")) return { user: null, setCookies: [] };
    const user = { id: "u1", name: "Vera", email: "vera@example.com", role: "viewer" as const };
    if (cookie.includes("sid=temporary")) {
      return { user: { ...user, mustChangePassword: true }, setCookies: [] };
    }
    if (cookie.includes("sid=old")) return { user, setCookies: ["sid=renewed; HttpOnly"] };
    return cookie.includes("sid=good") ? { user, setCookies: [] } : { user: null, setCookies: [] };
  };
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "web-dist-"));
    writeWithCopies(path.join(dist, "index.html"), html);
    fs.mkdirSync(path.join(dist, ".vite"));
    fs.writeFileSync(path.join(dist, ".vite/first-visit.json"), JSON.stringify(hints));
    app = Fastify();
    await registerWeb(app, dist, { resolveUser });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const links = (body: string) => body.match(/<link [^>]*>/g) ?? [];
  const SESSION = '<link rel="preload" href="/api/session" as="fetch" crossorigin="anonymous">';

  it("a signed-out visitor: the session and the page's code, compressed, never cached", async () => {
    const res = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers["content-encoding"]).toBe("br");
    const body = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(links(body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-abc.js">',
      SESSION,
    ]);
    expect(body.replace(/ *<link [^>]*>\n/g, "")).toBe(html.replace("</head>", "  </head>"));
  });

  it("a signed-in visitor: the start-up data and the screen's data as well", async () => {
    const res = await app.inject({
      url: "/library",
      headers: { "accept-encoding": "gzip", cookie: "sid=good" },
    });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(links(zlib.gunzipSync(res.rawPayload).toString())).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/library-abc.js">',
      SESSION,
      '<link rel="preload" href="/api/personas" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/api/library?a=1&amp;b=2" as="fetch" crossorigin="anonymous">',
    ]);
  });

  it("sends a renewed session cookie with the page", async () => {
    const res = await app.inject({ url: "/", headers: { cookie: "sid=old" } });
    expect([res.headers["set-cookie"]].flat()).toEqual(["sid=renewed; HttpOnly"]);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(links(res.body)).toContain(
      '<link rel="preload" href="/api/dashboard/summary" as="fetch" crossorigin="anonymous">',
    );
  });

  it.each([
    ["a stale cookie", "/", "sid=gone"],
    ["a temporary password (only the password change is allowed)", "/", "sid=temporary"],
  ])("no data for %s", async (_, url, cookie) => {
    const res = await app.inject({ url, headers: { cookie } });
    expect(links(res.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-abc.js">',
      SESSION,
    ]);
  });

  it.each(["/login", "/library?q=cost", "/library/42"])(
    "%s: the session only (no first-visit list for it)",
    async (url) => {
      const res = await app.inject({ url, headers: { cookie: "sid=good" } });
      expect(res.statusCode).toBe(200);
      expect(links(res.body)).toEqual([SESSION]);
    },
  );
});
