import {
  ExportQuerySchema,
  LibraryAuthorSchema,
  LibraryHistorySchema,
  LibraryIdParamsSchema,
  LibraryItemDetailSchema,
  LibraryPageSchema,
  LibraryVersionParamsSchema,
  LibraryVersionSchema,
  ListLibraryQuerySchema,
  SaveLibraryItemBodySchema,
  TransitionBodySchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { changeFeedOf } from "../../db/change-feed";
import { AnswerCache } from "../../lib/answer-cache";
import { jsonRoutes, nullAfter } from "../../lib/route-options";
import { duplicateLibraryItem } from "./library-create.service";
import {
  getLibraryHistory,
  getLibraryVersion,
  recheckLibraryItem,
  restoreLibraryVersion,
  saveLibraryItem,
} from "./library-edit.service";
import { exportLibraryItem, getLibraryItem } from "./library-item.service";
import { transitionLibraryItem } from "./library-lifecycle.service";
import { listLibrary, listLibraryAuthors } from "./library-list.service";
import { purgeLibraryItem, restoreLibraryItem, trashLibraryItem } from "./library-trash.service";

export const libraryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Library pages, kept until a table their queries read changes (lib/answer-cache.ts).
    const listCache = new AnswerCache("library pages", changeFeedOf(ctx.db));
    const route = jsonRoutes(app, { access: "editor", tags: ["library"] });
    route.get("/api/library", {
      access: "viewer",
      operationId: "listLibrary",
      summary: "List and search library items",
      querystring: ListLibraryQuerySchema,
      answers: LibraryPageSchema,
      // The answer depends on the caller (each row's `can`), the query and the data alone.
      cached: { cache: listCache, key: ({ query }, actor) => [actor.id, actor.role, query] },
      run: ({ query }, actor) => listLibrary(ctx, actor, query),
    });

    route.get("/api/library/authors", {
      access: "viewer",
      operationId: "listLibraryAuthors",
      summary: "List the authors of library items",
      answers: z.array(LibraryAuthorSchema),
      run: () => listLibraryAuthors(ctx),
    });

    route.get("/api/library/:id", {
      access: "viewer",
      operationId: "getLibraryItem",
      summary: "Get a library item",
      params: LibraryIdParamsSchema,
      answers: LibraryItemDetailSchema,
      run: ({ params }, actor) => getLibraryItem(ctx, actor, params.id),
    });

    route.put("/api/library/:id", {
      operationId: "updateLibraryItem",
      summary: "Save a new version of a library item",
      params: LibraryIdParamsSchema,
      body: SaveLibraryItemBodySchema,
      answers: LibraryItemDetailSchema,
      run: ({ params, body }, actor) => saveLibraryItem(ctx, actor, params.id, body),
    });

    route.post("/api/library/:id/quality-check", {
      operationId: "checkLibraryItemQuality",
      summary: "Re-run the quality check on a library item",
      params: LibraryIdParamsSchema,
      answers: LibraryItemDetailSchema,
      run: ({ params }, actor) => recheckLibraryItem(ctx, actor, params.id),
    });

    route.post("/api/library/:id/transitions", {
      operationId: "transitionLibraryItem",
      summary: "Submit, approve, reject or publish a library item",
      params: LibraryIdParamsSchema,
      body: TransitionBodySchema,
      answers: LibraryItemDetailSchema,
      run: ({ params, body }, actor) => transitionLibraryItem(ctx, actor, params.id, body),
    });

    route.get("/api/library/:id/history", {
      access: "viewer",
      operationId: "getLibraryItemHistory",
      summary: "List a library item's versions and events",
      params: LibraryIdParamsSchema,
      answers: LibraryHistorySchema,
      run: ({ params }) => getLibraryHistory(ctx, params.id),
    });

    route.get("/api/library/:id/versions/:version", {
      access: "viewer",
      operationId: "getLibraryItemVersion",
      summary: "Get one version of a library item",
      params: LibraryVersionParamsSchema,
      answers: LibraryVersionSchema,
      run: ({ params }) => getLibraryVersion(ctx, params.id, params.version),
    });

    route.post("/api/library/:id/versions/:version/restore", {
      operationId: "restoreLibraryItemVersion",
      summary: "Restore an earlier version as the newest",
      params: LibraryVersionParamsSchema,
      answers: LibraryItemDetailSchema,
      run: ({ params }, actor) => restoreLibraryVersion(ctx, actor, params.id, params.version),
    });

    route.post("/api/library/:id/duplicate", {
      operationId: "duplicateLibraryItem",
      summary: "Duplicate a library item as a new draft",
      params: LibraryIdParamsSchema,
      answers: LibraryItemDetailSchema,
      status: 201,
      run: ({ params }, actor) => duplicateLibraryItem(ctx, actor, params.id),
    });

    route.delete("/api/library/:id", {
      operationId: "trashLibraryItem",
      summary: "Move a library item to the Trash",
      params: LibraryIdParamsSchema,
      answers: z.null(),
      run: ({ params }, actor) => nullAfter(trashLibraryItem(ctx, actor, params.id)),
    });

    route.post("/api/library/:id/restore", {
      operationId: "restoreLibraryItem",
      summary: "Restore a library item from the Trash",
      params: LibraryIdParamsSchema,
      answers: LibraryItemDetailSchema,
      run: ({ params }, actor) => restoreLibraryItem(ctx, actor, params.id),
    });

    route.post("/api/library/:id/purge", {
      access: "admin",
      operationId: "purgeLibraryItem",
      summary: "Delete a trashed library item for good",
      params: LibraryIdParamsSchema,
      answers: z.null(),
      run: ({ params }, actor) => nullAfter(purgeLibraryItem(ctx, actor, params.id)),
    });

    app.get(
      "/api/library/:id/export",
      route.options("viewer", {
        operationId: "exportLibraryItem",
        summary: "Download a library item in a chosen format",
        params: LibraryIdParamsSchema,
        querystring: ExportQuerySchema,
      }),
      async (request, reply) => {
        const file = await exportLibraryItem(ctx, request.params.id, request.query.format);
        return reply
          .header("content-type", file.contentType)
          .header(
            "content-disposition",
            `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          )
          .send(file.body);
      },
    );
  };
