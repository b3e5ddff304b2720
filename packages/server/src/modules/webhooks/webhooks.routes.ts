import {
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
import { deletedAfter, jsonRoutes } from "../../lib/route-options";
import * as webhooks from "./webhooks.service";

/** Settings > Webhooks: admins only, every route (the service checks the policy again). */
export const webhooksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "admin", tags: ["webhooks"] });

    route.get("/api/webhooks", {
      summary: "List webhook endpoints and the allow-list",
      operationId: "listWebhooks",
      answers: WebhookListSchema,
      run: (_request, actor) => webhooks.listWebhooks(ctx, actor),
    });

    route.post("/api/webhooks", {
      summary: "Add a webhook endpoint (its secret is answered once)",
      operationId: "createWebhook",
      body: WebhookEndpointInputSchema,
      answers: WebhookEndpointWithSecretSchema,
      status: 201,
      run: (request, actor) => webhooks.createWebhook(ctx, actor, request.body),
    });

    route.patch("/api/webhooks/:id", {
      summary: "Change a webhook endpoint's events, description or state",
      operationId: "updateWebhook",
      params: WebhookIdParamsSchema,
      body: WebhookEndpointPatchSchema,
      answers: WebhookEndpointSchema,
      run: ({ params, body }, actor) => webhooks.updateWebhook(ctx, actor, params.id, body),
    });

    route.delete("/api/webhooks/:id", {
      summary: "Delete a webhook endpoint and its delivery log",
      operationId: "deleteWebhook",
      params: WebhookIdParamsSchema,
      answers: DeletedAnswerSchema,
      run: ({ params }, actor) => deletedAfter(webhooks.deleteWebhook(ctx, actor, params.id)),
    });

    route.post("/api/webhooks/:id/rotate-secret", {
      summary: "Rotate a webhook endpoint's signing secret (24-hour overlap)",
      operationId: "rotateWebhookSecret",
      params: WebhookIdParamsSchema,
      answers: WebhookEndpointWithSecretSchema,
      run: ({ params }, actor) => webhooks.rotateWebhookSecret(ctx, actor, params.id),
    });

    route.post("/api/webhooks/:id/test", {
      summary: "Send a test event to a webhook endpoint",
      operationId: "sendWebhookTest",
      params: WebhookIdParamsSchema,
      answers: WebhookDeliverySchema,
      status: 202,
      run: ({ params }, actor) => webhooks.sendTestEvent(ctx, actor, params.id),
    });

    route.get("/api/webhooks/:id/deliveries", {
      summary: "A webhook endpoint's delivery log",
      operationId: "listWebhookDeliveries",
      params: WebhookIdParamsSchema,
      answers: WebhookDeliveryListSchema,
      run: ({ params }, actor) => webhooks.listWebhookDeliveries(ctx, actor, params.id),
    });

    route.post("/api/webhooks/:id/deliveries/:deliveryId/replay", {
      summary: "Replay a webhook delivery (same webhook-id, fresh signature)",
      operationId: "replayWebhookDelivery",
      params: WebhookDeliveryParamsSchema,
      answers: WebhookDeliverySchema,
      status: 202,
      run: ({ params }, actor) =>
        webhooks.replayWebhookDelivery(ctx, actor, params.id, params.deliveryId),
    });

    route.put("/api/webhooks/allow-list", {
      summary: "Set the origins webhooks may reach over http or on private addresses",
      operationId: "saveWebhookAllowList",
      body: WebhookAllowListSchema,
      answers: WebhookAllowListSchema,
      run: ({ body }, actor) => webhooks.saveWebhookAllowList(ctx, actor, body),
    });
  };
