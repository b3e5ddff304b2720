import {
  ContentIdParamsSchema,
  ContentItemSchema,
  ContentVariationsSchema,
  ExampleDetailSchema,
  OptimizeContentBodySchema,
  OptimizeContentResultSchema,
  RepurposeBodySchema,
  SaveAsExampleBodySchema,
  SeoAnalysisBodySchema,
  SeoAnalysisSchema,
  UpdateContentBodySchema,
  VisualizationSchema,
  VisualizeBodySchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { actorOf } from "../../plugins/access";
import { clientGoneSignal } from "../../plugins/client-gone";
import { sanitizeBody } from "./pipeline";
import { getContentItem, updateContentItem } from "./content.service";
import { optimizeContentItem } from "./optimize";
import { repurposeContentItem } from "./repurpose";
import { saveContentAsExample } from "./save-as-example";
import { visualizeContentItem } from "./visualize";
import { analyzeSeo } from "./seo";

export const contentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/content/:id",
      {
        config: { access: "viewer" },
        schema: {
          operationId: "getContent",
          summary: "Get a generated content item",
          tags: ["content"],
          params: ContentIdParamsSchema,
          response: { 200: successEnvelope(ContentItemSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await getContentItem(ctx, actorOf(request), request.params.id),
      }),
    );

    app.put(
      "/api/content/:id",
      {
        config: { access: "editor" },
        schema: {
          operationId: "updateContent",
          summary: "Save an edit of a content item",
          tags: ["content"],
          params: ContentIdParamsSchema,
          body: UpdateContentBodySchema,
          response: { 200: successEnvelope(ContentItemSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await updateContentItem(ctx, actorOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      "/api/content/:id/optimize",
      {
        config: { access: "editor" },
        schema: {
          operationId: "optimizeContent",
          summary: "Rewrite a content item to fix its quality findings",
          tags: ["content"],
          params: ContentIdParamsSchema,
          body: OptimizeContentBodySchema,
          response: { 200: successEnvelope(OptimizeContentResultSchema) },
        },
      },
      async (request, reply) => ({
        success: true as const,
        data: await optimizeContentItem(
          ctx,
          actorOf(request),
          request.params.id,
          request.body,
          clientGoneSignal(reply),
          request.log,
        ),
      }),
    );

    app.post(
      "/api/content/:id/visualize",
      {
        config: { access: "editor" },
        schema: {
          operationId: "visualizeContent",
          summary: "Generate an image for a content item",
          tags: ["content"],
          params: ContentIdParamsSchema,
          body: VisualizeBodySchema,
          response: { 200: successEnvelope(VisualizationSchema) },
        },
      },
      async (request, reply) => ({
        success: true as const,
        data: await visualizeContentItem(
          ctx,
          actorOf(request),
          request.params.id,
          request.body,
          clientGoneSignal(reply),
          request.log,
        ),
      }),
    );

    app.post(
      "/api/content/:id/repurpose",
      {
        config: { access: "editor" },
        schema: {
          operationId: "repurposeContent",
          summary: "Repurpose a content item for another channel",
          tags: ["content"],
          params: ContentIdParamsSchema,
          body: RepurposeBodySchema,
          response: { 200: successEnvelope(ContentVariationsSchema) },
        },
      },
      async (request, reply) => ({
        success: true as const,
        data: await repurposeContentItem(
          ctx,
          actorOf(request),
          request.params.id,
          request.body,
          clientGoneSignal(reply),
          request.log,
        ),
      }),
    );

    app.post(
      "/api/content/:id/save-as-example",
      {
        config: { access: "editor" },
        schema: {
          operationId: "saveContentAsExample",
          summary: "Save a content item as a benchmark example",
          tags: ["content"],
          params: ContentIdParamsSchema,
          body: SaveAsExampleBodySchema,
          response: { 201: successEnvelope(ExampleDetailSchema) },
        },
      },
      async (request, reply) => {
        const example = await saveContentAsExample(
          ctx,
          actorOf(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send({ success: true as const, data: example });
      },
    );

    app.post(
      "/api/seo-analysis",
      {
        config: { access: "viewer" },
        schema: {
          operationId: "analyzeSeo",
          summary: "Analyse a draft for search",
          tags: ["content"],
          body: SeoAnalysisBodySchema,
          response: { 200: successEnvelope(SeoAnalysisSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        // The body may come straight from an editor: score the same HTML that would be stored.
        data: analyzeSeo({ ...request.body, body: sanitizeBody(request.body.body) }),
      }),
    );
  };
