import {
  ContentGenerationDataQuerySchema,
  ContentGenerationDataSchema,
  GENERATION_FAILED_MESSAGE,
  GenerateContentBodySchema,
  GeneratedContentSchema,
  type GenerationEvent,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { jsonRoutes } from "../../lib/route-options";
import { startStreamReply } from "../../lib/stream-reply";
import { actorOf } from "../../plugins/access";
import { clientGoneSignal } from "../../plugins/client-gone";
import {
  generateContent,
  getContentGenerationData,
  prepareGeneration,
  runGeneration,
} from "./generate";

export const generationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "editor", tags: ["content"] });

    route.get("/api/content-generation-data", {
      access: "viewer",
      operationId: "getGenerationData",
      summary: "Get the choices for the generation form",
      querystring: ContentGenerationDataQuerySchema,
      answers: ContentGenerationDataSchema,
      run: ({ query }, actor) => getContentGenerationData(ctx, actor, query),
    });

    route.post("/api/generate-content", {
      operationId: "generateContent",
      summary: "Generate content from a brief",
      body: GenerateContentBodySchema,
      answers: GeneratedContentSchema,
      run: ({ body, log }, actor, reply) =>
        generateContent(ctx, actor, body, clientGoneSignal(reply), log),
    });

    app.post(
      "/api/generate-content/stream",
      route.options("editor", {
        operationId: "generateContentStream",
        summary: "Generate content from a brief, streamed as events",
        body: GenerateContentBodySchema,
      }),
      async (request, reply) => {
        // Everything that can fail before a provider call answers a normal JSON error.
        const prepared = await prepareGeneration(ctx, actorOf(request), request.body, request.log);

        const signal = clientGoneSignal(reply);
        const raw = startStreamReply(request, reply, "application/x-ndjson; charset=utf-8");
        raw.flushHeaders();
        const send = (event: GenerationEvent) => {
          if (!raw.destroyed && !raw.writableEnded) raw.write(`${JSON.stringify(event)}\n`);
        };
        try {
          const result = await runGeneration(ctx, prepared, { signal, onEvent: send });
          send({ type: "done", result: GeneratedContentSchema.parse(result) });
        } catch (error) {
          if (error instanceof AppError) {
            if (!signal.aborted) send({ type: "error", code: error.code, message: error.message });
          } else {
            request.log.error({ err: error }, "generation stream failed");
            send({ type: "error", code: "internal_error", message: GENERATION_FAILED_MESSAGE });
          }
        } finally {
          raw.end();
        }
      },
    );
  };
