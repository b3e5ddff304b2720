import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
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

describe("index.html carries what a first visit starts with", () => {
  const html =
    '<!doctype html><html><head><title>Content Studio</title></head><body><div id="root"></div></body></html>\n';
  const hints = {
    session: "/api/session",
    signedIn: ["/api/personas", "/api/broken"],
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
  /** A persona whose text tries to end the data block and run a script of its own. */
  const PERSONA = { name: "CTO </script><script>alert(1)</script> & <!-- \u2028 -->" };
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "web-dist-"));
    writeWithCopies(path.join(dist, "index.html"), html);
    fs.mkdirSync(path.join(dist, ".vite"));
    fs.writeFileSync(path.join(dist, ".vite/first-visit.json"), JSON.stringify(hints));
    app = Fastify();
    // The API the page's answers come from: each route says whose cookie and address it saw.
    const seen = (request: FastifyRequest) => ({
      cookie: request.headers.cookie ?? null,
      ip: request.ip,
    });
    app.get("/api/session", async (request) => ({ success: true, data: seen(request) }));
    app.get("/api/personas", async () => ({ success: true, data: [PERSONA] }));
    app.get("/api/broken", async (_request, reply) =>
      reply.status(500).send({ success: false, code: "internal_error", message: "No." }),
    );
    app.get("/api/dashboard/summary", async () => ({ success: true, data: { total: 3 } }));
    app.get("/api/library", async (request) => ({ success: true, data: request.query }));
    await registerWeb(app, dist, { resolveUser });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const links = (body: string) => body.match(/<link [^>]*>/g) ?? [];
  /** The answers in the page's data block, read back as the app reads them. */
  const answersOf = (body: string) => {
    const blocks = [
      ...body.matchAll(/<script type="application\/json" id="first-answers">(.*?)<\/script>/g),
    ];
    expect(blocks).toHaveLength(1);
    return JSON.parse(blocks[0]![1]!) as Record<string, { success: boolean; data: unknown }>;
  };

  it("a signed-out visitor: the page's code and the session answer, compressed, never stored", async () => {
    const res = await app.inject({
      url: "/",
      headers: { "accept-encoding": "gzip, br" },
      remoteAddress: "10.1.2.3",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers["content-encoding"]).toBe("br");
    const body = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(links(body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-abc.js">',
    ]);
    expect(answersOf(body)).toEqual({
      "/api/session": { success: true, data: { cookie: null, ip: "10.1.2.3" } },
    });
    expect(body.replace(/ *<(link|script) [^\n]*\n/g, "")).toBe(
      html.replace("</head>", "  </head>"),
    );
  });

  it("a signed-in visitor: the start-up data and the screen's data, asked with their cookie", async () => {
    const res = await app.inject({
      url: "/library",
      headers: { "accept-encoding": "gzip", cookie: "sid=good" },
    });
    expect(res.headers["content-encoding"]).toBe("gzip");
    const body = zlib.gunzipSync(res.rawPayload).toString();
    expect(links(body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/library-abc.js">',
    ]);
    // The failed answer is left out: the app asks for it itself.
    expect(answersOf(body)).toEqual({
      "/api/session": { success: true, data: { cookie: "sid=good", ip: "127.0.0.1" } },
      "/api/personas": { success: true, data: [PERSONA] },
      "/api/library?a=1&b=2": { success: true, data: { a: "1", b: "2" } },
    });
    // Nothing in an answer can end the data block or start markup.
    expect(body.match(/<\/script>/g)).toHaveLength(1);
    expect(body).not.toContain("<script>alert");
    expect(body).not.toContain("<!--");
  });

  it("sends a renewed session cookie with the page", async () => {
    const res = await app.inject({ url: "/", headers: { cookie: "sid=old" } });
    expect([res.headers["set-cookie"]].flat()).toEqual(["sid=renewed; HttpOnly"]);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(answersOf(res.body)["/api/dashboard/summary"]).toEqual({
      success: true,
      data: { total: 3 },
    });
  });

  it.each([
    ["a stale cookie", "/", "sid=gone"],
    ["a temporary password (only the password change is allowed)", "/", "sid=temporary"],
  ])("no data for %s", async (_, url, cookie) => {
    const res = await app.inject({ url, headers: { cookie } });
    expect(links(res.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-abc.js">',
    ]);
    expect(Object.keys(answersOf(res.body))).toEqual(["/api/session"]);
  });

  it.each(["/login", "/library?q=cost", "/library/42"])(
    "%s: the session only (no first-visit list for it)",
    async (url) => {
      const res = await app.inject({ url, headers: { cookie: "sid=good" } });
      expect(res.statusCode).toBe(200);
      expect(links(res.body)).toEqual([]);
      expect(Object.keys(answersOf(res.body))).toEqual(["/api/session"]);
    },
  );
});
