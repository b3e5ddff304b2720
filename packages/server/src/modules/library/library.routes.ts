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
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { changeFeedOf } from "../../db/change-feed";
import { AnswerCache } from "../../lib/answer-cache";
import { replyWithEtag } from "../../lib/etag";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
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

const detail = { 200: successEnvelope(LibraryItemDetailSchema) };

export const libraryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Library pages, kept until a table their queries read changes (lib/answer-cache.ts).
    const listCache = new AnswerCache("library pages", changeFeedOf(ctx.db));
    const listEnvelope = successEnvelope(LibraryPageSchema);
    app.get(
      "/api/library",
      routeOptions("viewer", {
        operationId: "listLibrary",
        summary: "List and search library items",
        tags: ["library"],
        querystring: ListLibraryQuerySchema,
        response: { 200: successEnvelope(LibraryPageSchema) },
      }),
      async (request, reply) => {
        const actor = actorOf(request);
        // The answer depends on the caller (each row's `can`), the query and the data alone.
        const key = JSON.stringify([actor.id, actor.role, request.query]);
        const answer = await listCache.get(key, async () => {
          const data = await listLibrary(ctx, actor, request.query);
          return JSON.stringify(listEnvelope.parse(success(data)));
        });
        return replyWithEtag(request, reply, answer);
      },
    );

    app.get(
      "/api/library/authors",
      routeOptions("viewer", {
        operationId: "listLibraryAuthors",
        summary: "List the authors of library items",
        tags: ["library"],
        response: { 200: successEnvelope(z.array(LibraryAuthorSchema)) },
      }),
      async () => success(await listLibraryAuthors(ctx)),
    );

    app.get(
      "/api/library/:id",
      routeOptions("viewer", {
        operationId: "getLibraryItem",
        summary: "Get a library item",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        response: detail,
      }),
      async (request) => success(await getLibraryItem(ctx, actorOf(request), request.params.id)),
    );

    app.put(
      "/api/library/:id",
      routeOptions("editor", {
        operationId: "updateLibraryItem",
        summary: "Save a new version of a library item",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        body: SaveLibraryItemBodySchema,
        response: detail,
      }),
      async (request) =>
        success(await saveLibraryItem(ctx, actorOf(request), request.params.id, request.body)),
    );

    app.post(
      "/api/library/:id/quality-check",
      routeOptions("editor", {
        operationId: "checkLibraryItemQuality",
        summary: "Re-run the quality check on a library item",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        response: detail,
      }),
      async (request) =>
        success(await recheckLibraryItem(ctx, actorOf(request), request.params.id)),
    );

    app.post(
      "/api/library/:id/transitions",
      routeOptions("editor", {
        operationId: "transitionLibraryItem",
        summary: "Submit, approve, reject or publish a library item",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        body: TransitionBodySchema,
        response: detail,
      }),
      async (request) =>
        success(
          await transitionLibraryItem(ctx, actorOf(request), request.params.id, request.body),
        ),
    );

    app.get(
      "/api/library/:id/history",
      routeOptions("viewer", {
        operationId: "getLibraryItemHistory",
        summary: "List a library item's versions and events",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        response: { 200: successEnvelope(LibraryHistorySchema) },
      }),
      async (request) => success(await getLibraryHistory(ctx, request.params.id)),
    );

    app.get(
      "/api/library/:id/versions/:version",
      routeOptions("viewer", {
        operationId: "getLibraryItemVersion",
        summary: "Get one version of a library item",
        tags: ["library"],
        params: LibraryVersionParamsSchema,
        response: { 200: successEnvelope(LibraryVersionSchema) },
      }),
      async (request) =>
        success(await getLibraryVersion(ctx, request.params.id, request.params.version)),
    );

    app.post(
      "/api/library/:id/versions/:version/restore",
      routeOptions("editor", {
        operationId: "restoreLibraryItemVersion",
        summary: "Restore an earlier version as the newest",
        tags: ["library"],
        params: LibraryVersionParamsSchema,
        response: detail,
      }),
      async (request) =>
        success(
          await restoreLibraryVersion(
            ctx,
            actorOf(request),
            request.params.id,
            request.params.version,
          ),
        ),
    );

    app.post(
      "/api/library/:id/duplicate",
      routeOptions("editor", {
        operationId: "duplicateLibraryItem",
        summary: "Duplicate a library item as a new draft",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        response: { 201: successEnvelope(LibraryItemDetailSchema) },
      }),
      async (request) => {
        const copy = await duplicateLibraryItem(ctx, actorOf(request), request.params.id);
        return success(copy);
      },
    );

    app.delete(
      "/api/library/:id",
      routeOptions("editor", {
        operationId: "trashLibraryItem",
        summary: "Move a library item to the Trash",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        response: { 200: successEnvelope(z.null()) },
      }),
      async (request) => {
        await trashLibraryItem(ctx, actorOf(request), request.params.id);
        return success(null);
      },
    );

    app.post(
      "/api/library/:id/restore",
      routeOptions("editor", {
        operationId: "restoreLibraryItem",
        summary: "Restore a library item from the Trash",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        response: detail,
      }),
      async (request) =>
        success(await restoreLibraryItem(ctx, actorOf(request), request.params.id)),
    );

    app.post(
      "/api/library/:id/purge",
      routeOptions("admin", {
        operationId: "purgeLibraryItem",
        summary: "Delete a trashed library item for good",
        tags: ["library"],
        params: LibraryIdParamsSchema,
        response: { 200: successEnvelope(z.null()) },
      }),
      async (request) => {
        await purgeLibraryItem(ctx, actorOf(request), request.params.id);
        return success(null);
      },
    );

    app.get(
      "/api/library/:id/export",
      routeOptions("viewer", {
        operationId: "exportLibraryItem",
        summary: "Download a library item in a chosen format",
        tags: ["library"],
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
