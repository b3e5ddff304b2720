import {
  ContentVariationsSchema,
  ExampleDetailSchema,
  LibraryIdParamsSchema,
  OptimizeContentBodySchema,
  OptimizeContentResultSchema,
  RepurposeBodySchema,
  SaveAsExampleBodySchema,
  VisualizationSchema,
  VisualizeBodySchema,
  successEnvelope,
  type ContentVariations,
  type ExampleDetail,
  type OptimizeContentBody,
  type OptimizeContentResult,
  type RepurposeBody,
  type SaveAsExampleBody,
  type Visualization,
  type VisualizeBody,
} from "@content-studio/contract";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf, type SessionUser } from "../../plugins/access";
import { clientGoneSignal } from "../../plugins/client-gone";

/** An action on one item that may call an AI provider (the client going away aborts it). */
type ProviderAction<Body, Result> = (
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: Body,
  clientSignal: AbortSignal,
  log: FastifyBaseLogger,
) => Promise<Result>;

/**
 * What the generator does to a stored item: refine it, draw it, repurpose it, save it as an
 * example. Implemented by the content module (its pipelines and prompts), which imports the
 * library and stores every result through the library's services; wired in buildApp, so the
 * library serves the item's one route family without importing the content module back.
 */
export interface LibraryItemActions {
  optimize: ProviderAction<OptimizeContentBody, OptimizeContentResult>;
  visualize: ProviderAction<VisualizeBody, Visualization>;
  repurpose: ProviderAction<RepurposeBody, ContentVariations>;
  saveAsExample: (
    ctx: AppContext,
    actor: SessionUser,
    id: string,
    input: SaveAsExampleBody,
  ) => Promise<ExampleDetail>;
}

/** POST /api/library/:id/optimize, /visualize, /repurpose and /save-as-example. */
export const libraryActionRoutes =
  (ctx: AppContext, actions: LibraryItemActions): FastifyPluginAsyncZod =>
  async (app) => {
    /** The handler of an action that may call a provider: the id, the body, the client's signal. */
    const providerAction =
      <Body, Result>(action: ProviderAction<Body, Result>) =>
      async (
        request: FastifyRequest<{ Params: { id: string }; Body: Body }>,
        reply: FastifyReply,
      ) =>
        success(
          await action(
            ctx,
            actorOf(request),
            request.params.id,
            request.body as Body,
            clientGoneSignal(reply),
            request.log,
          ),
        );

    app.post(
      "/api/library/:id/optimize",
      routeOptions("editor", {
        operationId: "optimizeLibraryItem",
        summary: "Rewrite a library item to fix its quality findings",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        body: OptimizeContentBodySchema,
        response: { 200: successEnvelope(OptimizeContentResultSchema) },
      }),
      providerAction(actions.optimize),
    );

    app.post(
      "/api/library/:id/visualize",
      routeOptions("editor", {
        operationId: "visualizeLibraryItem",
        summary: "Generate an image for a library item",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        body: VisualizeBodySchema,
        response: { 200: successEnvelope(VisualizationSchema) },
      }),
      providerAction(actions.visualize),
    );

    app.post(
      "/api/library/:id/repurpose",
      routeOptions("editor", {
        operationId: "repurposeLibraryItem",
        summary: "Repurpose a library item for other channels",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        body: RepurposeBodySchema,
        response: { 200: successEnvelope(ContentVariationsSchema) },
      }),
      providerAction(actions.repurpose),
    );

    app.post(
      "/api/library/:id/save-as-example",
      routeOptions("editor", {
        operationId: "saveLibraryItemAsExample",
        summary: "Save a library item as a benchmark example",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        body: SaveAsExampleBodySchema,
        response: { 201: successEnvelope(ExampleDetailSchema) },
      }),
      async (request) => {
        const example = await actions.saveAsExample(
          ctx,
          actorOf(request),
          request.params.id,
          request.body,
        );
        return success(example);
      },
    );
  };
