import { IndustrySchema, PersonaSchema } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";

describe("reference data", () => {
  let t: TestApp;
  let viewer: Agent;
  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await t.signInAs("viewer");
  });
  afterAll(() => t.close());

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

  it("refuses anonymous callers", async () => {
    const res = await t.anonymous.get("/api/personas");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: "unauthenticated" });
  });
});
