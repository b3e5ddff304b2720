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
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { changeFeedOf } from "../../db/change-feed";
import { AnswerCache } from "../../lib/answer-cache";
import { AppError } from "../../lib/app-error";
import { replyWithEtag } from "../../lib/etag";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
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
    const listEnvelope = successEnvelope(ExampleListSchema);
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

    app.get(
      "/api/examples",
      routeOptions("viewer", {
        operationId: "listExamples",
        summary: "List and search benchmark examples",
        tags: ["examples"],
        querystring: ListExamplesQuerySchema,
        response: { 200: successEnvelope(ExampleListSchema) },
      }),
      async (request, reply) => {
        const actor = actorOf(request);
        // The answer depends on the query, the caller's role (its `can`) and the data alone.
        const key = JSON.stringify([actor.role, request.query]);
        const answer = await listCache.get(key, async () => {
          const data = await examples.listExampleSummaries(
            ctx,
            actor,
            request.query,
            clientGoneSignal(reply),
          );
          return JSON.stringify(listEnvelope.parse(success(data)));
        });
        return replyWithEtag(request, reply, answer);
      },
    );

    app.get(
      "/api/examples/:id",
      routeOptions("viewer", {
        operationId: "getExample",
        summary: "Get a benchmark example",
        tags: ["examples"],
        params: ExampleIdParamsSchema,
        response: { 200: successEnvelope(ExampleDetailSchema) },
      }),
      async (request) =>
        success(await examples.getExample(ctx.db, actorOf(request), request.params.id)),
    );

    app.get(
      "/api/examples/:id/export",
      routeOptions("viewer", {
        operationId: "exportExample",
        summary: "Download a benchmark example as Markdown",
        tags: ["examples"],
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

    app.post(
      "/api/examples",
      routeOptions("editor", {
        operationId: "createExample",
        summary: "Add a benchmark example",
        tags: ["examples"],
        body: ExampleInputSchema,
        response: { 201: successEnvelope(ExampleDetailSchema) },
      }),
      async (request) => {
        const example = await examples.createExample(ctx.db, actorOf(request), request.body);
        return success(example);
      },
    );

    app.put(
      "/api/examples/:id",
      routeOptions("editor", {
        operationId: "updateExample",
        summary: "Edit a benchmark example",
        tags: ["examples"],
        params: ExampleIdParamsSchema,
        body: ExampleInputSchema,
        response: { 200: successEnvelope(ExampleDetailSchema) },
      }),
      async (request) =>
        success(
          await examples.replaceExample(ctx.db, actorOf(request), request.params.id, request.body),
        ),
    );

    app.delete(
      "/api/examples/:id",
      routeOptions("editor", {
        operationId: "deleteExample",
        summary: "Delete a benchmark example",
        tags: ["examples"],
        params: ExampleIdParamsSchema,
        response: { 200: successEnvelope(z.object({ id: z.string() })) },
      }),
      async (request) => {
        await examples.removeExample(ctx.db, actorOf(request), request.params.id);
        return success({ id: request.params.id });
      },
    );

    app.post(
      "/api/examples/archive",
      routeOptions("editor", {
        operationId: "archiveExamples",
        summary: "Archive benchmark examples",
        tags: ["examples"],
        body: ArchiveExamplesBodySchema,
        response: { 200: successEnvelope(z.object({ archived: z.number() })) },
      }),
      async (request) =>
        success({
          archived: await examples.archiveMissing(ctx.db, actorOf(request), request.body.ids),
        }),
    );

    app.post(
      "/api/examples/ingest",
      routeOptions("editor", {
        operationId: "ingestExamples",
        summary: "Ingest examples from the repository source",
        tags: ["examples"],
        body: StartIngestBodySchema,
        response: { 202: successEnvelope(IngestJobSchema) },
      }),
      async (request) => {
        const job = await examples.ingestFromSettings(ctx, actorOf(request), request.body);
        return success(job);
      },
    );

    app.post(
      "/api/examples/ingest/upload",
      routeOptions("editor", {
        operationId: "uploadExamples",
        summary: "Ingest examples from uploaded files",
        tags: ["examples"],
        response: { 202: successEnvelope(IngestJobSchema) },
      }),
      async (request) => {
        if (!request.isMultipart())
          throw new AppError("validation_error", "Upload a folder or a .zip file.");
        const job = await examples.ingestUploadedParts(ctx, actorOf(request), uploadParts(request));
        return success(job);
      },
    );

    app.get(
      "/api/examples/ingest/jobs",
      routeOptions("viewer", {
        operationId: "listIngestRuns",
        summary: "List example ingest runs",
        tags: ["examples"],
        querystring: z.object({ running: z.enum(["true", "false"]).optional() }),
        response: { 200: successEnvelope(z.array(IngestJobSchema)) },
      }),
      async (request) => success(await listIngestJobs(ctx, request.query.running === "true")),
    );

    app.get(
      "/api/examples/ingest/jobs/:id",
      routeOptions("viewer", {
        operationId: "getIngestRun",
        summary: "Get an example ingest run",
        tags: ["examples"],
        params: ExampleIdParamsSchema,
        response: { 200: successEnvelope(IngestJobSchema) },
      }),
      async (request) => success(await getIngestJob(ctx, request.params.id)),
    );
  };
