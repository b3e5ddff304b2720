import {
  ForgotPasswordBodySchema,
  ForgotPasswordResultSchema,
  ResetPasswordBodySchema,
  SessionInfoSchema,
  SetupAdminBodySchema,
  SignInBodySchema,
  SignInResultSchema,
  SsoSignInStartSchema,
  successEnvelope,
  EmptyAnswerSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { createFirstAdmin, getSessionInfo, signIn, signOut } from "./auth.service";
import { completePasswordReset, requestPasswordReset } from "./password-reset.service";
import { finishSsoSignIn, startSsoSignIn } from "./sso-sign-in.service";

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
      async (request) => success(await getSessionInfo(ctx, request.user)),
    );

    app.post(
      "/api/setup/admin",
      routeOptions("public", {
        operationId: "setupAdmin",
        summary: "Create the first administrator",
        tags: ["auth"],
        body: SetupAdminBodySchema,
        response: { 201: UserEnvelope },
      }),
      async (request, reply) => {
        await createFirstAdmin(ctx, request.body);
        const { user, setCookies } = await signIn(ctx, request, request.body);
        if (setCookies.length > 0) reply.header("set-cookie", setCookies);
        return success({ user });
      },
    );

    app.post(
      "/api/auth/sign-in/email",
      routeOptions("public", {
        operationId: "signIn",
        summary: "Sign in with email and password",
        tags: ["auth"],
        body: SignInBodySchema,
        response: { 200: UserEnvelope },
      }),
      async (request, reply) => {
        const { user, setCookies, passwordChangeRequired } = await signIn(
          ctx,
          request,
          request.body,
        );
        if (setCookies.length > 0) reply.header("set-cookie", setCookies);
        return success({ user, passwordChangeRequired });
      },
    );

    app.post(
      "/api/auth/sign-in/sso",
      routeOptions("public", {
        operationId: "startSsoSignIn",
        summary: "Start signing in with the single sign-on provider (answers its URL)",
        tags: ["auth"],
        response: { 200: successEnvelope(SsoSignInStartSchema) },
      }),
      async (request, reply) => {
        const { url, setCookies } = await startSsoSignIn(ctx, request);
        if (setCookies.length > 0) reply.header("set-cookie", setCookies);
        return success({ url });
      },
    );

    app.get(
      "/api/auth/sso/callback/:providerId",
      routeOptions("public", {
        operationId: "finishSsoSignIn",
        summary: "The single sign-on provider's redirect: signs in, then redirects to the app",
        tags: ["auth"],
        params: z.object({ providerId: z.string().max(100) }),
        querystring: z.object({
          code: z.string().max(4096).optional(),
          state: z.string().max(4096).optional(),
          iss: z.string().max(500).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(1000).optional(),
        }),
        response: { 302: z.null().describe("To the app, or to /login?error=... when refused") },
      }),
      async (request, reply) => {
        const { location, setCookies } = await finishSsoSignIn(
          ctx,
          request,
          request.params.providerId,
          request.log,
        );
        if (setCookies.length > 0) reply.header("set-cookie", setCookies);
        return reply.redirect(location, 302);
      },
    );

    app.post(
      "/api/auth/sign-out",
      routeOptions("public", {
        operationId: "signOut",
        summary: "Sign out",
        tags: ["auth"],
        response: { 200: successEnvelope(EmptyAnswerSchema) },
      }),
      async (request, reply) => {
        const setCookies = await signOut(ctx.auth, request);
        if (setCookies.length > 0) reply.header("set-cookie", setCookies);
        return success({});
      },
    );

    app.post(
      "/api/auth/forgot-password",
      routeOptions("public", {
        operationId: "requestPasswordReset",
        summary: "Send a password reset link",
        tags: ["auth"],
        body: ForgotPasswordBodySchema,
        response: { 200: successEnvelope(ForgotPasswordResultSchema) },
      }),
      async (request) => success(await requestPasswordReset(ctx, { ip: request.ip }, request.body)),
    );

    app.post(
      "/api/auth/reset-password",
      routeOptions("public", {
        operationId: "resetPassword",
        summary: "Choose a new password with a reset link",
        tags: ["auth"],
        body: ResetPasswordBodySchema,
        response: { 200: successEnvelope(EmptyAnswerSchema) },
      }),
      async (request) => {
        await completePasswordReset(ctx, { ip: request.ip }, request.body);
        return success({});
      },
    );
  };
