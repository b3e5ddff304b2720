import {
  SsoDiscoveryBodySchema,
  SsoDiscoveryResultSchema,
  SsoSettingsBodySchema,
  SsoSettingsSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import * as sso from "./sso.service";

/** Settings > Single sign-on: admins only, every route (the service checks the policy again). */
export const ssoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/settings/sso",
      routeOptions("admin", {
        summary: "Get the single sign-on provider (never its client secret) and the callback URL",
        operationId: "getSsoSettings",
        tags: ["settings"],
        response: { 200: successEnvelope(SsoSettingsSchema) },
      }),
      async (request) => success(await sso.getSsoSettings(ctx, actorOf(request))),
    );

    app.put(
      "/api/settings/sso",
      routeOptions("admin", {
        summary: "Set up or change the single sign-on provider (discovery is tested first)",
        operationId: "saveSsoSettings",
        tags: ["settings"],
        body: SsoSettingsBodySchema,
        response: { 200: successEnvelope(SsoSettingsSchema) },
      }),
      async (request) => success(await sso.saveSsoSettings(ctx, actorOf(request), request.body)),
    );

    app.delete(
      "/api/settings/sso",
      routeOptions("admin", {
        summary: "Remove the single sign-on provider (password sign-in is on for everyone again)",
        operationId: "removeSsoSettings",
        tags: ["settings"],
        response: { 200: successEnvelope(SsoSettingsSchema) },
      }),
      async (request) => success(await sso.removeSsoSettings(ctx, actorOf(request))),
    );

    app.post(
      "/api/settings/sso/test-discovery",
      routeOptions("admin", {
        summary: "Test an issuer's OIDC discovery document (saves nothing)",
        operationId: "testSsoDiscovery",
        tags: ["settings"],
        body: SsoDiscoveryBodySchema,
        response: { 200: successEnvelope(SsoDiscoveryResultSchema) },
      }),
      async (request) => success(await sso.testSsoDiscovery(ctx, actorOf(request), request.body)),
    );
  };
