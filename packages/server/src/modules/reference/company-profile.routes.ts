import {
  CompanyProfileResponseSchema,
  SaveCompanyProfileBodySchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import { readCompanyProfile, saveCompanyProfile } from "./company-profile.service";

export const companyProfileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/company-profile",
      routeOptions("viewer", {
        operationId: "getCompanyProfile",
        summary: "Get the company profile",
        tags: ["reference"],
        response: { 200: successEnvelope(CompanyProfileResponseSchema) },
      }),
      async (request) => success(await readCompanyProfile(ctx.db, actorOf(request))),
    );

    app.put(
      "/api/company-profile",
      routeOptions("admin", {
        operationId: "updateCompanyProfile",
        summary: "Save the company profile",
        tags: ["reference"],
        body: SaveCompanyProfileBodySchema,
        response: { 200: successEnvelope(CompanyProfileResponseSchema) },
      }),
      async (request) => success(await saveCompanyProfile(ctx.db, actorOf(request), request.body)),
    );
  };
