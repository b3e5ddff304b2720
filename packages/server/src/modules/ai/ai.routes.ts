import {
  AiServiceInfoResponseSchema,
  ChangeAiProviderBodySchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import { changeAiProvider, getAiServiceInfoFor } from "./ai-provider.service";

/** /api/ai-service-info and /api/change-ai-provider: the AI provider in use, and changing it. */
export const aiRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/ai-service-info",
      routeOptions("viewer", {
        operationId: "getAiServiceInfo",
        summary: "Get the AI provider in use",
        tags: ["ai"],
        response: { 200: successEnvelope(AiServiceInfoResponseSchema) },
      }),
      async (request) => success(await getAiServiceInfoFor(ctx, actorOf(request))),
    );

    app.post(
      "/api/change-ai-provider",
      routeOptions("admin", {
        operationId: "changeAiProvider",
        summary: "Change the AI provider",
        tags: ["ai"],
        body: ChangeAiProviderBodySchema,
        response: { 200: successEnvelope(AiServiceInfoResponseSchema) },
      }),
      async (request) => {
        const actor = actorOf(request);
        const info = await changeAiProvider(ctx, actor, request.body, request.log);
        return success(info);
      },
    );
  };
