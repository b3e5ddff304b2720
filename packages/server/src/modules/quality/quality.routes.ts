import {
  BannedPhrasesResponseSchema,
  BannedPhrasesSchema,
  QualityCheckBodySchema,
  QualityReportSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { actorOf } from "../../plugins/access";
import { clientGoneSignal } from "../../plugins/client-gone";
import * as quality from "./quality.service";
import { checkQualityReviewed } from "./reviewed-check";

export const qualityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/quality-check",
      {
        config: { access: "viewer" },
        schema: {
          operationId: "checkQuality",
          summary: "Run the quality check on a draft",
          tags: ["quality"],
          body: QualityCheckBodySchema,
          response: { 200: successEnvelope(QualityReportSchema) },
        },
      },
      async (request, reply) => ({
        success: true as const,
        data: await checkQualityReviewed(ctx, request.body, {
          signal: clientGoneSignal(reply),
          log: request.log,
        }),
      }),
    );

    app.get(
      "/api/settings/banned-phrases",
      {
        config: { access: "viewer" },
        schema: {
          operationId: "getBannedPhrases",
          summary: "Get the banned phrases",
          tags: ["quality"],
          response: { 200: successEnvelope(BannedPhrasesResponseSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await quality.readBannedPhrases(ctx, actorOf(request)),
      }),
    );

    app.put(
      "/api/settings/banned-phrases",
      {
        config: { access: "admin" },
        schema: {
          operationId: "updateBannedPhrases",
          summary: "Replace the banned phrases",
          tags: ["quality"],
          body: BannedPhrasesSchema,
          response: { 200: successEnvelope(BannedPhrasesResponseSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await quality.saveBannedPhrases(ctx, actorOf(request), request.body),
      }),
    );
  };
