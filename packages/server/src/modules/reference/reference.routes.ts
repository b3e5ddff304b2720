import {
  BuyingStageSchema,
  CompanyCatalogSchema,
  IndustrySchema,
  PersonaSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import {
  getCompanyCatalog,
  listBuyingStages,
  listIndustries,
  listPersonas,
} from "./reference.service";

export const referenceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/personas",
      {
        config: { access: "viewer" },
        schema: { response: { 200: successEnvelope(z.array(PersonaSchema)) } },
      },
      async () => ({
        success: true as const,
        data: await listPersonas(ctx.db),
      }),
    );

    app.get(
      "/api/industries",
      {
        config: { access: "viewer" },
        schema: { response: { 200: successEnvelope(z.array(IndustrySchema)) } },
      },
      async () => ({
        success: true as const,
        data: await listIndustries(ctx.db),
      }),
    );

    app.get(
      "/api/buying-stages",
      {
        config: { access: "viewer" },
        schema: { response: { 200: successEnvelope(z.array(BuyingStageSchema)) } },
      },
      async () => ({
        success: true as const,
        data: await listBuyingStages(ctx.db),
      }),
    );

    app.get(
      "/api/company-catalog",
      {
        config: { access: "viewer" },
        schema: { response: { 200: successEnvelope(CompanyCatalogSchema) } },
      },
      async () => ({
        success: true as const,
        data: await getCompanyCatalog(ctx.db),
      }),
    );
  };
