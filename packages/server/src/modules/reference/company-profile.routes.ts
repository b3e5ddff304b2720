import {
  CompanyProfileResponseSchema,
  SaveCompanyProfileBodySchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import { readCompanyProfile, saveCompanyProfile } from "./company-profile.service";

export const companyProfileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "admin", tags: ["reference"] });

    route.get("/api/company-profile", {
      access: "viewer",
      operationId: "getCompanyProfile",
      summary: "Get the company profile",
      answers: CompanyProfileResponseSchema,
      run: (_request, actor) => readCompanyProfile(ctx.db, actor),
    });

    route.put("/api/company-profile", {
      operationId: "updateCompanyProfile",
      summary: "Save the company profile",
      body: SaveCompanyProfileBodySchema,
      answers: CompanyProfileResponseSchema,
      run: ({ body }, actor) => saveCompanyProfile(ctx.db, actor, body),
    });
  };
