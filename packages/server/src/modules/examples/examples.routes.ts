import multipart from "@fastify/multipart";
import {
  ArchiveExamplesBodySchema,
  ExampleDetailSchema,
  ExampleIdParamsSchema,
  ExampleInputSchema,
  ExampleListSchema,
  INGEST_MAX_ENTRIES,
  IngestJobSchema,
  ListExamplesQuerySchema,
  StartIngestBodySchema,
} from "@content-studio/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { changeFeedOf } from "../../db/change-feed";
import { AnswerCache } from "../../lib/answer-cache";
import { AppError } from "../../lib/app-error";
import { jsonRoutes } from "../../lib/route-options";
import { clientGoneSignal } from "../../plugins/client-gone";
import { assertNoNul } from "../../plugins/nul-guard";
import * as examples from "./examples.service";
import { getIngestJob, listIngestJobs } from "./ingest.service";
import type { UploadPart } from "./sources/upload";

/** The multipart parts of a request, in the shape the examples service reads. */
async function* uploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  for await (const part of request.parts()) {
    assertNoNul(part.fieldname, "body");
    if (part.type === "field") {
      if (typeof part.value === "string") {
        assertNoNul(part.value, `body.${part.fieldname}`);
        yield { kind: "field", name: part.fieldname, value: part.value };
      }
      continue;
    }
    assertNoNul(part.filename, `body.${part.fieldname}`);
    yield {
      kind: "file",
      fileName: part.filename || "",
      data: part.file as AsyncIterable<Buffer>,
      truncated: () => part.file.truncated,
    };
  }
}

export const examplesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Example list answers, kept until a table their queries read changes (lib/answer-cache.ts).
    const listCache = new AnswerCache("example lists", changeFeedOf(ctx.db));
    await app.register(multipart, {
      // Busboy keeps only the base name by default; a folder upload's files are named
      // "folder/good/a.md" and the category comes from that path (unsafe ones are refused below).
      preservePath: true,
      limits: {
        fileSize: examples.MAX_UPLOAD_BYTES,
        files: INGEST_MAX_ENTRIES,
        fields: 5,
        parts: INGEST_MAX_ENTRIES + 5,
      },
    });
    const route = jsonRoutes(app, { access: "editor", tags: ["examples"] });

    route.get("/api/examples", {
      access: "viewer",
      operationId: "listExamples",
      summary: "List and search benchmark examples",
      querystring: ListExamplesQuerySchema,
      answers: ExampleListSchema,
      // The answer depends on the query, the caller's role (its `can`) and the data alone.
      cached: { cache: listCache, key: ({ query }, actor) => [actor.role, query] },
      run: ({ query }, actor, reply) =>
        examples.listExampleSummaries(ctx, actor, query, clientGoneSignal(reply)),
    });

    route.get("/api/examples/:id", {
      access: "viewer",
      operationId: "getExample",
      summary: "Get a benchmark example",
      params: ExampleIdParamsSchema,
      answers: ExampleDetailSchema,
      run: ({ params }, actor) => examples.getExample(ctx.db, actor, params.id),
    });

    app.get(
      "/api/examples/:id/export",
      route.options("viewer", {
        operationId: "exportExample",
        summary: "Download a benchmark example as Markdown",
        params: ExampleIdParamsSchema,
      }),
      async (request, reply) => {
        const { fileName, markdown } = await examples.exportExample(ctx.db, request.params.id);
        return reply
          .type("text/markdown; charset=utf-8")
          .header("content-disposition", `attachment; filename="${fileName}"`)
          .send(markdown);
      },
    );

    route.post("/api/examples", {
      operationId: "createExample",
      summary: "Add a benchmark example",
      body: ExampleInputSchema,
      answers: ExampleDetailSchema,
      status: 201,
      run: ({ body }, actor) => examples.createExample(ctx.db, actor, body),
    });

    route.put("/api/examples/:id", {
      operationId: "updateExample",
      summary: "Edit a benchmark example",
      params: ExampleIdParamsSchema,
      body: ExampleInputSchema,
      answers: ExampleDetailSchema,
      run: ({ params, body }, actor) => examples.replaceExample(ctx.db, actor, params.id, body),
    });

    route.delete("/api/examples/:id", {
      operationId: "deleteExample",
      summary: "Delete a benchmark example",
      params: ExampleIdParamsSchema,
      answers: z.object({ id: z.string() }),
      run: async ({ params }, actor) => {
        await examples.removeExample(ctx.db, actor, params.id);
        return { id: params.id };
      },
    });

    route.post("/api/examples/archive", {
      operationId: "archiveExamples",
      summary: "Archive benchmark examples",
      body: ArchiveExamplesBodySchema,
      answers: z.object({ archived: z.number() }),
      run: async ({ body }, actor) => ({
        archived: await examples.archiveMissing(ctx.db, actor, body.ids),
      }),
    });

    route.post("/api/examples/ingest", {
      operationId: "ingestExamples",
      summary: "Ingest examples from the repository source",
      body: StartIngestBodySchema,
      answers: IngestJobSchema,
      status: 202,
      run: ({ body }, actor) => examples.ingestFromSettings(ctx, actor, body),
    });

    route.post("/api/examples/ingest/upload", {
      operationId: "uploadExamples",
      summary: "Ingest examples from uploaded files",
      answers: IngestJobSchema,
      status: 202,
      run: (request, actor) => {
        if (!request.isMultipart())
          throw new AppError("validation_error", "Upload a folder or a .zip file.");
        return examples.ingestUploadedParts(ctx, actor, uploadParts(request));
      },
    });

    route.get("/api/examples/ingest/jobs", {
      access: "viewer",
      operationId: "listIngestRuns",
      summary: "List example ingest runs",
      querystring: z.object({ running: z.enum(["true", "false"]).optional() }),
      answers: z.array(IngestJobSchema),
      run: ({ query }) => listIngestJobs(ctx, query.running === "true"),
    });

    route.get("/api/examples/ingest/jobs/:id", {
      access: "viewer",
      operationId: "getIngestRun",
      summary: "Get an example ingest run",
      params: ExampleIdParamsSchema,
      answers: IngestJobSchema,
      run: ({ params }) => getIngestJob(ctx, params.id),
    });
  };
