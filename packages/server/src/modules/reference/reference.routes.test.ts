import { IndustrySchema, PersonaSchema } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { Agent, sql, TEST_DB, withSecondInstance, useTestAppAs } from "../../../test/helper";

describe(`reference data (${TEST_DB})`, () => {
  const [t, viewer] = useTestAppAs(["viewer"]);

  it("serves the four personas with every field", async () => {
    const res = await viewer.get("/api/personas");
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; data: unknown[] }>();
    expect(body.success).toBe(true);
    const personas = PersonaSchema.array().parse(body.data);
    expect(personas.map((p) => p.id)).toEqual([
      "vp-engineering",
      "director-engineering",
      "cto",
      "product-manager",
    ]);
    const influencers = personas.filter((p) => p.influencer !== undefined).map((p) => p.id);
    expect(influencers).toEqual(["director-engineering", "product-manager"]);
  });

  it("serves industries with the spec's market sizes", async () => {
    const res = await viewer.get("/api/industries");
    const industries = IndustrySchema.array().parse(res.json<{ data: unknown }>().data);
    expect(Object.fromEntries(industries.map((i) => [i.id, i.marketSize]))).toEqual({
      aerospace: "$800B+",
      automotive: "$2T+",
      "high-tech": "$1.5T+",
      industrial: "$600B+",
    });
  });

  it("serves the buying stages as plain strings", async () => {
    const res = await viewer.get("/api/buying-stages");
    expect(res.json()).toEqual({ success: true, data: ["awareness", "consideration", "decision"] });
  });

  it("serves the company catalogue with the five key metrics", async () => {
    const res = await viewer.get("/api/company-catalog");
    const data = res.json<{ data: { keyMetrics: { label: string }[]; solutions: unknown[] } }>()
      .data;
    expect(data.keyMetrics.map((m) => m.label)).toEqual([
      "35-45% reduction in engineering change orders",
      "20-30% decrease in time-to-market",
      "15-20% reduction in product cost",
      "25-35% improvement in first-time quality",
      "40-50% faster design cycle time",
    ]);
    expect(data.solutions).toHaveLength(5);
  });

  describe("entity tags", () => {
    const URLS = ["/api/personas", "/api/industries", "/api/buying-stages", "/api/company-catalog"];

    it("gives each answer a stable ETag, revalidated on every use", async () => {
      for (const url of URLS) {
        const first = await viewer.get(url);
        const second = await viewer.get(url);
        expect(first.statusCode, url).toBe(200);
        expect(first.headers.etag, url).toMatch(/^"[\w-]{27}"$/);
        expect(second.headers.etag).toBe(first.headers.etag);
        expect(second.body).toBe(first.body);
        expect(first.headers["cache-control"]).toBe("private, no-cache");
        expect(first.headers["content-type"]).toMatch(/^application\/json/);
      }
      const tags = await Promise.all(URLS.map(async (u) => (await viewer.get(u)).headers.etag));
      expect(new Set(tags).size).toBe(URLS.length);
    });

    it("answers 304 without a body when If-None-Match names the current tag", async () => {
      const { etag } = (await viewer.get("/api/personas")).headers;
      for (const header of [String(etag), `W/${etag}`, `"other", ${etag}`]) {
        const res = await viewer.get("/api/personas", { "if-none-match": header });
        expect(res.statusCode, header).toBe(304);
        expect(res.body).toBe("");
        expect(res.headers.etag).toBe(etag);
      }
      const stale = await viewer.get("/api/personas", { "if-none-match": '"other"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.json<{ data: unknown[] }>().data).toHaveLength(4);
    });

    it("answers 304 to If-None-Match: * (any current tag), as RFC 9110 has it for a GET", async () => {
      const { etag } = (await viewer.get("/api/personas")).headers;
      const res = await viewer.get("/api/personas", { "if-none-match": "*" });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe("");
      expect(res.headers.etag).toBe(etag);
      expect(res.headers["cache-control"]).toBe("private, no-cache");
    });

    it("still needs a session to get a 304", async () => {
      const { etag } = (await viewer.get("/api/personas")).headers;
      const res = await t.anonymous.get("/api/personas", { "if-none-match": String(etag) });
      expect(res.statusCode).toBe(401);
    });

    it("changes the catalogue's tag after a company profile edit, on every instance", async () => {
      await withSecondInstance(t, async (second) => {
        const admin = await t.signInAs("admin");
        const onSecond = new Agent(second.app);
        // The same session cookie works on both instances (one database, one secret).
        const cookie = { cookie: admin.cookieHeader };
        const before = await onSecond.get("/api/company-catalog", cookie);
        expect(before.statusCode).toBe(200);
        const beforePersonas = (await onSecond.get("/api/personas", cookie)).headers.etag;

        const profile = (await admin.get("/api/company-profile")).json<{
          data: Record<string, unknown>;
        }>().data;
        const saved = await admin.put("/api/company-profile", {
          ...profile,
          companyName: "Renamed Costing Co",
        });
        expect(saved.statusCode, saved.body).toBe(200);

        const after = await onSecond.get("/api/company-catalog", {
          ...cookie,
          "if-none-match": String(before.headers.etag),
        });
        expect(after.statusCode).toBe(200);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect(after.json()).toMatchObject({ data: { companyName: "Renamed Costing Co" } });
        const onFirst = await admin.get("/api/company-catalog");
        expect(onFirst.headers.etag).toBe(after.headers.etag);
        // Answers built from unchanged rows keep their tag.
        expect((await onSecond.get("/api/personas", cookie)).headers.etag).toBe(beforePersonas);
      });
    });

    it("changes the personas' tag when a persona row changes, whoever writes it", async () => {
      const before = await viewer.get("/api/personas");
      await sql`update persona set title = 'Chief Tinkerer' where id = 'cto'`.execute(t.db);
      const after = await viewer.get("/api/personas", {
        "if-none-match": String(before.headers.etag),
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.body).toContain("Chief Tinkerer");
    });
  });

  it("refuses anonymous callers", async () => {
    const res = await t.anonymous.get("/api/personas");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: "unauthenticated" });
  });
});
