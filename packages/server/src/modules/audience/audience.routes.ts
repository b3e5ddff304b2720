import multipart from "@fastify/multipart";
import {
  AccountsToTargetSchema,
  AudienceExportQuerySchema,
  AudienceOverviewQuerySchema,
  AudienceOverviewSchema,
  CommitImportBodySchema,
  ContentIdParamsSchema,
  ContentRecommendationsSchema,
  INTENT_IMPORT_LIMITS,
  ImportIdParamsSchema,
  ImportPreviewSchema,
  IntentDatasetSchema,
  TargetableItemSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { MAX_PREVIEWS_PER_USER, reserveIngestSlot } from "../../lib/ingest-slots";
import { success } from "../../lib/envelope";
import { jsonRoutes } from "../../lib/route-options";
import { assertNoNul } from "../../plugins/nul-guard";
import { actorOf } from "../../plugins/access";
import * as audience from "./audience.service";

const csvDisposition = (fileName: string) => `attachment; filename="${fileName}"`;

export const audienceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      // One byte over the cap reaches the parser, which reports the file as too large.
      limits: { fileSize: INTENT_IMPORT_LIMITS.maxFileBytes + 1, files: 1, fields: 0, parts: 1 },
    });

    const route = jsonRoutes(app, { access: "viewer", tags: ["audience"] });

    route.get("/api/audience/overview", {
      operationId: "getAudienceOverview",
      summary: "Get the intent data overview",
      querystring: AudienceOverviewQuerySchema,
      answers: AudienceOverviewSchema,
      run: ({ query }, actor) => audience.getAudienceOverview(ctx.db, actor, query.industry),
    });

    app.get(
      "/api/audience/export",
      route.options("viewer", {
        operationId: "exportAudience",
        summary: "Download the intent overview as CSV",
        querystring: AudienceExportQuerySchema,
      }),
      async (request, reply) => {
        const industry = request.query.industry;
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", csvDisposition(`target-audience-${industry}.csv`))
          .send(audience.exportAudienceCsv(ctx, industry));
      },
    );

    route.get("/api/audience/datasets", {
      operationId: "listIntentDatasets",
      summary: "List imported intent datasets",
      answers: z.array(IntentDatasetSchema),
      run: () => audience.listDatasetHistory(ctx.db),
    });

    app.post(
      "/api/audience/imports/preview",
      route.options("editor", {
        operationId: "previewIntentImport",
        summary: "Upload an intent CSV and preview its import",
        response: { 200: successEnvelope(ImportPreviewSchema) },
      }),
      async (request) => {
        if (!request.isMultipart()) throw new AppError("validation_error", "Choose a CSV file.");
        const actor = actorOf(request);
        // A preview parses up to 200,000 rows: it takes one of the ingest slots (per person and
        // per server) before a byte is read, so parallel uploads wait their turn (429).
        const slot = reserveIngestSlot(ctx, actor.id, MAX_PREVIEWS_PER_USER);
        try {
          const part = await request.file();
          if (!part) throw new AppError("validation_error", "Choose a CSV file.");
          assertNoNul(part.filename, `body.${part.fieldname}`);
          // The parser may stop early (a broken file); the rest is drained here, never read.
          const chunks = part.file[Symbol.asyncIterator]();
          const source: AsyncIterable<Buffer> = {
            [Symbol.asyncIterator]: () => ({
              next: () => chunks.next() as Promise<IteratorResult<Buffer>>,
              return: async () => ({ done: true as const, value: undefined }),
            }),
          };
          const preview = await audience.previewImport(ctx.db, actor, {
            fileName: part.filename,
            source,
          });
          while (!(await chunks.next()).done) {
            // drain
          }
          return success(preview);
        } finally {
          slot();
        }
      },
    );

    route.post("/api/audience/imports/:id/commit", {
      access: "editor",
      operationId: "commitIntentImport",
      summary: "Import a previewed intent CSV",
      params: ImportIdParamsSchema,
      body: CommitImportBodySchema,
      answers: IntentDatasetSchema,
      run: ({ params, body }, actor) => audience.commitImport(ctx, actor, params.id, body.mode),
    });

    route.get("/api/audience/recommendations", {
      operationId: "listContentGaps",
      summary: "List recommended content for intent gaps",
      querystring: AudienceOverviewQuerySchema,
      answers: ContentRecommendationsSchema,
      run: ({ query }) => audience.getContentRecommendations(ctx.db, query.industry),
    });

    route.get("/api/audience/content", {
      operationId: "listAudienceContent",
      summary: "List content with its audience match",
      answers: z.array(TargetableItemSchema),
      run: () => audience.listTargetableItems(ctx.db),
    });

    route.get("/api/audience/content/:id/accounts", {
      operationId: "listContentAccounts",
      summary: "List the accounts a content item matches",
      params: ContentIdParamsSchema,
      answers: AccountsToTargetSchema,
      run: ({ params }) => audience.getAccountsToTarget(ctx.db, params.id),
    });

    app.get(
      "/api/audience/content/:id/accounts/export",
      route.options("viewer", {
        operationId: "exportContentAccounts",
        summary: "Download the accounts a content item matches as CSV",
        params: ContentIdParamsSchema,
      }),
      async (request, reply) => {
        const { fileName, csv } = await audience.exportAccountsToTargetCsv(ctx, request.params.id);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", csvDisposition(fileName))
          .send(csv);
      },
    );
  };
