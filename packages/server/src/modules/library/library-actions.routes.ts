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
import { jsonRoutes } from "../../lib/route-options";
import type { SessionUser } from "../../plugins/access";
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
    const route = jsonRoutes(app, { access: "editor", tags: ["library"] });
    /** What runs an action that may call a provider: the id, the body, the client's signal. */
    const providerAction =
      <Body, Result>(action: ProviderAction<Body, Result>) =>
      (
        request: FastifyRequest<{ Params: { id: string }; Body: Body }>,
        actor: SessionUser,
        reply: FastifyReply,
      ) =>
        action(
          ctx,
          actor,
          request.params.id,
          request.body as Body,
          clientGoneSignal(reply),
          request.log,
        );

    route.post("/api/library/:id/optimize", {
      operationId: "optimizeLibraryItem",
      summary: "Rewrite a library item to fix its quality findings",
      params: LibraryIdParamsSchema,
      body: OptimizeContentBodySchema,
      answers: OptimizeContentResultSchema,
      run: providerAction(actions.optimize),
    });

    route.post("/api/library/:id/visualize", {
      operationId: "visualizeLibraryItem",
      summary: "Generate an image for a library item",
      params: LibraryIdParamsSchema,
      body: VisualizeBodySchema,
      answers: VisualizationSchema,
      run: providerAction(actions.visualize),
    });

    route.post("/api/library/:id/repurpose", {
      operationId: "repurposeLibraryItem",
      summary: "Repurpose a library item for other channels",
      params: LibraryIdParamsSchema,
      body: RepurposeBodySchema,
      answers: ContentVariationsSchema,
      run: providerAction(actions.repurpose),
    });

    route.post("/api/library/:id/save-as-example", {
      operationId: "saveLibraryItemAsExample",
      summary: "Save a library item as a benchmark example",
      params: LibraryIdParamsSchema,
      body: SaveAsExampleBodySchema,
      answers: ExampleDetailSchema,
      status: 201,
      run: ({ params, body }, actor) => actions.saveAsExample(ctx, actor, params.id, body),
    });
  };
