import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { AppError } from "../lib/app-error";
import type { AppMetrics } from "../lib/metrics";

type MetricsConfig = Config["metrics"];

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? "");
  if (!match) return false;
  // Equal-length digests: timingSafeEqual needs equal lengths, and the token's length stays hidden.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

/**
 * Request durations for every answer (labelled by route template: `/api/library/:id`, never the
 * raw URL, and `unmatched` for paths no route serves), and GET /metrics in Prometheus' text
 * format: with METRICS_TOKEN, for `Authorization: Bearer <token>` only (401 otherwise); without
 * it, 404 (then METRICS_PORT may serve them on a port of their own, see startMetricsServer).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  config: MetricsConfig,
): void {
  if (config.token !== undefined || config.port !== undefined) metrics.serveProcessMetrics();

  app.addHook("onResponse", async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? "unmatched",
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  app.get("/metrics", async (request, reply) => {
    if (config.token === undefined) throw new AppError("not_found", "Not found.");
    if (!bearerMatches(request.headers.authorization, config.token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("unauthenticated", "The metrics need the bearer token (METRICS_TOKEN).");
    }
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header("cache-control", "no-store").send(body);
  });
}

/**
 * Serves GET /metrics on METRICS_PORT (bound to METRICS_HOST, 127.0.0.1 by default), apart
 * from the app's port: for a scraper on the same host or network that the public port's
 * proxy never exposes. Asks for the bearer token when METRICS_TOKEN is set.
 */
export async function startMetricsServer(
  metrics: AppMetrics,
  config: MetricsConfig & { port: number },
): Promise<{ address: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    if (config.token !== undefined && !bearerMatches(request.headers.authorization, config.token)) {
      response
        .writeHead(401, {
          "content-type": "text/plain",
          "www-authenticate": 'Bearer realm="metrics"',
        })
        .end("Unauthorized\n");
      return;
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { "content-type": metrics.registry.contentType }).end(body),
      () => response.writeHead(500, { "content-type": "text/plain" }).end("Metrics failed\n"),
    );
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    address: `http://${address.includes(":") ? `[${address}]` : address}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
