import net from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleMarkdown, multipartBody } from "../../test/fixtures/examples";
import { buildTestAppAs, type Agent, type TestApp } from "../../test/helper";
import { ROUTE_ACCESS } from "../../test/route-access";
import { expectError } from "../../test/support/responses";

const NUL_MESSAGE = "Text cannot contain NUL characters.";

/** The envelope and headers every answer carries, whoever produced it. */
function expectEnvelope(res: { headers: Record<string, unknown>; body: string }) {
  expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
  expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
  expect(String(res.headers["content-security-policy"])).not.toContain("unsafe-inline");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers["x-request-id"]).toMatch(/^[\w-]{1,64}$/);
  expect(res.headers["cache-control"]).toBe("no-store");
}

function expectNulRefused(res: LightMyRequestResponse, path: string) {
  expectError(res, 400, {
    code: "validation_error",
    message: NUL_MESSAGE,
    details: { issues: [{ path, message: NUL_MESSAGE }] },
  });
  expectEnvelope(res);
}

describe("input refused at the edge", () => {
  let t: TestApp;
  let admin: Agent;
  let editor: Agent;
  let base: string;

  beforeAll(async () => {
    [t, admin, editor] = await buildTestAppAs(["admin", "editor"]);
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a NUL character in query strings, naming the parameter", async () => {
    expectNulRefused(await editor.get("/api/examples?q=gr%00owth"), "query.q");
    expectNulRefused(await editor.get("/api/library?q=gr%00owth"), "query.q");
    expectNulRefused(await editor.get("/api/proof/facts?q=x%00"), "query.q");
  });

  it("refuses a NUL character in JSON bodies, naming the field", async () => {
    expectNulRefused(
      await admin.post("/api/users", {
        name: "Ada\u0000Lovelace",
        email: "ada-nul@example.test",
        password: "Long-Enough-Passphrase-77",
        role: "editor",
      }),
      "body.name",
    );
    expectNulRefused(
      await editor.post("/api/proof/facts", {
        statement: "Customers cut audit prep by 40%\u0000.",
        value: 40,
        valueMax: null,
        unit: "percent",
        subjectType: "company",
        subjectId: null,
        source: "Customer survey 2026",
        owner: "Marketing",
        expiresOn: null,
      }),
      "body.statement",
    );
    const profile = await admin.get("/api/company-profile");
    expect(profile.statusCode).toBe(200);
    const data = profile.json<{ data: Record<string, unknown> }>().data;
    expectNulRefused(
      await admin.put("/api/company-profile", { ...data, description: "We\u0000 build" }),
      "body.description",
    );
    // Nested values and keys.
    expectNulRefused(
      await admin.put("/api/company-profile", { ...data, bannedPhrases: ["ok", "b\u0000d"] }),
      "body.bannedPhrases.1",
    );
    // Nothing was stored: the user does not exist.
    const users = await admin.get("/api/users");
    expect(users.body).not.toContain("ada-nul@example.test");
  });

  it("refuses a lone surrogate in any field of any route with a body, naming the field", async () => {
    const MESSAGE =
      "Text cannot contain a lone surrogate character (half of an emoji or other symbol).";
    const routes = Object.keys(ROUTE_ACCESS).filter((r) => /^(POST|PUT|PATCH) /.test(r));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const [method, pattern] = route.split(" ") as [string, string];
      const url = pattern.replace(/:(\w+)/g, "x");
      // A lone high surrogate in one field, a lone low one deeper down: wherever it is, it is
      // named, before the route's own schema or handler sees the body.
      for (const [body, paths] of [
        [{ name: "Ada \ud83d Lovelace" }, ["body.name"]],
        [{ sections: [{ text: "ok" }, { text: "\udc00" }] }, ["body.sections.1.text"]],
      ] as const) {
        const res = await admin.request({
          method: method,
          url,
          payload: JSON.stringify(body),
          headers: { "content-type": "application/json" },
        });
        expectError(
          res,
          400,
          {
            code: "validation_error",
            message: MESSAGE,
            details: { issues: [{ path: paths[0], message: MESSAGE }] },
          },
          `${route}: ${res.body}`,
        );
      }
    }
  });

  it("refuses a NUL character in path parameters and multipart fields", async () => {
    expectNulRefused(await editor.get("/api/examples/abc%00def"), "params.id");
    const form = new FormData();
    form.append("name", "up\u0000load");
    form.append("files", new Blob([exampleMarkdown({ title: "Nul" })]), "folder/good/a.md");
    const { payload, headers } = await multipartBody(form);
    expectNulRefused(
      await editor.post("/api/examples/ingest/upload", payload, headers),
      "body.name",
    );
  });

  it("answers a too-long path parameter and bad percent-encoding in the envelope", async () => {
    for (const [url, message] of [
      [`/api/examples/${"a".repeat(150)}`, "A part of the address is too long."],
      ["/api/examples/%E0%A4%A", "The address is not valid."],
    ] as const) {
      const res = await editor.get(url);
      expectError(
        res,
        400,
        {
          code: "validation_error",
          message,
          details: { issues: [{ path: "url", message }] },
        },
        url,
      );
      expectEnvelope(res);
    }
    // Over real HTTP too: the same headers and a request id reach the client.
    const res = await fetch(`${base}/api/examples/${"b".repeat(150)}`);
    expect(res.status).toBe(400);
    expectEnvelope({ headers: Object.fromEntries(res.headers), body: await res.text() });
  });

  it("sends the security headers on the refusals Fastify makes itself: no route, an unsupported content type, a body too large, unreadable JSON", async () => {
    const json = { "content-type": "application/json" };
    for (const [status, res] of [
      [404, await editor.get("/api/nope")],
      [
        400,
        await editor.request({
          method: "POST",
          url: "/api/proof/facts",
          headers: { "content-type": "text/weird" },
          payload: "x",
        }),
      ],
      [
        413,
        await editor.request({
          method: "POST",
          url: "/api/proof/facts",
          headers: json,
          payload: JSON.stringify({ statement: "x".repeat(1024 * 1024) }),
        }),
      ],
      [
        400,
        await editor.request({
          method: "POST",
          url: "/api/proof/facts",
          headers: json,
          payload: "{",
        }),
      ],
    ] as const) {
      expect(res.statusCode, res.body).toBe(status);
      expectEnvelope(res);
    }
  });

  it("answers malformed HTTP on the socket in the envelope with the security headers", async () => {
    const { port } = new URL(base);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n");
      });
      let out = "";
      socket.on("data", (c: Buffer) => (out += c.toString()));
      socket.on("close", () => resolve(out));
      socket.on("error", reject);
    });
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    const [statusLine, ...lines] = head.split("\r\n");
    expect(statusLine).toBe("HTTP/1.1 400 Bad Request");
    const headers = Object.fromEntries(
      lines.map((l) => [
        l.slice(0, l.indexOf(":")).toLowerCase(),
        l.slice(l.indexOf(":") + 1).trim(),
      ]),
    );
    expectEnvelope({ headers, body });
    expect(JSON.parse(body)).toEqual({
      success: false,
      code: "validation_error",
      message: "The request could not be read.",
    });
  });
});
