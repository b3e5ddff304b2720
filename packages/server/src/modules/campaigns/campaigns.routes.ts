import multipart from "@fastify/multipart";
import {
  CampaignBriefInputSchema,
  CampaignBriefListSchema,
  CampaignBriefSchema,
  CampaignIdParamsSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import { assertNoNul } from "../../plugins/nul-guard";
import { MAX_BRIEF_CSV_BYTES } from "./campaigns-csv";
import * as campaigns from "./campaigns.service";
import { latestKitsFor } from "./kit.service";

const brief = successEnvelope(CampaignBriefSchema);

/** Campaign briefs: every role reads and exports; editors manage their own; admins all. */
export const campaignsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      // One byte over the cap reaches the reader, which reports the file as too large.
      limits: { fileSize: MAX_BRIEF_CSV_BYTES + 1, files: 1, fields: 0, parts: 1 },
    });

    app.get(
      "/api/campaigns",
      routeOptions("viewer", {
        operationId: "listCampaigns",
        summary: "List campaign briefs",
        tags: ["campaigns"],
        response: { 200: successEnvelope(CampaignBriefListSchema) },
      }),
      async (request) =>
        success(await campaigns.listBriefs(ctx, actorOf(request), await latestKitsFor(ctx))),
    );

    app.post(
      "/api/campaigns",
      routeOptions("editor", {
        operationId: "createCampaign",
        summary: "Create a campaign brief",
        tags: ["campaigns"],
        body: CampaignBriefInputSchema,
        response: { 201: brief },
      }),
      async (request) => success(await campaigns.createBrief(ctx, actorOf(request), request.body)),
    );

    app.post(
      "/api/campaigns/import",
      routeOptions("editor", {
        operationId: "importCampaign",
        summary: "Import a campaign brief from CSV",
        tags: ["campaigns"],
        response: { 201: brief },
      }),
      async (request) => {
        if (!request.isMultipart()) throw new AppError("validation_error", "Choose a CSV file.");
        const part = await request.file();
        if (!part) throw new AppError("validation_error", "Choose a CSV file.");
        assertNoNul(part.filename, `body.${part.fieldname}`);
        const bytes = await part.toBuffer();
        if (bytes.length > MAX_BRIEF_CSV_BYTES || part.file.truncated) {
          throw new AppError("payload_too_large", "The file is larger than 1 MB.");
        }
        const text = bytes.toString("utf8");
        assertNoNul(text, `body.${part.fieldname}`);
        return success(await campaigns.importBrief(ctx, actorOf(request), text));
      },
    );

    app.get(
      "/api/campaigns/:id",
      routeOptions("viewer", {
        operationId: "getCampaign",
        summary: "Get a campaign brief",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
        response: { 200: brief },
      }),
      async (request) =>
        success(
          await campaigns.getBrief(
            ctx,
            actorOf(request),
            request.params.id,
            await latestKitsFor(ctx, [request.params.id]),
          ),
        ),
    );

    app.put(
      "/api/campaigns/:id",
      routeOptions("editor", {
        operationId: "updateCampaign",
        summary: "Edit a campaign brief",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
        body: CampaignBriefInputSchema,
        response: { 200: brief },
      }),
      async (request) =>
        success(
          await campaigns.updateBrief(ctx, actorOf(request), request.params.id, request.body),
        ),
    );

    app.delete(
      "/api/campaigns/:id",
      routeOptions("editor", {
        operationId: "deleteCampaign",
        summary: "Delete a campaign brief",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
        response: { 200: successEnvelope(z.null()) },
      }),
      async (request) => {
        await campaigns.deleteBrief(ctx, actorOf(request), request.params.id);
        return success(null);
      },
    );

    app.post(
      "/api/campaigns/:id/duplicate",
      routeOptions("editor", {
        operationId: "duplicateCampaign",
        summary: "Duplicate a campaign brief",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
        response: { 201: brief },
      }),
      async (request) =>
        success(await campaigns.duplicateBrief(ctx, actorOf(request), request.params.id)),
    );

    app.get(
      "/api/campaigns/:id/export.csv",
      routeOptions("viewer", {
        operationId: "exportCampaign",
        summary: "Download a campaign brief as CSV",
        tags: ["campaigns"],
        params: CampaignIdParamsSchema,
      }),
      async (request, reply) => {
        const file = await campaigns.exportBrief(ctx, actorOf(request), request.params.id);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .send(file.csv);
      },
    );
  };
