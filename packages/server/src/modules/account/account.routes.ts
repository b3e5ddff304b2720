import {
  ChangePasswordBodySchema,
  UiSettingsSchema,
  UpdateMeBodySchema,
  UserSchema,
  EmptyAnswerSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import * as account from "./account.service";

export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "viewer", tags: ["account"] });

    route.get("/api/me/settings", {
      config: { allowDuringPasswordChange: true },
      operationId: "getMySettings",
      summary: "Get your personal settings",
      answers: UiSettingsSchema,
      run: (_request, actor) => account.getUiSettings(ctx, actor),
    });

    route.put("/api/me/settings", {
      operationId: "updateMySettings",
      summary: "Save your personal settings",
      body: UiSettingsSchema,
      answers: UiSettingsSchema,
      run: ({ body }, actor) => account.saveUiSettings(ctx, actor, body),
    });

    route.patch("/api/me", {
      operationId: "updateMe",
      summary: "Change your display name",
      body: UpdateMeBodySchema,
      answers: UserSchema,
      run: ({ body }, actor) => account.updateMe(ctx, actor, body),
    });

    route.post("/api/me/password", {
      config: { allowDuringPasswordChange: true },
      operationId: "changeMyPassword",
      summary: "Change your password",
      body: ChangePasswordBodySchema,
      answers: EmptyAnswerSchema,
      run: async ({ body }, actor) => {
        await account.changePassword(ctx, actor, body);
        return {};
      },
    });
  };
