import {
  AdminPasswordResetBodySchema,
  AdminPasswordResetResultSchema,
  CreateUserBodySchema,
  UpdateUserBodySchema,
  UserIdParamsSchema,
  UserListRowSchema,
  UserListSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import { adminResetPassword } from "./password-reset.service";
import { changeUser, createUser, listAllUsers } from "./users.service";

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/users",
      routeOptions("admin", {
        operationId: "listUsers",
        summary: "List user accounts",
        tags: ["users"],
        response: { 200: successEnvelope(UserListSchema) },
      }),
      async (request) => success(await listAllUsers(ctx.db, actorOf(request))),
    );

    app.post(
      "/api/users",
      routeOptions("admin", {
        operationId: "createUser",
        summary: "Create a user account",
        tags: ["users"],
        body: CreateUserBodySchema,
        response: { 201: successEnvelope(UserListRowSchema) },
      }),
      async (request) => {
        const user = await createUser(ctx.db, ctx.auth, actorOf(request), request.body);
        return success(user);
      },
    );

    app.patch(
      "/api/users/:id",
      routeOptions("admin", {
        operationId: "updateUser",
        summary: "Change a user's role, name or active status",
        tags: ["users"],
        params: UserIdParamsSchema,
        body: UpdateUserBodySchema,
        response: { 200: successEnvelope(UserListRowSchema) },
      }),
      async (request) => {
        const actor = actorOf(request);
        const user = await changeUser(ctx.db, actor, request.params.id, request.body);
        return success(user);
      },
    );

    app.post(
      "/api/users/:id/password-reset",
      routeOptions("admin", {
        operationId: "resetUserPassword",
        summary: "Reset a user's password (temporary password or link)",
        tags: ["users"],
        params: UserIdParamsSchema,
        body: AdminPasswordResetBodySchema,
        response: { 200: successEnvelope(AdminPasswordResetResultSchema) },
      }),
      async (request) =>
        success(await adminResetPassword(ctx, actorOf(request), request.params.id, request.body)),
    );
  };
