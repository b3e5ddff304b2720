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
import { presentCompanyCatalog, presentIndustry, presentPersona } from "./reference.presenter";
import * as repo from "./reference.repository";

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
        data: (await repo.listPersonaRows(ctx.db)).map(presentPersona),
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
        data: (await repo.listIndustryRows(ctx.db)).map(presentIndustry),
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
        data: (await repo.listBuyingStageRows(ctx.db)).map((r) => BuyingStageSchema.parse(r.id)),
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
        data: presentCompanyCatalog(await repo.loadCompanyCatalogRows(ctx.db)),
      }),
    );
  };
