import {
  SessionInfoSchema,
  SetupAdminBodySchema,
  SignInBodySchema,
  UserSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { findUserById, hasAnyUser } from "../users/users.repository";
import { presentUser } from "../users/users.presenter";
import { createFirstAdmin, signIn, signOut } from "./auth.service";

const UserEnvelope = successEnvelope(z.object({ user: UserSchema }));

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/session",
      {
        config: { access: "public" },
        schema: { response: { 200: successEnvelope(SessionInfoSchema) } },
      },
      async (request) => {
        const row = request.user ? await findUserById(ctx.db, request.user.id) : undefined;
        return {
          success: true as const,
          data: {
            user: row ? presentUser(row) : null,
            setupRequired: !(await hasAnyUser(ctx.db)),
          },
        };
      },
    );

    app.post(
      "/api/setup/admin",
      {
        config: { access: "public" },
        schema: { body: SetupAdminBodySchema, response: { 201: UserEnvelope } },
      },
      async (request, reply) => {
        await createFirstAdmin(ctx, request.body);
        const user = await signIn(ctx, request, reply, request.body);
        return reply.status(201).send({ success: true as const, data: { user } });
      },
    );

    app.post(
      "/api/auth/sign-in/email",
      {
        config: { access: "public" },
        schema: { body: SignInBodySchema, response: { 200: UserEnvelope } },
      },
      async (request, reply) => {
        const user = await signIn(ctx, request, reply, request.body);
        return { success: true as const, data: { user } };
      },
    );

    app.post(
      "/api/auth/sign-out",
      {
        config: { access: "public" },
        schema: { response: { 200: successEnvelope(z.object({})) } },
      },
      async (request, reply) => {
        await signOut(ctx.auth, request, reply);
        return { success: true as const, data: {} };
      },
    );
  };
