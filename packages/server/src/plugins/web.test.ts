import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
