import { DashboardSummarySchema, successEnvelope } from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { getDashboardSummary } from "../library/library-dashboard.service";

/**
 * The dashboard's one answer. Its figures are the Library's (counters the library keeps on
 * its own tables), so the summary is computed by the library module; the URL lives here.
 */
export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/dashboard/summary",
      routeOptions("viewer", {
        operationId: "getDashboardSummary",
        summary: "Get the dashboard counters",
        tags: ["dashboard"],
        response: { 200: successEnvelope(DashboardSummarySchema) },
      }),
      async () => success(await getDashboardSummary(ctx)),
    );
  };
