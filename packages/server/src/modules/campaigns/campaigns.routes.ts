import multipart from "@fastify/multipart";
import {
  CampaignBriefInputSchema,
  CampaignBriefListSchema,
  CampaignBriefSchema,
  CampaignIdParamsSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { jsonRoutes, nullAfter } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import { assertNoNul } from "../../plugins/nul-guard";
import { MAX_BRIEF_CSV_BYTES } from "./campaigns-csv";
import * as campaigns from "./campaigns.service";
import { latestKitsFor } from "./kit.service";

/** Campaign briefs: every role reads and exports; editors manage their own; admins all. */
export const campaignsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      // One byte over the cap reaches the reader, which reports the file as too large.
      limits: { fileSize: MAX_BRIEF_CSV_BYTES + 1, files: 1, fields: 0, parts: 1 },
    });

    const route = jsonRoutes(app, { access: "editor", tags: ["campaigns"] });

    route.get("/api/campaigns", {
      access: "viewer",
      operationId: "listCampaigns",
      summary: "List campaign briefs",
      answers: CampaignBriefListSchema,
      run: async (_request, actor) => campaigns.listBriefs(ctx, actor, await latestKitsFor(ctx)),
    });

    route.post("/api/campaigns", {
      operationId: "createCampaign",
      summary: "Create a campaign brief",
      body: CampaignBriefInputSchema,
      answers: CampaignBriefSchema,
      status: 201,
      run: ({ body }, actor) => campaigns.createBrief(ctx, actor, body),
    });

    route.post("/api/campaigns/import", {
      operationId: "importCampaign",
      summary: "Import a campaign brief from CSV",
      answers: CampaignBriefSchema,
      status: 201,
      run: async (request, actor) => {
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
        return campaigns.importBrief(ctx, actor, text);
      },
    });

    route.get("/api/campaigns/:id", {
      access: "viewer",
      operationId: "getCampaign",
      summary: "Get a campaign brief",
      params: CampaignIdParamsSchema,
      answers: CampaignBriefSchema,
      run: async ({ params }, actor) =>
        campaigns.getBrief(ctx, actor, params.id, await latestKitsFor(ctx, [params.id])),
    });

    route.put("/api/campaigns/:id", {
      operationId: "updateCampaign",
      summary: "Edit a campaign brief",
      params: CampaignIdParamsSchema,
      body: CampaignBriefInputSchema,
      answers: CampaignBriefSchema,
      run: ({ params, body }, actor) => campaigns.updateBrief(ctx, actor, params.id, body),
    });

    route.delete("/api/campaigns/:id", {
      operationId: "deleteCampaign",
      summary: "Delete a campaign brief",
      params: CampaignIdParamsSchema,
      answers: z.null(),
      run: ({ params }, actor) => nullAfter(campaigns.deleteBrief(ctx, actor, params.id)),
    });

    route.post("/api/campaigns/:id/duplicate", {
      operationId: "duplicateCampaign",
      summary: "Duplicate a campaign brief",
      params: CampaignIdParamsSchema,
      answers: CampaignBriefSchema,
      status: 201,
      run: ({ params }, actor) => campaigns.duplicateBrief(ctx, actor, params.id),
    });

    app.get(
      "/api/campaigns/:id/export.csv",
      route.options("viewer", {
        operationId: "exportCampaign",
        summary: "Download a campaign brief as CSV",
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
