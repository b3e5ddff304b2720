import { validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper";
import type { RegisteredRoute } from "./access";

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string }>;
    schemas?: Record<string, unknown>;
  };
}

/** `/api/library/:id` as an OpenAPI path: `/api/library/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, "{$1}");

/**
 * Every registered route the document leaves out, or lists without an operationId, a summary
 * or a tag (Swagger UI files an untagged operation under "default").
 */
export function undocumentedRoutes(doc: Document, routes: RegisteredRoute[]): string[] {
  return routes
    .filter((route) => {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      return !operation?.operationId || !operation.summary?.trim() || !operation.tags?.length;
    })
    .map((route) => `${route.method} ${route.url}`);
}

describe("the OpenAPI document", () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.anonymous.get("/api/openapi.json");
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
  });
  afterAll(async () => {
    await t.close();
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("describes every registered /api route with an operationId, a summary and a tag, ids unique", () => {
    expect(t.routes.length).toBeGreaterThan(100);
    expect(undocumentedRoutes(doc, t.routes)).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const documented = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(documented).toBe(t.routes.length);
  });

  it("states no integer's bounds as the safe-integer range (Swagger UI would show it as the example)", () => {
    const text = JSON.stringify(doc);
    expect(text).toContain('"type":"integer"');
    expect(text).not.toContain(String(Number.MIN_SAFE_INTEGER));
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });

  it("fails a route that is missing, or has no summary or no tag", () => {
    const route = { method: "GET", url: "/api/library/:id", access: "viewer" } as const;
    const withoutIt = structuredClone(doc);
    delete withoutIt.paths["/api/library/{id}"];
    expect(undocumentedRoutes(withoutIt, [route])).toEqual(["GET /api/library/:id"]);
    const noSummary = structuredClone(doc);
    delete noSummary.paths["/api/library/{id}"]!.get!.summary;
    expect(undocumentedRoutes(noSummary, [route])).toEqual(["GET /api/library/:id"]);
    const noTag = structuredClone(doc);
    delete noTag.paths["/api/library/{id}"]!.get!.tags;
    expect(undocumentedRoutes(noTag, [route])).toEqual(["GET /api/library/:id"]);
  });

  it("declares the Bearer scheme with each route's scope, and the error envelopes", () => {
    expect(doc.components.securitySchemes.bearerToken).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    const item = doc.paths["/api/library/{id}"]!;
    expect(item.get!.security).toEqual([{ bearerToken: ["library:read"] }, { sessionCookie: [] }]);
    expect(Object.keys(item.put!.responses!).sort()).toEqual(
      ["200", "400", "401", "403", "404", "409"].sort(),
    );
    expect(item.put!.security).toEqual([{ bearerToken: ["library:write"] }, { sessionCookie: [] }]);
    expect(doc.paths["/api/tokens"]!.post!.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths["/api/users"]!.get!.security![0]).toEqual({ bearerToken: ["admin"] });
    expect(doc.paths["/api/health"]!.get!.security).toEqual([]);
    expect(Object.keys(doc.paths["/api/generate-content"]!.post!.responses!)).toContain("429");
    expect(doc.paths["/api/users"]!.get!.responses!["403"]).toMatchObject({
      description: expect.stringContaining("forbidden") as unknown,
      content: {
        "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } },
      },
    });
    expect(doc.components.schemas?.ErrorEnvelope).toMatchObject({
      properties: {
        code: { enum: expect.arrayContaining(["forbidden", "rate_limited"]) as unknown },
      },
    });
    // The health check's own 503 (a health report or the envelope) is kept as declared.
    expect(JSON.stringify(doc.paths["/api/health"]!.get!.responses!["503"])).not.toContain(
      "#/components/schemas/ErrorEnvelope",
    );
  });

  it("serves the reference page and its files from this server, under its CSP", async () => {
    const page = await t.anonymous.get("/api/docs");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    for (const file of ["swagger-ui-bundle.js", "swagger-ui.css", "docs-init.js"]) {
      const res = await t.anonymous.get(`/api/docs/assets/${file}`);
      expect(res.statusCode, file).toBe(200);
    }
    expect((await t.anonymous.get("/api/docs/assets/..%2Fpackage.json")).statusCode).toBe(404);
  });
});
