import { AuditPageSchema, AuditQuerySchema } from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import { exportAuditCsv, listAudit } from "./audit.service";

export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "admin", tags: ["audit"] });

    route.get("/api/audit", {
      operationId: "listAuditLog",
      summary: "List audit log entries",
      querystring: AuditQuerySchema,
      answers: AuditPageSchema,
      run: ({ query }) => listAudit(ctx.db, query),
    });

    app.get(
      "/api/audit/export",
      route.options("admin", {
        operationId: "exportAuditLog",
        summary: "Download the audit log as CSV",
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
