import {
  AdminPasswordResetBodySchema,
  AdminPasswordResetResultSchema,
  CreateUserBodySchema,
  UpdateUserBodySchema,
  UserIdParamsSchema,
  UserListRowSchema,
  UserListSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import { adminResetPassword } from "./password-reset.service";
import { changeUser, createUser, listAllUsers } from "./users.service";

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "admin", tags: ["users"] });

    route.get("/api/users", {
      operationId: "listUsers",
      summary: "List user accounts",
      answers: UserListSchema,
      run: (_request, actor) => listAllUsers(ctx.db, actor),
    });

    route.post("/api/users", {
      operationId: "createUser",
      summary: "Create a user account",
      body: CreateUserBodySchema,
      answers: UserListRowSchema,
      status: 201,
      run: ({ body }, actor) => createUser(ctx.db, ctx.auth, actor, body),
    });

    route.patch("/api/users/:id", {
      operationId: "updateUser",
      summary: "Change a user's role, name or active status",
      params: UserIdParamsSchema,
      body: UpdateUserBodySchema,
      answers: UserListRowSchema,
      run: ({ params, body }, actor) => changeUser(ctx.db, actor, params.id, body),
    });

    route.post("/api/users/:id/password-reset", {
      operationId: "resetUserPassword",
      summary: "Reset a user's password (temporary password or link)",
      params: UserIdParamsSchema,
      body: AdminPasswordResetBodySchema,
      answers: AdminPasswordResetResultSchema,
      run: ({ params, body }, actor) => adminResetPassword(ctx, actor, params.id, body),
    });
  };
