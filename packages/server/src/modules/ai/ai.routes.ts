import { AiServiceInfoResponseSchema, ChangeAiProviderBodySchema } from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import { changeAiProvider, getAiServiceInfoFor } from "./ai-provider.service";

/** /api/ai-service-info and /api/change-ai-provider: the AI provider in use, and changing it. */
export const aiRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "admin", tags: ["ai"] });

    route.get("/api/ai-service-info", {
      access: "viewer",
      operationId: "getAiServiceInfo",
      summary: "Get the AI provider in use",
      answers: AiServiceInfoResponseSchema,
      run: (_request, actor) => getAiServiceInfoFor(ctx, actor),
    });

    route.post("/api/change-ai-provider", {
      operationId: "changeAiProvider",
      summary: "Change the AI provider",
      body: ChangeAiProviderBodySchema,
      answers: AiServiceInfoResponseSchema,
      run: ({ body, log }, actor) => changeAiProvider(ctx, actor, body, log),
    });
  };
