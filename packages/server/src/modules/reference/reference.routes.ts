import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { replyWithEtag } from "../../lib/etag";
import { ReferenceCache, type ReferenceAnswer } from "./reference-cache";

const ROUTES: Record<string, { name: ReferenceAnswer; operationId: string; summary: string }> = {
  "/api/personas": { name: "personas", operationId: "listPersonas", summary: "List personas" },
  "/api/industries": {
    name: "industries",
    operationId: "listIndustries",
    summary: "List industries",
  },
  "/api/buying-stages": {
    name: "buyingStages",
    operationId: "listBuyingStages",
    summary: "List buying stages",
  },
  "/api/company-catalog": {
    name: "companyCatalog",
    operationId: "getCompanyCatalog",
    summary: "Get the company's products and offers",
  },
};

/**
 * Rarely changing reference data, served from a cache that holds each answer serialised once
 * (checked against its contract schema when built), with an ETag: If-None-Match gets a 304.
 */
export const referenceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = new ReferenceCache(ctx.db);
    for (const [url, { name, operationId, summary }] of Object.entries(ROUTES)) {
      app.get(
        url,
        { config: { access: "viewer" }, schema: { operationId, summary, tags: ["reference"] } },
        async (request, reply) => replyWithEtag(request, reply, await cache.get(name)),
      );
    }
  };
