import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import swagger from "@fastify/swagger";
import { ErrorEnvelopeSchema, type ErrorCode, type TokenScope } from "@content-studio/contract";
import type { FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_STATUS } from "../lib/app-error";
import type { Access } from "./access";

/** Routes that can answer 429 besides those that make an AI provider write. */
const RATE_LIMITED = new Set([
  "POST /api/auth/sign-in/email",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  "POST /api/me/password",
  "GET /api/examples",
  "POST /api/examples/ingest",
  "POST /api/examples/ingest/upload",
]);

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The error codes each status stands for (the one code → status table in lib/app-error.ts). */
const CODES_BY_STATUS = new Map<number, ErrorCode[]>();
for (const [code, status] of Object.entries(ERROR_STATUS) as [ErrorCode, number][]) {
  CODES_BY_STATUS.set(status, [...(CODES_BY_STATUS.get(status) ?? []), code]);
}

/** Which error envelopes a route can answer with, from its access, method, URL and inputs. */
export function errorStatusesOf(
  method: string,
  url: string,
  access: Access,
  inputs: { body?: unknown; querystring?: unknown; params?: unknown },
  scope: TokenScope | null,
): number[] {
  const statuses = new Set<number>();
  const changes = STATE_CHANGING.has(method);
  if (inputs.body || inputs.querystring || inputs.params) statuses.add(400);
  if (access !== "public") statuses.add(401).add(403);
  // A state-changing request from another site is refused whoever sends it.
  if (changes) statuses.add(403);
  if (url.includes("/:")) statuses.add(404);
  if (changes && access !== "public") statuses.add(409);
  if (RATE_LIMITED.has(`${method} ${url}`) || scope === "generate") statuses.add(429);
  return [...statuses].sort();
}

const errorResponse = (status: number) =>
  ErrorEnvelopeSchema.meta({
    description: `Error envelope: ${(CODES_BY_STATUS.get(status) ?? []).join(", ")}`,
  });

/**
 * Every error response added above refers to one `ErrorEnvelope` component instead of
 * repeating the schema (about 400 bytes, up to six times per operation).
 */
const ENVELOPE_STATUSES = new Set(["400", "401", "403", "404", "409", "429"]);

function shareErrorEnvelope<T>(document: T): T {
  const doc = document as {
    paths?: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
    components?: { schemas?: Record<string, unknown> };
  };
  let shared: unknown;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = response.content?.["application/json"];
        if (!ENVELOPE_STATUSES.has(status) || !json) continue;
        shared ??= json.schema;
        json.schema = { $ref: "#/components/schemas/ErrorEnvelope" };
      }
    }
  }
  if (shared)
    doc.components = {
      ...doc.components,
      schemas: { ...doc.components?.schemas, ErrorEnvelope: shared },
    };
  return document;
}

/**
 * zod writes `z.number().int()` with the safe-integer range as its bounds; Swagger UI then
 * shows -9007199254740991 as the example. A reader learns nothing from those bounds: drop them.
 */
function dropSafeIntegerBounds<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(dropSafeIntegerBounds);
  else if (node && typeof node === "object") {
    const schema = node as Record<string, unknown>;
    if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
    if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
    Object.values(schema).forEach(dropSafeIntegerBounds);
  }
  return node;
}

interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
}

/** The files of Swagger UI served at /api/docs (from @fastify/swagger-ui's copy of swagger-ui-dist). */
const DOCS_ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
};

/** Starts Swagger UI on the document; a file of its own, as the page allows no inline script. */
const DOCS_INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Content Studio API</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/docs-init.js"></script>
  </body>
</html>
`;

/**
 * The OpenAPI 3.1 document, generated by @fastify/swagger from every route's zod schemas (the
 * same ones that validate), with each route's operationId, summary and tags from its schema,
 * the error envelopes it can answer with, and how it may be called: a session cookie, or a
 * Bearer token with the scope the route needs. Register it before the routes.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { scopeOf: (method: string, url: string, access: Access) => TokenScope | null },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Content Studio API",
        version: "1",
        description:
          "Every answer is `{ success: true, data }` or the error envelope `{ success: false, code, message, details? }`. " +
          "Call it with an API token (`Authorization: Bearer cs_…`, made in Settings → Your account) or the browser session.",
      },
      components: {
        securitySchemes: {
          bearerToken: {
            type: "http",
            scheme: "bearer",
            description:
              "An API token. Each operation lists the one scope it needs; the token acts as its owner with the owner's current role.",
          },
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: "better-auth.session_token",
            description:
              "The browser session (state-changing requests must come from the same site).",
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url, route } = input;
      const access = route.config?.access;
      const method = [route.method].flat().find((m) => m !== "HEAD") ?? "GET";
      if (!schema || !access) return jsonSchemaTransform(input);
      const scope = options.scopeOf(method, url, access);
      const errors = Object.fromEntries(
        errorStatusesOf(method, url, access, schema, scope).map((s) => [s, errorResponse(s)]),
      );
      const declared = (schema.response ?? {}) as Record<string, unknown>;
      // Downloads, event streams and cached reference answers declare no schema of their own.
      const success = Object.keys(declared).some((status) => status.startsWith("2"))
        ? {}
        : { 200: z.unknown().meta({ description: "Success: what is sent is in the summary." }) };
      const transformed = jsonSchemaTransform({
        ...input,
        schema: { ...schema, response: { ...success, ...declared, ...errors } },
      });
      const security: Record<string, string[]>[] =
        access === "public"
          ? []
          : scope === null
            ? [{ sessionCookie: [] }]
            : [{ bearerToken: [scope] }, { sessionCookie: [] }];
      return { ...transformed, schema: { ...transformed.schema, security } };
    },
    transformObject: (input) =>
      dropSafeIntegerBounds(shareErrorEnvelope(jsonSchemaTransformObject(input))),
  });

  const staticDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@fastify/swagger-ui/package.json")),
    "static",
  );

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/openapi.json",
    {
      config: { access: "public" },
      schema: {
        operationId: "getOpenApiDocument",
        summary: "Get this OpenAPI document",
        tags: ["system"],
      },
    },
    async () => app.swagger(),
  );

  api.get(
    "/api/docs",
    {
      config: { access: "public" },
      schema: {
        operationId: "getApiDocs",
        summary: "Read this API's reference (an HTML page)",
        tags: ["system"],
      },
    },
    async (_request, reply) => reply.type("text/html; charset=utf-8").send(DOCS_PAGE),
  );

  api.get(
    "/api/docs/assets/:file",
    {
      config: { access: "public" },
      schema: {
        operationId: "getApiDocsAsset",
        summary: "A script or style sheet of the API reference page",
        tags: ["system"],
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      reply.header("cache-control", "public, max-age=3600");
      if (file === "docs-init.js") {
        return reply.type("application/javascript; charset=utf-8").send(DOCS_INIT);
      }
      const type = Object.hasOwn(DOCS_ASSETS, file) ? DOCS_ASSETS[file] : undefined;
      if (!type) {
        return reply
          .code(404)
          .header("cache-control", "no-store")
          .send({ success: false, code: "not_found", message: "No such file." });
      }
      return reply.type(type).send(await readFile(path.join(staticDir, file)));
    },
  );
}
