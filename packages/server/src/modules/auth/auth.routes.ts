import {
  ForgotPasswordBodySchema,
  ForgotPasswordResultSchema,
  ResetPasswordBodySchema,
  SessionInfoSchema,
  SetupAdminBodySchema,
  SignInBodySchema,
  SignInResultSchema,
  SsoSignInStartSchema,
  EmptyAnswerSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes, routeOptions } from "../../lib/route-options";
import { cookiesSent, sendCookies } from "../../lib/set-cookies";
import { createFirstAdmin, getSessionInfo, signIn, signOut } from "./auth.service";
import { completePasswordReset, requestPasswordReset } from "./password-reset.service";
import { finishSsoSignIn, startSsoSignIn } from "./sso-sign-in.service";

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "public", tags: ["auth"] });

    route.get("/api/session", {
      config: { readsSession: true },
      operationId: "getSession",
      summary: "Get the signed-in user and whether setup is needed",
      answers: SessionInfoSchema,
      run: (_request, caller) => getSessionInfo(ctx, caller),
    });

    route.post("/api/setup/admin", {
      operationId: "setupAdmin",
      summary: "Create the first administrator",
      body: SetupAdminBodySchema,
      answers: SignInResultSchema,
      status: 201,
      run: async (request, _caller, reply) => {
        await createFirstAdmin(ctx, request.body);
        const { user } = cookiesSent(reply, await signIn(ctx, request, request.body));
        return { user };
      },
    });

    route.post("/api/auth/sign-in/email", {
      operationId: "signIn",
      summary: "Sign in with email and password",
      body: SignInBodySchema,
      answers: SignInResultSchema,
      run: async (request, _caller, reply) =>
        cookiesSent(reply, await signIn(ctx, request, request.body)),
    });

    route.post("/api/auth/sign-in/sso", {
      operationId: "startSsoSignIn",
      summary: "Start signing in with the single sign-on provider (answers its URL)",
      answers: SsoSignInStartSchema,
      run: async (request, _caller, reply) =>
        cookiesSent(reply, await startSsoSignIn(ctx, request)),
    });

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
        const { location } = cookiesSent(
          reply,
          await finishSsoSignIn(ctx, request, request.params.providerId, request.log),
        );
        return reply.redirect(location, 302);
      },
    );

    route.post("/api/auth/sign-out", {
      operationId: "signOut",
      summary: "Sign out",
      answers: EmptyAnswerSchema,
      run: async (request, _caller, reply) => {
        sendCookies(reply, await signOut(ctx.auth, request));
        return {};
      },
    });

    route.post("/api/auth/forgot-password", {
      operationId: "requestPasswordReset",
      summary: "Send a password reset link",
      body: ForgotPasswordBodySchema,
      answers: ForgotPasswordResultSchema,
      run: ({ ip, body }) => requestPasswordReset(ctx, { ip }, body),
    });

    route.post("/api/auth/reset-password", {
      operationId: "resetPassword",
      summary: "Choose a new password with a reset link",
      body: ResetPasswordBodySchema,
      answers: EmptyAnswerSchema,
      run: async ({ ip, body }) => {
        await completePasswordReset(ctx, { ip }, body);
        return {};
      },
    });
  };
