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
import { routeOptions } from "../../lib/route-options";
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

    app.put(
      "/api/me/settings",
      routeOptions("viewer", {
        operationId: "updateMySettings",
        summary: "Save your personal settings",
        tags: ["account"],
        body: UiSettingsSchema,
        response: { 200: successEnvelope(UiSettingsSchema) },
      }),
      async (request) => success(await account.saveUiSettings(ctx, actorOf(request), request.body)),
    );

    app.patch(
      "/api/me",
      routeOptions("viewer", {
        operationId: "updateMe",
        summary: "Change your display name",
        tags: ["account"],
        body: UpdateMeBodySchema,
        response: { 200: successEnvelope(UserSchema) },
      }),
      async (request) => success(await account.updateMe(ctx, actorOf(request), request.body)),
    );

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
