import {
  ConnectionIdParamsSchema,
  ConnectionInputSchema,
  ConnectionListSchema,
  ConnectionPatchSchema,
  ContentExportSchema,
  ItemExportsSchema,
  ItemIdParamsSchema,
  PublishingConnectionSchema,
  SendDraftBodySchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { deletedAfter, jsonRoutes } from "../../lib/route-options";
import * as connections from "./publishing-connections.service";
import * as exportsService from "./publishing-exports.service";

/** Settings > Publishing (admins), and sending a library item as a draft. */
export const publishingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "admin", tags: ["publishing"] });

    route.get("/api/publishing/connections", {
      summary: "List publishing connections (never their secrets)",
      operationId: "listPublishingConnections",
      answers: ConnectionListSchema,
      run: (_request, actor) => connections.listConnections(ctx, actor),
    });

    route.post("/api/publishing/connections", {
      summary: "Add a WordPress, HubSpot or Webflow connection",
      operationId: "createPublishingConnection",
      body: ConnectionInputSchema,
      answers: PublishingConnectionSchema,
      status: 201,
      run: ({ body }, actor) => connections.createConnection(ctx, actor, body),
    });

    route.patch("/api/publishing/connections/:id", {
      summary: "Change a publishing connection (an empty secret keeps the stored one)",
      operationId: "updatePublishingConnection",
      params: ConnectionIdParamsSchema,
      body: ConnectionPatchSchema,
      answers: PublishingConnectionSchema,
      run: ({ params, body }, actor) => connections.updateConnection(ctx, actor, params.id, body),
    });

    route.delete("/api/publishing/connections/:id", {
      summary: "Delete a publishing connection (drafts at the target stay)",
      operationId: "deletePublishingConnection",
      params: ConnectionIdParamsSchema,
      answers: z.object({ deleted: z.literal(true) }),
      run: ({ params }, actor) => deletedAfter(connections.deleteConnection(ctx, actor, params.id)),
    });

    route.post("/api/publishing/connections/:id/test", {
      summary: "Test a publishing connection with one read at the target",
      operationId: "testPublishingConnection",
      params: ConnectionIdParamsSchema,
      answers: PublishingConnectionSchema,
      run: ({ params }, actor) => connections.testConnection(ctx, actor, params.id),
    });

    route.get("/api/publishing/items/:id/exports", {
      access: "viewer",
      summary: "A library item's draft exports and where it may be sent",
      operationId: "listItemExports",
      params: ItemIdParamsSchema,
      answers: ItemExportsSchema,
      run: ({ params }, actor) => exportsService.listItemExports(ctx, actor, params.id),
    });

    route.post("/api/publishing/items/:id/exports", {
      summary: "Send an approved item's approved version as a draft (never published)",
      operationId: "sendItemDraft",
      params: ItemIdParamsSchema,
      body: SendDraftBodySchema,
      answers: ContentExportSchema,
      status: 202,
      run: ({ params, body }, actor) => exportsService.sendDraft(ctx, actor, params.id, body),
    });
  };
