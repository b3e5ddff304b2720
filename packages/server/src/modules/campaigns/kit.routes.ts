import {
  CampaignIdParamsSchema,
  KitFixBodySchema,
  KitSchema,
  KitSubmitBodySchema,
  KitSubmitResultSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { changeFeedOf } from "../../db/change-feed";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { startStreamReply } from "../../lib/stream-reply";
import { actorOf } from "../../plugins/access";
import { openKitExport } from "./kit-export-store";
import * as kits from "./kit.service";

const kit = successEnvelope(KitSchema);
const KitStepParamsSchema = z.object({
  id: z.string().min(1).max(100),
  stepId: z.string().min(1).max(100),
});
const KitExportParamsSchema = z.object({
  id: z.string().min(1).max(100),
  exportId: z.uuid(),
});

/** How often the live view is sent at most while steps change (milliseconds). */
const EVENT_THROTTLE_MS = 250;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/** Campaign kits: generate from a brief, follow live, cancel, resume, retry, submit. */
export const kitRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/campaigns/:id/kits",
      routeOptions("editor", {
        operationId: "startKit",
        summary: "Start generating a campaign kit",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
        response: { 201: kit },
      }),
      async (request) => success(await kits.startKit(ctx, actorOf(request), request.params.id)),
    );

    app.get(
      "/api/kits/:id",
      routeOptions("viewer", {
        operationId: "getKit",
        summary: "Get a campaign kit and its progress",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
        response: { 200: kit },
      }),
      async (request) => success(await kits.getKit(ctx, actorOf(request), request.params.id)),
    );

    // Server-sent events: the kit as it changes, fed by NOTIFY kit_progress (any process's
    // writes), at most every EVENT_THROTTLE_MS, until the client leaves.
    app.get(
      "/api/kits/:id/events",
      routeOptions("viewer", {
        operationId: "streamKitEvents",
        summary: "Follow a campaign kit's progress (server-sent events)",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
      }),
      async (request, reply) => {
        const actor = actorOf(request);
        const id = request.params.id;
        const first = await kits.getKit(ctx, actor, id);
        const raw = startStreamReply(request, reply, "text/event-stream; charset=utf-8");
        const send = (data: unknown) => {
          if (!raw.destroyed && !raw.writableEnded) raw.write(`data: ${JSON.stringify(data)}\n\n`);
        };
        send(first);
        let timer: NodeJS.Timeout | undefined;
        let sending = false;
        let again = false;
        const push = async () => {
          timer = undefined;
          if (sending) {
            again = true;
            return;
          }
          sending = true;
          try {
            send(await kits.getKit(ctx, actor, id));
          } catch (error) {
            request.log.warn({ err: error }, "kit event could not be sent");
          } finally {
            sending = false;
            if (again) {
              again = false;
              schedule();
            }
          }
        };
        const schedule = () => {
          timer ??= setTimeout(() => void push(), EVENT_THROTTLE_MS);
        };
        const unsubscribe = changeFeedOf(ctx.db)?.subscribe("kit_progress", (payload) => {
          if (payload === id) schedule();
        });
        // The estimate and time so far move even when no step does.
        const tick = setInterval(() => {
          if (raw.writable) raw.write(`: keep-alive\n\n`);
          schedule();
        }, KEEP_ALIVE_MS);
        raw.on("close", () => {
          unsubscribe?.();
          clearTimeout(timer);
          clearInterval(tick);
        });
      },
    );

    app.post(
      "/api/kits/:id/cancel",
      routeOptions("editor", {
        operationId: "cancelKit",
        summary: "Cancel a running campaign kit",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
        response: { 200: kit },
      }),
      async (request) => success(await kits.cancelKit(ctx, actorOf(request), request.params.id)),
    );

    app.post(
      "/api/kits/:id/resume",
      routeOptions("editor", {
        operationId: "resumeKit",
        summary: "Resume a cancelled or failed campaign kit",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
        response: { 200: kit },
      }),
      async (request) => success(await kits.resumeKit(ctx, actorOf(request), request.params.id)),
    );

    app.post(
      "/api/kits/:id/steps/:stepId/retry",
      routeOptions("editor", {
        operationId: "retryKitStep",
        summary: "Retry one asset of a campaign kit",
        tags: ["campaigns"],
        params: KitStepParamsSchema,
        response: { 200: kit },
      }),
      async (request) =>
        success(
          await kits.resumeKit(ctx, actorOf(request), request.params.id, [request.params.stepId]),
        ),
    );

    app.post(
      "/api/kits/:id/steps/:stepId/fix",
      routeOptions("editor", {
        operationId: "fixKitStep",
        summary: "Fix one asset's kit-check findings",
        tags: ["campaigns"],
        params: KitStepParamsSchema,
        body: KitFixBodySchema,
        response: { 200: kit },
      }),
      async (request) =>
        success(
          await kits.fixStep(
            ctx,
            actorOf(request),
            request.params.id,
            request.params.stepId,
            request.body,
          ),
        ),
    );

    app.get(
      "/api/kits/:id/export.zip",
      routeOptions("viewer", {
        operationId: "exportKit",
        summary: "Download a campaign kit as a ZIP",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
      }),
      async (request, reply) => {
        const answer = await kits.exportKit(ctx, actorOf(request), request.params.id);
        if (answer.kind === "stored") {
          // Kept in the file store: downloaded from its own route, which authorizes again.
          return reply.redirect(
            `/api/kits/${encodeURIComponent(request.params.id)}/exports/${answer.exportId}`,
            303,
          );
        }
        reply.header("content-type", "application/zip");
        reply.header("content-disposition", `attachment; filename="${answer.filename}"`);
        return reply.send(answer.body);
      },
    );

    app.get(
      "/api/kits/:id/exports/:exportId",
      routeOptions("viewer", {
        operationId: "downloadKitExport",
        summary: "Download a kit export kept in the file store (its requester only)",
        tags: ["campaigns"],
        params: KitExportParamsSchema,
      }),
      async (request, reply) => {
        const file = await openKitExport(
          ctx,
          actorOf(request),
          request.params.id,
          request.params.exportId,
        );
        reply.header("content-type", file.contentType);
        reply.header("content-length", String(file.size));
        reply.header("content-disposition", `attachment; filename="${file.filename}"`);
        return reply.send(file.body);
      },
    );

    app.post(
      "/api/kits/:id/submit",
      routeOptions("editor", {
        operationId: "submitKit",
        summary: "Submit a campaign kit's assets for review",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
        body: KitSubmitBodySchema,
        response: { 200: successEnvelope(KitSubmitResultSchema) },
      }),
      async (request) =>
        success(
          await kits.submitKit(ctx, actorOf(request), request.params.id, request.body.stepIds),
        ),
    );
  };
