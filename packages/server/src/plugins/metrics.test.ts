import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DB, type Agent, type TestApp, useTestApp } from "../../test/helper";
import { answer, type FakeAiProviderServer } from "../../test/fakes/ai-provider-server";
import { modelDraft, VALID_REQUEST, buildOpenAiFakeApp } from "../../test/support/generation";
import { AppMetrics } from "../lib/metrics";
import { startMetricsServer } from "./metrics";

const TOKEN = "metrics-test-token-0123456789";

/** The value of the sample `name{labels}` in a Prometheus text answer (labels in any order). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const m of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      found[m[1]!] = m[2]!;
    }
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe("GET /metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  let fake: FakeAiProviderServer;
  let editor: Agent;
  const scrape = async () => {
    const res = await t.anonymous.get("/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ({ t, fake } = await buildOpenAiFakeApp({
      config: { metrics: { token: TOKEN, port: undefined, host: "127.0.0.1" } },
      editorReview: false,
    }));
    editor = await t.signInAs("editor");
  });
  afterAll(() => t.close());

  it("refuses a scrape without the token, or with another one (401)", async () => {
    const none = await t.anonymous.get("/metrics");
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expect(none.json()).toMatchObject({ success: false, code: "unauthenticated" });
    expect(none.body).not.toContain("http_request_duration_seconds");
    const wrong = await t.anonymous.get("/metrics", { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    const basic = await t.anonymous.get("/metrics", { authorization: `Basic ${TOKEN}` });
    expect(basic.statusCode).toBe(401);
  });

  it("answers Prometheus text with process metrics and request durations by route template", async () => {
    const id = "6d1f0c52-2a6b-4d3e-9f43-3a1f3c0f9b11";
    expect((await editor.get(`/api/library/${id}`)).statusCode).toBe(404);
    expect((await t.anonymous.get("/api/health")).statusCode).toBe(200);
    const res = await t.anonymous.get("/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(
      sample(text, "http_request_duration_seconds_count", {
        method: "GET",
        route: "/api/library/:id",
        status_class: "4xx",
      }),
    ).toBe(1);
    expect(
      sample(text, "http_request_duration_seconds_count", {
        method: "GET",
        route: "/api/health",
        status_class: "2xx",
      }),
    ).toBeGreaterThanOrEqual(1);
    // The template, never the raw path.
    expect(text).not.toContain(id);
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("reports job counts for every queue and state", async () => {
    const text = await scrape();
    expect(text).toContain("# TYPE content_studio_jobs gauge");
    expect(t.ctx.jobEngine.queueNames.length).toBeGreaterThan(0);
    for (const queue of t.ctx.jobEngine.queueNames) {
      for (const state of ["ready", "deferred", "active", "failed"]) {
        expect(sample(text, "content_studio_jobs", { queue, state }), `${queue} ${state}`).toEqual(
          expect.any(Number),
        );
      }
    }
  });

  it("observes a generation's latency and tokens by provider and model", async () => {
    fake.setDefault(answer(modelDraft(), { usage: { inputTokens: 321, outputTokens: 123 } }));
    const before = await scrape();
    const labels = { provider: "openai", model: "gpt-4o-mini" };
    expect(
      sample(before, "content_studio_generation_duration_seconds_count", {
        ...labels,
        outcome: "success",
      }),
    ).toBeUndefined();
    const res = await editor.post("/api/generate-content", VALID_REQUEST);
    expect(res.statusCode, res.body).toBe(200);
    const text = await scrape();
    expect(
      sample(text, "content_studio_generation_duration_seconds_count", {
        ...labels,
        outcome: "success",
      }),
    ).toBe(fake.requests.length);
    expect(
      sample(text, "content_studio_generation_duration_seconds_sum", {
        ...labels,
        outcome: "success",
      }),
    ).toBeGreaterThan(0);
    expect(
      sample(text, "content_studio_generation_tokens_total", { ...labels, direction: "input" }),
    ).toBe(321 * fake.requests.length);
    expect(
      sample(text, "content_studio_generation_tokens_total", { ...labels, direction: "output" }),
    ).toBe(123 * fake.requests.length);

    // A failing provider counts as an error of its kind.
    fake.setDefault({ kind: "status", status: 401 });
    expect((await editor.post("/api/generate-content", VALID_REQUEST)).statusCode).toBe(502);
    expect(
      sample(await scrape(), "content_studio_generation_errors_total", { ...labels, kind: "auth" }),
    ).toBe(1);

    // The item just written exports, and the export is counted.
    const { contentItemId } = res.json<{ data: { contentItemId: string } }>().data;
    const exported = await editor.get(`/api/library/${contentItemId}/export?format=md`);
    expect(exported.statusCode).toBe(200);
    const missing = await editor.get(
      "/api/library/6d1f0c52-2a6b-4d3e-9f43-3a1f3c0f9b11/export?format=md",
    );
    expect(missing.statusCode).toBe(404);
    const after = await scrape();
    expect(
      sample(after, "content_studio_exports_total", { kind: "library_item", outcome: "success" }),
    ).toBe(1);
    expect(
      sample(after, "content_studio_exports_total", { kind: "library_item", outcome: "refused" }),
    ).toBe(1);
  });

  it("counts webhook deliveries reported through the metrics", async () => {
    t.ctx.metrics.recordWebhookDelivery("delivered");
    t.ctx.metrics.recordWebhookDelivery("delivered");
    t.ctx.metrics.recordWebhookDelivery("gave_up");
    const text = await scrape();
    expect(sample(text, "content_studio_webhook_deliveries_total", { outcome: "delivered" })).toBe(
      2,
    );
    expect(sample(text, "content_studio_webhook_deliveries_total", { outcome: "gave_up" })).toBe(1);
  });

  it.runIf(TEST_DB === "postgres")("reports the database pool's connections", async () => {
    const text = await scrape();
    const total = sample(text, "content_studio_db_pool_connections", { state: "total" });
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(5);
    expect(sample(text, "content_studio_db_pool_connections", { state: "idle" })).toEqual(
      expect.any(Number),
    );
    expect(sample(text, "content_studio_db_pool_connections", { state: "waiting" })).toBe(0);
  });

  it.runIf(TEST_DB === "pglite")(
    "reports no pool on PGlite (one connection in process)",
    async () => {
      expect(await scrape()).not.toMatch(/^content_studio_db_pool_connections\{/m);
    },
  );
});

describe("GET /metrics without METRICS_TOKEN", () => {
  const t = useTestApp();

  it("answers 404, with or without a bearer token", async () => {
    expect((await t.anonymous.get("/metrics")).statusCode).toBe(404);
    const res = await t.anonymous.get("/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: "not_found" });
  });
});

describe("metrics on a port of their own (METRICS_PORT)", () => {
  it("serves them on 127.0.0.1, asking for the token only when one is set", async () => {
    const metrics = new AppMetrics();
    metrics.observeRequest("GET", "/api/health", 200, 0.01);
    const open = await startMetricsServer(metrics, {
      token: undefined,
      port: 0,
      host: "127.0.0.1",
    });
    const guarded = await startMetricsServer(metrics, { token: TOKEN, port: 0, host: "127.0.0.1" });
    try {
      expect(open.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const res = await fetch(open.address);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(
        sample(text, "http_request_duration_seconds_count", {
          route: "/api/health",
          status_class: "2xx",
        }),
      ).toBe(1);
      expect((await fetch(open.address.replace("/metrics", "/other"))).status).toBe(404);
      expect((await fetch(guarded.address)).status).toBe(401);
      const withToken = await fetch(guarded.address, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.status).toBe(200);
    } finally {
      await open.close();
      await guarded.close();
    }
  });

  it("keeps each app's metrics apart (one registry per app, none global)", async () => {
    // A second registration in one registry would throw "already been registered".
    const a = new AppMetrics();
    const b = new AppMetrics();
    a.serveProcessMetrics();
    b.serveProcessMetrics();
    a.recordWebhookDelivery("failed");
    expect(
      sample(await a.registry.metrics(), "content_studio_webhook_deliveries_total", {
        outcome: "failed",
      }),
    ).toBe(1);
    expect(
      sample(await b.registry.metrics(), "content_studio_webhook_deliveries_total", {
        outcome: "failed",
      }),
    ).toBeUndefined();
    expect(await b.registry.metrics()).toContain("process_cpu_user_seconds_total");
  });
});
