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
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import * as connections from "./publishing-connections.service";
import * as exportsService from "./publishing-exports.service";

const tags = ["publishing"];

/** Settings > Publishing (admins), and sending a library item as a draft. */
export const publishingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/publishing/connections",
      routeOptions("admin", {
        summary: "List publishing connections (never their secrets)",
        operationId: "listPublishingConnections",
        tags,
        response: { 200: successEnvelope(ConnectionListSchema) },
      }),
      async (request) => success(await connections.listConnections(ctx, actorOf(request))),
    );

    app.post(
      "/api/publishing/connections",
      routeOptions("admin", {
        summary: "Add a WordPress, HubSpot or Webflow connection",
        operationId: "createPublishingConnection",
        tags,
        body: ConnectionInputSchema,
        response: { 201: successEnvelope(PublishingConnectionSchema) },
      }),
      async (request) =>
        success(await connections.createConnection(ctx, actorOf(request), request.body)),
    );

    app.patch(
      "/api/publishing/connections/:id",
      routeOptions("admin", {
        summary: "Change a publishing connection (an empty secret keeps the stored one)",
        operationId: "updatePublishingConnection",
        tags,
        params: ConnectionIdParamsSchema,
        body: ConnectionPatchSchema,
        response: { 200: successEnvelope(PublishingConnectionSchema) },
      }),
      async (request) =>
        success(
          await connections.updateConnection(
            ctx,
            actorOf(request),
            request.params.id,
            request.body,
          ),
        ),
    );

    app.delete(
      "/api/publishing/connections/:id",
      routeOptions("admin", {
        summary: "Delete a publishing connection (drafts at the target stay)",
        operationId: "deletePublishingConnection",
        tags,
        params: ConnectionIdParamsSchema,
        response: { 200: successEnvelope(z.object({ deleted: z.literal(true) })) },
      }),
      async (request) => {
        await connections.deleteConnection(ctx, actorOf(request), request.params.id);
        return success({ deleted: true as const });
      },
    );

    app.post(
      "/api/publishing/connections/:id/test",
      routeOptions("admin", {
        summary: "Test a publishing connection with one read at the target",
        operationId: "testPublishingConnection",
        tags,
        params: ConnectionIdParamsSchema,
        response: { 200: successEnvelope(PublishingConnectionSchema) },
      }),
      async (request) =>
        success(await connections.testConnection(ctx, actorOf(request), request.params.id)),
    );

    app.get(
      "/api/publishing/items/:id/exports",
      routeOptions("viewer", {
        summary: "A library item's draft exports and where it may be sent",
        operationId: "listItemExports",
        tags,
        params: ItemIdParamsSchema,
        response: { 200: successEnvelope(ItemExportsSchema) },
      }),
      async (request) =>
        success(await exportsService.listItemExports(ctx, actorOf(request), request.params.id)),
    );

    app.post(
      "/api/publishing/items/:id/exports",
      routeOptions("admin", {
        summary: "Send an approved item's approved version as a draft (never published)",
        operationId: "sendItemDraft",
        tags,
        params: ItemIdParamsSchema,
        body: SendDraftBodySchema,
        response: { 202: successEnvelope(ContentExportSchema) },
      }),
      async (request) =>
        success(
          await exportsService.sendDraft(ctx, actorOf(request), request.params.id, request.body),
        ),
    );
  };
