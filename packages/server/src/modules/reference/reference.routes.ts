import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { replyWithEtag } from "../../lib/etag";
import { ReferenceCache, type ReferenceAnswer } from "./reference-cache";

const ROUTES: Record<string, ReferenceAnswer> = {
  "/api/personas": "personas",
  "/api/industries": "industries",
  "/api/buying-stages": "buyingStages",
  "/api/company-catalog": "companyCatalog",
};

/**
 * Rarely changing reference data, served from a cache that holds each answer serialised once
 * (checked against its contract schema when built), with an ETag: If-None-Match gets a 304.
 */
export const referenceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = new ReferenceCache(ctx.db);
    for (const [url, name] of Object.entries(ROUTES)) {
      app.get(url, { config: { access: "viewer" } }, async (request, reply) =>
        replyWithEtag(request, reply, await cache.get(name)),
      );
    }
  };
