import { AuditPageSchema, AuditQuerySchema, successEnvelope } from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { exportAuditCsv, listAudit } from "./audit.service";

export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/audit",
      routeOptions("admin", {
        operationId: "listAuditLog",
        summary: "List audit log entries",
        tags: ["audit"],
        querystring: AuditQuerySchema,
        response: { 200: successEnvelope(AuditPageSchema) },
      }),
      async (request) => success(await listAudit(ctx.db, request.query)),
    );

    app.get(
      "/api/audit/export",
      routeOptions("admin", {
        operationId: "exportAuditLog",
        summary: "Download the audit log as CSV",
        tags: ["audit"],
        querystring: AuditQuerySchema,
      }),
      async (request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="audit-log-${day}.csv"`)
          .send(exportAuditCsv(ctx, request.query));
      },
    );
  };
