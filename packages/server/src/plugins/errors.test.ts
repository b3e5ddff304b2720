import { Writable } from "node:stream";
import { ERROR_CODES, ErrorEnvelopeSchema, type ErrorCode } from "@content-studio/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { AppError, ERROR_STATUS } from "../lib/app-error";
import { createTestDatabase, testConfig, type TestDatabase } from "../../test/helper";

describe("ERROR_STATUS", () => {
  it("maps every error code of the contract to its HTTP status", () => {
    // The codes each status stands for, as the OpenAPI document lists them.
    const codesByStatus: Record<number, ErrorCode[]> = {
      400: ["validation_error"],
      401: ["unauthenticated"],
      403: ["forbidden", "password_change_required"],
      404: ["not_found"],
      409: ["conflict", "setup_required", "already_set_up"],
      413: ["payload_too_large"],
      429: ["rate_limited"],
      500: ["internal_error"],
      502: ["provider_error"],
      503: ["service_unavailable"],
    };
    const expected = Object.fromEntries(
      Object.entries(codesByStatus).flatMap(([status, codes]) =>
        codes.map((code) => [code, Number(status)]),
      ),
    );
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_STATUS).toEqual(expected);
    for (const code of ERROR_CODES) {
      expect(new AppError(code, "x").status).toBe(expected[code]);
    }
  });
});

describe("error model", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) {
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    ({ app } = await buildApp({
      config: testConfig(),
      db: database.db,
      dbKind: database.kind,
      logger: { level: "error", stream },
    }));
    // Test-only routes, registered before the app is ready.
    app.get("/api/test/boom", { config: { access: "public" } }, async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2");
    });
    app.get("/api/test/bad-sql", { config: { access: "public" } }, async () => {
      await sql`select secret_column from no_such_table`.execute(database.db);
      return { success: true };
    });
    app.get("/api/test/app-error", { config: { access: "public" } }, async () => {
      throw new AppError("conflict", "That name is taken.", { field: "name" });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const expectJsonEnvelope = (res: LightMyRequestResponse, status: number, code: ErrorCode) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers["content-type"]).toMatch(/^application\/json; charset=utf-8/);
    const body = ErrorEnvelopeSchema.strict().parse(res.json());
    expect(body.code).toBe(code);
    expect(res.body).not.toMatch(/\n\s+at |stack|node_modules|\.ts:\d+/);
    return body;
  };

  it("answers an unknown /api path with a 404 JSON envelope", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["POST", "/api/nope/deeper"],
      ["GET", "/api/nope?x=1"],
      ["DELETE", "/api/users"],
    ] as const) {
      const res = await app.inject({ method, url });
      const body = expectJsonEnvelope(res, 404, "not_found");
      expect(body.message).toBe("No such API endpoint.");
    }
  });

  it("answers malformed JSON with 400 validation_error and no parser details", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@example.test", "password": ',
    });
    const body = expectJsonEnvelope(res, 400, "validation_error");
    expect(body).toEqual({
      success: false,
      code: "validation_error",
      message: "The request body could not be read.",
    });
  });

  it("answers an unsupported content type with a JSON 400", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/xml" },
      payload: "<email>a@example.test</email>",
    });
    expect(expectJsonEnvelope(res, 400, "validation_error").message).toBe(
      "Unsupported content type.",
    );
  });

  it("answers schema violations with field paths", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: "not-an-email" },
    });
    const body = expectJsonEnvelope(res, 400, "validation_error");
    const { issues } = body.details as { issues: { path: string; message: string }[] };
    expect(issues).toContainEqual({ path: "body.email", message: "Enter a valid email address." });
    expect(issues.map((i) => i.path)).toContain("body.password");
  });

  it("answers a body over 1 MiB with 413 payload_too_large", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.test", password: "x".repeat(1024 * 1024) }),
    });
    expect(expectJsonEnvelope(res, 413, "payload_too_large").message).toBe(
      "The request body is too large.",
    );
    // Just under the limit is parsed (and then refused by the schema, not by size).
    const under = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.test", password: "x".repeat(1000 * 1000) }),
    });
    expectJsonEnvelope(under, 400, "validation_error");
  });

  it("answers an unexpected error with a generic 500 and logs it with the request id", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/test/boom",
      headers: { "x-request-id": "req-boom-1", cookie: "better-auth.session_token=s3cr3t" },
    });
    const body = expectJsonEnvelope(res, 500, "internal_error");
    expect(body).toEqual({
      success: false,
      code: "internal_error",
      message: "Something went wrong on our side. Please try again.",
    });
    expect(res.body).not.toMatch(/ECONNREFUSED|hunter2|5432/);

    const logged = logLines.find((l) => l.reqId === "req-boom-1" && l.msg === "unhandled error");
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(logLines)).not.toMatch(/s3cr3t/);
  });

  it("never leaks SQL from a failing query", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/bad-sql" });
    expectJsonEnvelope(res, 500, "internal_error");
    expect(res.body).not.toMatch(/no_such_table|secret_column|select|relation/i);
  });

  it("sends an AppError as its code, message and details", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/app-error" });
    expect(expectJsonEnvelope(res, 409, "conflict")).toEqual({
      success: false,
      code: "conflict",
      message: "That name is taken.",
      details: { field: "name" },
    });
  });

  it("answers every /api request with JSON, successes and failures alike", async () => {
    const requests = [
      { method: "GET", url: "/api/health" },
      { method: "GET", url: "/api/session" },
      { method: "GET", url: "/api/personas" },
      { method: "GET", url: "/api/nope" },
      { method: "POST", url: "/api/auth/sign-out", payload: {} },
      { method: "POST", url: "/api/users", payload: {}, headers: { origin: "https://x.example" } },
      { method: "GET", url: "/api/test/boom" },
    ] as const;
    for (const request of requests) {
      const res = await app.inject(request);
      expect(res.headers["content-type"], `${request.method} ${request.url}`).toMatch(
        /^application\/json/,
      );
      expect(() => res.json<unknown>()).not.toThrow();
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("sends the security headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: "ok", database: "up" } });
    const csp = String(res.headers["content-security-policy"]);
    const directives = Object.fromEntries(
      csp.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["script-src"]).toBeDefined();
    expect(directives["script-src"]).not.toContain("'unsafe-inline'");
    expect(directives["script-src"]).not.toContain("'unsafe-eval'");
    expect(directives["default-src"]).toEqual(["'self'"]);
    expect(directives["style-src"]).toEqual(["'self'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    // Plain http: no HSTS (it would pin a site that has no certificate).
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("echoes a well-formed x-request-id and replaces a malformed one", async () => {
    const echoed = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "trace-42_a" },
    });
    expect(echoed.headers["x-request-id"]).toBe("trace-42_a");
    const generated = await app.inject({ method: "GET", url: "/api/nope" });
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const malformed = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "bad id\u0007<script>" },
    });
    expect(malformed.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "a".repeat(65) },
    });
    expect(tooLong.headers["x-request-id"]).not.toBe("a".repeat(65));
  });
});
