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
import { deletedAfter, jsonRoutes } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import * as glossary from "./glossary.service";

/** Room for the largest accepted CSV (1,000,000 characters, up to 3 bytes each) in JSON. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** Settings > Glossary: every role reads and exports; admins add, edit, delete and import. */
export const glossaryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "admin", tags: ["glossary"] });

    route.get("/api/settings/glossary", {
      access: "viewer",
      operationId: "listGlossary",
      summary: "List glossary terms",
      querystring: ListGlossaryQuerySchema,
      answers: GlossaryListSchema,
      run: ({ query }, actor) => glossary.listGlossaryFor(ctx, actor, query),
    });

    route.post("/api/settings/glossary", {
      operationId: "createGlossaryTerm",
      summary: "Add a glossary term",
      body: GlossaryTermInputSchema,
      answers: GlossaryTermSchema,
      status: 201,
      run: ({ body }, actor) => glossary.createGlossaryTerm(ctx, actor, body),
    });

    route.put("/api/settings/glossary/:id", {
      operationId: "updateGlossaryTerm",
      summary: "Edit a glossary term",
      params: GlossaryTermIdParamsSchema,
      body: GlossaryTermInputSchema,
      answers: GlossaryTermSchema,
      run: ({ params, body }, actor) => glossary.updateGlossaryTermFor(ctx, actor, params.id, body),
    });

    route.delete("/api/settings/glossary/:id", {
      operationId: "deleteGlossaryTerm",
      summary: "Delete a glossary term",
      params: GlossaryTermIdParamsSchema,
      answers: DeletedAnswerSchema,
      run: ({ params }, actor) =>
        deletedAfter(glossary.deleteGlossaryTermFor(ctx, actor, params.id)),
    });

    app.get(
      "/api/settings/glossary/export",
      route.options("viewer", {
        operationId: "exportGlossary",
        summary: "Download the glossary as CSV",
      }),
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
