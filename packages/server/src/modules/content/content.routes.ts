import { SeoAnalysisBodySchema, SeoAnalysisSchema } from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { jsonRoutes } from "../../lib/route-options";
import { sanitizeBody } from "./pipeline";
import { analyzeSeo } from "./seo";

/** POST /api/seo-analysis: a draft scored for search (nothing is stored). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  jsonRoutes(app, { access: "viewer", tags: ["content"] }).post("/api/seo-analysis", {
    operationId: "analyzeSeo",
    summary: "Analyse a draft for search",
    body: SeoAnalysisBodySchema,
    answers: SeoAnalysisSchema,
    // The body may come straight from an editor: score the same HTML that would be stored.
    run: ({ body }) => analyzeSeo({ ...body, body: sanitizeBody(body.body) }),
  });
};
