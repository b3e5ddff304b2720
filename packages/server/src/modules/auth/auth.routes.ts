import {
  SessionInfoSchema,
  SetupAdminBodySchema,
  SignInBodySchema,
  SignInResultSchema,
  successEnvelope,
  EmptyAnswerSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { createFirstAdmin, getSessionInfo, signIn, signOut } from "./auth.service";

const UserEnvelope = successEnvelope(SignInResultSchema);

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/session",
      {
        config: { access: "public", readsSession: true },
        schema: {
          operationId: "getSession",
          summary: "Get the signed-in user and whether setup is needed",
          tags: ["auth"],
          response: { 200: successEnvelope(SessionInfoSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await getSessionInfo(ctx, request.user),
      }),
    );

    app.post(
      "/api/setup/admin",
      {
        config: { access: "public" },
        schema: {
          operationId: "setupAdmin",
          summary: "Create the first administrator",
          tags: ["auth"],
          body: SetupAdminBodySchema,
          response: { 201: UserEnvelope },
        },
      },
      async (request, reply) => {
        await createFirstAdmin(ctx, request.body);
        const { user, setCookies } = await signIn(ctx, request, request.body);
        if (setCookies.length > 0) reply.header("set-cookie", setCookies);
        return reply.status(201).send({ success: true as const, data: { user } });
      },
    );

    app.post(
      "/api/auth/sign-in/email",
      {
        config: { access: "public" },
        schema: {
          operationId: "signIn",
          summary: "Sign in with email and password",
          tags: ["auth"],
          body: SignInBodySchema,
          response: { 200: UserEnvelope },
        },
      },
      async (request, reply) => {
        const { user, setCookies, passwordChangeRequired } = await signIn(
          ctx,
          request,
          request.body,
        );
        if (setCookies.length > 0) reply.header("set-cookie", setCookies);
        return { success: true as const, data: { user, passwordChangeRequired } };
      },
    );

    app.post(
      "/api/auth/sign-out",
      {
        config: { access: "public" },
        schema: {
          operationId: "signOut",
          summary: "Sign out",
          tags: ["auth"],
          response: { 200: successEnvelope(EmptyAnswerSchema) },
        },
      },
      async (request, reply) => {
        const setCookies = await signOut(ctx.auth, request);
        if (setCookies.length > 0) reply.header("set-cookie", setCookies);
        return { success: true as const, data: {} };
      },
    );
  };
