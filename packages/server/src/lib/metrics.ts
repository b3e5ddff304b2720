import { Readable } from "node:stream";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { AppError } from "./app-error";

/** Jobs of one queue in each state, as the job engine reports them. */
export interface QueueCounts {
  queue: string;
  counts: Record<string, number>;
}

/** Connections of a database pool (PostgreSQL); undefined where there is no pool (PGlite). */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** What the scrape reads from the running app when Prometheus asks (no I/O at other times). */
export interface MetricSources {
  queueCounts(): Promise<QueueCounts[]>;
  poolUse(): PoolUse | undefined;
}

/** One finished provider call (text or image), as `modules/ai`'s ProviderCaller reports it. */
export interface ProviderCallRecord {
  provider: string;
  model: string;
  seconds: number;
  inputTokens: number;
  outputTokens: number;
  /** The failure kind (`timeout`, `rate_limited`, …); undefined when the call succeeded. */
  error: string | undefined;
}

/** What an export ended as: sent, refused (a 4xx: no such item, not allowed) or failed. */
export type ExportOutcome = "success" | "refused" | "failure";

/** What a webhook delivery ended as (the webhook sender reports each attempt). */
export type WebhookDeliveryOutcome = "delivered" | "failed" | "gave_up";

/** Request durations up to the 30 s request timeout. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Provider calls up to the 90 s total timeout. */
const GENERATION_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 90];

/**
 * The Prometheus metrics of one app instance, in a registry of its own (never prom-client's
 * global one: tests build many apps in one process, and a second registration there throws).
 * Counters are cheap and always kept; process metrics (CPU, memory, event loop) are collected
 * only once metrics are served (`serveProcessMetrics`), since their collectors never stop.
 */
export class AppMetrics {
  readonly registry = new Registry();
  #processMetrics = false;
  #sources: MetricSources | undefined;

  readonly requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by route template, method and status class",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });

  readonly generationDuration = new Histogram({
    name: "content_studio_generation_duration_seconds",
    help: "AI provider call duration (retries included) by provider, model and outcome",
    labelNames: ["provider", "model", "outcome"] as const,
    buckets: GENERATION_BUCKETS,
    registers: [this.registry],
  });

  readonly generationTokens = new Counter({
    name: "content_studio_generation_tokens_total",
    help: "Tokens the AI providers counted, by provider, model and direction (input or output)",
    labelNames: ["provider", "model", "direction"] as const,
    registers: [this.registry],
  });

  readonly generationErrors = new Counter({
    name: "content_studio_generation_errors_total",
    help: "Failed AI provider calls by provider, model and failure kind",
    labelNames: ["provider", "model", "kind"] as const,
    registers: [this.registry],
  });

  readonly exports = new Counter({
    name: "content_studio_exports_total",
    help: "Exports (library items, campaign kits) by kind and outcome",
    labelNames: ["kind", "outcome"] as const,
    registers: [this.registry],
  });

  readonly webhookDeliveries = new Counter({
    name: "content_studio_webhook_deliveries_total",
    help: "Webhook delivery attempts by outcome",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });

  constructor() {
    const jobs: Gauge<"queue" | "state"> = new Gauge({
      name: "content_studio_jobs",
      help: "Jobs of the job engine by queue and state, read at scrape time",
      labelNames: ["queue", "state"] as const,
      registers: [this.registry],
      collect: async () => {
        jobs.reset();
        for (const { queue, counts } of (await this.#sources?.queueCounts()) ?? []) {
          for (const [state, value] of Object.entries(counts)) jobs.set({ queue, state }, value);
        }
      },
    });
    // PostgreSQL only: PGlite is one connection inside this process, with no pool to report.
    const pool: Gauge<"state"> = new Gauge({
      name: "content_studio_db_pool_connections",
      help: "Database pool connections: total open, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect: () => {
        pool.reset();
        const use = this.#sources?.poolUse();
        if (!use) return;
        pool.set({ state: "total" }, use.total);
        pool.set({ state: "idle" }, use.idle);
        pool.set({ state: "waiting" }, use.waiting);
      },
    });
  }

  /** Where the scrape reads job counts and pool use (set once the app is built). */
  setSources(sources: MetricSources): void {
    this.#sources = sources;
  }

  /** Adds prom-client's default process metrics (once; they run until the process ends). */
  serveProcessMetrics(): void {
    if (this.#processMetrics) return;
    this.#processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** `route` is the route template (`/api/library/:id`), never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    const statusClass = `${Math.floor(statusCode / 100)}xx`;
    this.requestDuration.observe({ method, route, status_class: statusClass }, seconds);
  }

  /** Called by the AI module for every provider call, successful or not. */
  recordProviderCall(call: ProviderCallRecord): void {
    const { provider, model } = call;
    this.generationDuration.observe(
      { provider, model, outcome: call.error ? "error" : "success" },
      call.seconds,
    );
    if (call.inputTokens > 0) {
      this.generationTokens.inc({ provider, model, direction: "input" }, call.inputTokens);
    }
    if (call.outputTokens > 0) {
      this.generationTokens.inc({ provider, model, direction: "output" }, call.outputTokens);
    }
    if (call.error) this.generationErrors.inc({ provider, model, kind: call.error });
  }

  /** Counts one webhook delivery attempt (for the webhook sender). */
  recordWebhookDelivery(outcome: WebhookDeliveryOutcome): void {
    this.webhookDeliveries.inc({ outcome });
  }

  /**
   * Counts an export's outcome. A streamed body counts when the stream ends (or fails), not
   * when it starts.
   */
  async countExport<T extends { body: unknown }>(kind: string, run: () => Promise<T>): Promise<T> {
    let file: T;
    try {
      file = await run();
    } catch (error) {
      const refused = error instanceof AppError && error.status < 500;
      this.exports.inc({ kind, outcome: refused ? "refused" : "failure" });
      throw error;
    }
    if (file.body instanceof Readable) {
      let counted = false;
      const count = (outcome: ExportOutcome) => {
        if (counted) return;
        counted = true;
        this.exports.inc({ kind, outcome });
      };
      file.body.once("end", () => count("success"));
      file.body.once("error", () => count("failure"));
      // Closed before its end: the client went away or the stream was cut.
      file.body.once("close", () => count("failure"));
    } else {
      this.exports.inc({ kind, outcome: "success" });
    }
    return file;
  }
}
