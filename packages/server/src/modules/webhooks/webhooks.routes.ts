import {
  successEnvelope,
  WebhookAllowListSchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookEndpointInputSchema,
  WebhookEndpointPatchSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  WebhookIdParamsSchema,
  WebhookListSchema,
  DeletedAnswerSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import * as webhooks from "./webhooks.service";

/** Settings > Webhooks: admins only, every route (the service checks the policy again). */
export const webhooksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/webhooks",
      routeOptions("admin", {
        summary: "List webhook endpoints and the allow-list",
        operationId: "listWebhooks",
        tags: ["webhooks"],
        response: { 200: successEnvelope(WebhookListSchema) },
      }),
      async (request) => success(await webhooks.listWebhooks(ctx, actorOf(request))),
    );

    app.post(
      "/api/webhooks",
      routeOptions("admin", {
        summary: "Add a webhook endpoint (its secret is answered once)",
        operationId: "createWebhook",
        tags: ["webhooks"],
        body: WebhookEndpointInputSchema,
        response: { 201: successEnvelope(WebhookEndpointWithSecretSchema) },
      }),
      async (request) => success(await webhooks.createWebhook(ctx, actorOf(request), request.body)),
    );

    app.patch(
      "/api/webhooks/:id",
      routeOptions("admin", {
        summary: "Change a webhook endpoint's events, description or state",
        operationId: "updateWebhook",
        tags: ["webhooks"],
        params: WebhookIdParamsSchema,
        body: WebhookEndpointPatchSchema,
        response: { 200: successEnvelope(WebhookEndpointSchema) },
      }),
      async (request) =>
        success(
          await webhooks.updateWebhook(ctx, actorOf(request), request.params.id, request.body),
        ),
    );

    app.delete(
      "/api/webhooks/:id",
      routeOptions("admin", {
        summary: "Delete a webhook endpoint and its delivery log",
        operationId: "deleteWebhook",
        tags: ["webhooks"],
        params: WebhookIdParamsSchema,
        response: { 200: successEnvelope(DeletedAnswerSchema) },
      }),
      async (request) => {
        await webhooks.deleteWebhook(ctx, actorOf(request), request.params.id);
        return success({ deleted: true as const });
      },
    );

    app.post(
      "/api/webhooks/:id/rotate-secret",
      routeOptions("admin", {
        summary: "Rotate a webhook endpoint's signing secret (24-hour overlap)",
        operationId: "rotateWebhookSecret",
        tags: ["webhooks"],
        params: WebhookIdParamsSchema,
        response: { 200: successEnvelope(WebhookEndpointWithSecretSchema) },
      }),
      async (request) =>
        success(await webhooks.rotateWebhookSecret(ctx, actorOf(request), request.params.id)),
    );

    app.post(
      "/api/webhooks/:id/test",
      routeOptions("admin", {
        summary: "Send a test event to a webhook endpoint",
        operationId: "sendWebhookTest",
        tags: ["webhooks"],
        params: WebhookIdParamsSchema,
        response: { 202: successEnvelope(WebhookDeliverySchema) },
      }),
      async (request) =>
        success(await webhooks.sendTestEvent(ctx, actorOf(request), request.params.id)),
    );

    app.get(
      "/api/webhooks/:id/deliveries",
      routeOptions("admin", {
        summary: "A webhook endpoint's delivery log",
        operationId: "listWebhookDeliveries",
        tags: ["webhooks"],
        params: WebhookIdParamsSchema,
        response: { 200: successEnvelope(WebhookDeliveryListSchema) },
      }),
      async (request) =>
        success(await webhooks.listWebhookDeliveries(ctx, actorOf(request), request.params.id)),
    );

    app.post(
      "/api/webhooks/:id/deliveries/:deliveryId/replay",
      routeOptions("admin", {
        summary: "Replay a webhook delivery (same webhook-id, fresh signature)",
        operationId: "replayWebhookDelivery",
        tags: ["webhooks"],
        params: WebhookDeliveryParamsSchema,
        response: { 202: successEnvelope(WebhookDeliverySchema) },
      }),
      async (request) =>
        success(
          await webhooks.replayWebhookDelivery(
            ctx,
            actorOf(request),
            request.params.id,
            request.params.deliveryId,
          ),
        ),
    );

    app.put(
      "/api/webhooks/allow-list",
      routeOptions("admin", {
        summary: "Set the origins webhooks may reach over http or on private addresses",
        operationId: "saveWebhookAllowList",
        tags: ["webhooks"],
        body: WebhookAllowListSchema,
        response: { 200: successEnvelope(WebhookAllowListSchema) },
      }),
      async (request) =>
        success(await webhooks.saveWebhookAllowList(ctx, actorOf(request), request.body)),
    );
  };
