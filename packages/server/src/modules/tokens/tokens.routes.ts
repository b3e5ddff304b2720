import {
  ApiTokenListSchema,
  CreateTokenBodySchema,
  CreatedApiTokenSchema,
  TokenIdParamsSchema,
  RevokedAnswerSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import * as tokens from "./tokens.service";

/**
 * Settings > Your account > API tokens. Only a signed-in browser session manages tokens
 * (modules/tokens/route-scopes.ts refuses tokens here).
 */
export const tokensRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "viewer", tags: ["tokens"] });

    route.get("/api/tokens", {
      operationId: "listApiTokens",
      summary: "List your API tokens (and, for admins, every service token)",
      answers: ApiTokenListSchema,
      run: (_request, actor) => tokens.listTokens(ctx, actor),
    });

    route.post("/api/tokens", {
      operationId: "createApiToken",
      summary: "Create an API token; its secret is in this answer only",
      body: CreateTokenBodySchema,
      answers: CreatedApiTokenSchema,
      status: 201,
      run: ({ body }, actor) => tokens.createToken(ctx, actor, body),
    });

    route.delete("/api/tokens/:id", {
      operationId: "revokeApiToken",
      summary: "Revoke an API token",
      params: TokenIdParamsSchema,
      answers: RevokedAnswerSchema,
      run: async ({ params }, actor) => {
        await tokens.revokeTokenFor(ctx, actor, params.id);
        return { revoked: true as const };
      },
    });
  };
