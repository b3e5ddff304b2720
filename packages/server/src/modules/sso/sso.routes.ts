import {
  SsoDiscoveryBodySchema,
  SsoDiscoveryResultSchema,
  SsoSettingsBodySchema,
  SsoSettingsSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import * as sso from "./sso.service";

/** Settings > Single sign-on: admins only, every route (the service checks the policy again). */
export const ssoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "admin", tags: ["settings"] });

    route.get("/api/settings/sso", {
      summary: "Get the single sign-on provider (never its client secret) and the callback URL",
      operationId: "getSsoSettings",
      answers: SsoSettingsSchema,
      run: (_request, actor) => sso.getSsoSettings(ctx, actor),
    });

    route.put("/api/settings/sso", {
      summary: "Set up or change the single sign-on provider (discovery is tested first)",
      operationId: "saveSsoSettings",
      body: SsoSettingsBodySchema,
      answers: SsoSettingsSchema,
      run: ({ body }, actor) => sso.saveSsoSettings(ctx, actor, body),
    });

    route.delete("/api/settings/sso", {
      summary: "Remove the single sign-on provider (password sign-in is on for everyone again)",
      operationId: "removeSsoSettings",
      answers: SsoSettingsSchema,
      run: (_request, actor) => sso.removeSsoSettings(ctx, actor),
    });

    route.post("/api/settings/sso/test-discovery", {
      summary: "Test an issuer's OIDC discovery document (saves nothing)",
      operationId: "testSsoDiscovery",
      body: SsoDiscoveryBodySchema,
      answers: SsoDiscoveryResultSchema,
      run: ({ body }, actor) => sso.testSsoDiscovery(ctx, actor, body),
    });
  };
