import {
  CreateUserBodySchema,
  UpdateUserBodySchema,
  UserIdParamsSchema,
  UserSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { actorOf } from "../../plugins/access";
import { changeUser, createAccount, listAllUsers } from "./users.service";

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/users",
      {
        config: { access: "admin" },
        schema: { response: { 200: successEnvelope(z.array(UserSchema)) } },
      },
      async () => ({ success: true as const, data: await listAllUsers(ctx.db) }),
    );

    app.post(
      "/api/users",
      {
        config: { access: "admin" },
        schema: { body: CreateUserBodySchema, response: { 201: successEnvelope(UserSchema) } },
      },
      async (request, reply) => {
        const user = await createAccount(ctx.db, ctx.auth, request.body, actorOf(request));
        return reply.status(201).send({ success: true as const, data: user });
      },
    );

    app.patch(
      "/api/users/:id",
      {
        config: { access: "admin" },
        schema: {
          params: UserIdParamsSchema,
          body: UpdateUserBodySchema,
          response: { 200: successEnvelope(UserSchema) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const user = await changeUser(ctx.db, actor, request.params.id, request.body);
        return { success: true as const, data: user };
      },
    );
  };
