import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleMarkdown, multipartBody } from "../../test/fixtures/examples";
import { buildTestApp, type Agent, type TestApp } from "../../test/helper";

const NUL_MESSAGE = "Text cannot contain NUL characters.";

/** The envelope and headers every answer carries, whoever produced it. */
function expectEnvelope(res: { headers: Record<string, unknown>; body: string }) {
  expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
  expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers["x-request-id"]).toMatch(/^[\w-]{1,64}$/);
  expect(res.headers["cache-control"]).toBe("no-store");
}

function expectNulRefused(res: LightMyRequestResponse, path: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    success: false,
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

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signInAs("admin");
    editor = await t.signInAs("editor");
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
});
