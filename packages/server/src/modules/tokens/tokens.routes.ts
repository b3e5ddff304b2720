import {
  ApiTokenListSchema,
  CreateTokenBodySchema,
  CreatedApiTokenSchema,
  TokenIdParamsSchema,
  successEnvelope,
  RevokedAnswerSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import * as tokens from "./tokens.service";

/**
 * Settings > Your account > API tokens. Only a signed-in browser session manages tokens
 * (modules/tokens/route-scopes.ts refuses tokens here).
 */
export const tokensRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/tokens",
      routeOptions("viewer", {
        operationId: "listApiTokens",
        summary: "List your API tokens (and, for admins, every service token)",
        tags: ["tokens"],
        response: { 200: successEnvelope(ApiTokenListSchema) },
      }),
      async (request) => success(await tokens.listTokens(ctx, actorOf(request))),
    );

    app.post(
      "/api/tokens",
      routeOptions("viewer", {
        operationId: "createApiToken",
        summary: "Create an API token; its secret is in this answer only",
        tags: ["tokens"],
        body: CreateTokenBodySchema,
        response: { 201: successEnvelope(CreatedApiTokenSchema) },
      }),
      async (request) => success(await tokens.createToken(ctx, actorOf(request), request.body)),
    );

    app.delete(
      "/api/tokens/:id",
      routeOptions("viewer", {
        operationId: "revokeApiToken",
        summary: "Revoke an API token",
        tags: ["tokens"],
        params: TokenIdParamsSchema,
        response: { 200: successEnvelope(RevokedAnswerSchema) },
      }),
      async (request) => {
        await tokens.revokeTokenFor(ctx, actorOf(request), request.params.id);
        return success({ revoked: true as const });
      },
    );
  };
