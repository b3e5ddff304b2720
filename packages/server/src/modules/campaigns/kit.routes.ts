import {
  CampaignIdParamsSchema,
  KitFixBodySchema,
  KitSchema,
  KitSubmitBodySchema,
  KitSubmitResultSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { changeFeedOf } from "../../db/change-feed";
import { jsonRoutes } from "../../lib/route-options";
import { startStreamReply } from "../../lib/stream-reply";
import { actorOf } from "../../plugins/access";
import { openKitExport } from "./kit-export-store";
import * as kits from "./kit.service";

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
    const route = jsonRoutes(app, { access: "editor", tags: ["campaigns"] });

    route.post("/api/campaigns/:id/kits", {
      operationId: "startKit",
      summary: "Start generating a campaign kit",
      params: CampaignIdParamsSchema,
      answers: KitSchema,
      status: 201,
      run: ({ params }, actor) => kits.startKit(ctx, actor, params.id),
    });

    route.get("/api/kits/:id", {
      access: "viewer",
      operationId: "getKit",
      summary: "Get a campaign kit and its progress",
      params: CampaignIdParamsSchema,
      answers: KitSchema,
      run: ({ params }, actor) => kits.getKit(ctx, actor, params.id),
    });

    // Server-sent events: the kit as it changes, fed by NOTIFY kit_progress (any process's
    // writes), at most every EVENT_THROTTLE_MS, until the client leaves.
    app.get(
      "/api/kits/:id/events",
      route.options("viewer", {
        operationId: "streamKitEvents",
        summary: "Follow a campaign kit's progress (server-sent events)",
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

    route.post("/api/kits/:id/cancel", {
      operationId: "cancelKit",
      summary: "Cancel a running campaign kit",
      params: CampaignIdParamsSchema,
      answers: KitSchema,
      run: ({ params }, actor) => kits.cancelKit(ctx, actor, params.id),
    });

    route.post("/api/kits/:id/resume", {
      operationId: "resumeKit",
      summary: "Resume a cancelled or failed campaign kit",
      params: CampaignIdParamsSchema,
      answers: KitSchema,
      run: ({ params }, actor) => kits.resumeKit(ctx, actor, params.id),
    });

    route.post("/api/kits/:id/steps/:stepId/retry", {
      operationId: "retryKitStep",
      summary: "Retry one asset of a campaign kit",
      params: KitStepParamsSchema,
      answers: KitSchema,
      run: ({ params }, actor) => kits.resumeKit(ctx, actor, params.id, [params.stepId]),
    });

    route.post("/api/kits/:id/steps/:stepId/fix", {
      operationId: "fixKitStep",
      summary: "Fix one asset's kit-check findings",
      params: KitStepParamsSchema,
      body: KitFixBodySchema,
      answers: KitSchema,
      run: ({ params, body }, actor) => kits.fixStep(ctx, actor, params.id, params.stepId, body),
    });

    app.get(
      "/api/kits/:id/export.zip",
      route.options("viewer", {
        operationId: "exportKit",
        summary: "Download a campaign kit as a ZIP",
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
      route.options("viewer", {
        operationId: "downloadKitExport",
        summary: "Download a kit export kept in the file store (its requester only)",
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

    route.post("/api/kits/:id/submit", {
      operationId: "submitKit",
      summary: "Submit a campaign kit's assets for review",
      params: CampaignIdParamsSchema,
      body: KitSubmitBodySchema,
      answers: KitSubmitResultSchema,
      run: ({ params, body }, actor) => kits.submitKit(ctx, actor, params.id, body.stepIds),
    });
  };
