import {
  ChangePasswordBodySchema,
  UiSettingsSchema,
  UpdateMeBodySchema,
  UserSchema,
  successEnvelope,
  EmptyAnswerSchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { jsonRoutes } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import * as account from "./account.service";

const Done = successEnvelope(EmptyAnswerSchema);

export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/me/settings",
      {
        config: { access: "viewer", allowDuringPasswordChange: true },
        schema: {
          operationId: "getMySettings",
          summary: "Get your personal settings",
          tags: ["account"],
          response: { 200: successEnvelope(UiSettingsSchema) },
        },
      },
      async (request) => success(await account.getUiSettings(ctx, actorOf(request))),
    );

    const route = jsonRoutes(app, { access: "viewer", tags: ["account"] });

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

    app.post(
      "/api/me/password",
      {
        config: { access: "viewer", allowDuringPasswordChange: true },
        schema: {
          operationId: "changeMyPassword",
          summary: "Change your password",
          tags: ["account"],
          body: ChangePasswordBodySchema,
          response: { 200: Done },
        },
      },
      async (request) => {
        await account.changePassword(ctx, actorOf(request), request.body);
        return success({});
      },
    );
  };
