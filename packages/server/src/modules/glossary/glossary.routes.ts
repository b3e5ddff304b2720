import {
  GlossaryImportInputSchema,
  GlossaryImportResultSchema,
  GlossaryListSchema,
  GlossaryTermIdParamsSchema,
  GlossaryTermInputSchema,
  GlossaryTermSchema,
  ListGlossaryQuerySchema,
  successEnvelope,
  DeletedAnswerSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import * as glossary from "./glossary.service";

/** Room for the largest accepted CSV (1,000,000 characters, up to 3 bytes each) in JSON. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** Settings > Glossary: every role reads and exports; admins add, edit, delete and import. */
export const glossaryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/settings/glossary",
      routeOptions("viewer", {
        operationId: "listGlossary",
        summary: "List glossary terms",
        tags: ["glossary"],
        querystring: ListGlossaryQuerySchema,
        response: { 200: successEnvelope(GlossaryListSchema) },
      }),
      async (request) =>
        success(await glossary.listGlossaryFor(ctx, actorOf(request), request.query)),
    );

    app.post(
      "/api/settings/glossary",
      routeOptions("admin", {
        operationId: "createGlossaryTerm",
        summary: "Add a glossary term",
        tags: ["glossary"],
        body: GlossaryTermInputSchema,
        response: { 201: successEnvelope(GlossaryTermSchema) },
      }),
      async (request) =>
        success(await glossary.createGlossaryTerm(ctx, actorOf(request), request.body)),
    );

    app.put(
      "/api/settings/glossary/:id",
      routeOptions("admin", {
        operationId: "updateGlossaryTerm",
        summary: "Edit a glossary term",
        tags: ["glossary"],
        params: GlossaryTermIdParamsSchema,
        body: GlossaryTermInputSchema,
        response: { 200: successEnvelope(GlossaryTermSchema) },
      }),
      async (request) =>
        success(
          await glossary.updateGlossaryTermFor(
            ctx,
            actorOf(request),
            request.params.id,
            request.body,
          ),
        ),
    );

    app.delete(
      "/api/settings/glossary/:id",
      routeOptions("admin", {
        operationId: "deleteGlossaryTerm",
        summary: "Delete a glossary term",
        tags: ["glossary"],
        params: GlossaryTermIdParamsSchema,
        response: { 200: successEnvelope(DeletedAnswerSchema) },
      }),
      async (request) => {
        await glossary.deleteGlossaryTermFor(ctx, actorOf(request), request.params.id);
        return success({ deleted: true as const });
      },
    );

    app.get(
      "/api/settings/glossary/export",
      {
        schema: {
          operationId: "exportGlossary",
          summary: "Download the glossary as CSV",
          tags: ["glossary"],
        },
        config: { access: "viewer" },
      },
      async (_request, reply) =>
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", 'attachment; filename="glossary.csv"')
          .send(await glossary.exportGlossaryCsv(ctx)),
    );

    app.post(
      "/api/settings/glossary/import",
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        config: { access: "admin" },
        schema: {
          operationId: "importGlossary",
          summary: "Import glossary terms from CSV",
          tags: ["glossary"],
          body: GlossaryImportInputSchema,
          response: { 200: successEnvelope(GlossaryImportResultSchema) },
        },
      },
      async (request) =>
        success(await glossary.importGlossaryCsv(ctx, actorOf(request), request.body.csv)),
    );
  };
