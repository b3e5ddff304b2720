import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached,
 * and index.html for every other non-API GET so client-side routes load directly.
 * /api paths that match no route answer a JSON 404. The web build writes a brotli (.br) and a
 * gzip (.gz) copy beside each text file: they are sent to browsers that accept them, so
 * nothing is compressed per request.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string | undefined,
): Promise<void> {
  const indexPath = webDist ? path.join(webDist, "index.html") : undefined;
  const hasWeb = indexPath !== undefined && fs.existsSync(indexPath);
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({
      success: false,
      code: "not_found",
      message: isApi ? "No such API endpoint." : "Not found.",
    });
  });
}
