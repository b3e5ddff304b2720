import { DashboardSummarySchema } from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import { getDashboardSummary } from "../library/library-dashboard.service";

/**
 * The dashboard's one answer. Its figures are the Library's (counters the library keeps on
 * its own tables), so the summary is computed by the library module; the URL lives here.
 */
export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    jsonRoutes(app, { access: "viewer", tags: ["dashboard"] }).get("/api/dashboard/summary", {
      operationId: "getDashboardSummary",
      summary: "Get the dashboard counters",
      answers: DashboardSummarySchema,
      run: () => getDashboardSummary(ctx),
    });
  };
