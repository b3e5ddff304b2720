import type { Access } from "../src/plugins/access";

/**
 * Every /api route and who may call it: "METHOD /api/path" → access level.
 * The authorization matrix (src/plugins/access.matrix.test.ts) fails when a registered route
 * is missing here or a listed route no longer exists. A new module adds its routes in its own
 * block below, in the order they are registered.
 */
export const ROUTE_ACCESS: Record<string, Access> = {
  // system
  "GET /api/health": "public",
  "GET /api/ai-service-info": "viewer",
  "POST /api/change-ai-provider": "admin",

  // auth
  "GET /api/session": "public",
  "POST /api/setup/admin": "public",
  "POST /api/auth/sign-in/email": "public",
  "POST /api/auth/sign-out": "public",

  // users
  "GET /api/users": "admin",
  "POST /api/users": "admin",
  "PATCH /api/users/:id": "admin",

  // reference data
  "GET /api/personas": "viewer",
  "GET /api/industries": "viewer",
  "GET /api/buying-stages": "viewer",
  "GET /api/company-catalog": "viewer",

  // example repository
  "GET /api/examples": "viewer",
  "GET /api/examples/:id": "viewer",
  "GET /api/examples/:id/export": "viewer",
  "POST /api/examples": "editor",
  "PUT /api/examples/:id": "editor",
  "DELETE /api/examples/:id": "editor",
  "POST /api/examples/archive": "editor",
  "POST /api/examples/ingest": "editor",
  "POST /api/examples/ingest/upload": "editor",
  "GET /api/examples/ingest/jobs": "viewer",
  "GET /api/examples/ingest/jobs/:id": "viewer",
  "GET /api/settings/example-repository": "viewer",
  "PUT /api/settings/example-repository": "admin",

  // quality check
  "POST /api/quality-check": "viewer",
  "GET /api/settings/banned-phrases": "viewer",
  "PUT /api/settings/banned-phrases": "admin",

  // generation
  "GET /api/content-generation-data": "viewer",
  "POST /api/generate-content": "editor",
  "POST /api/generate-content/stream": "editor",
  "GET /api/settings/generation": "viewer",
  "PUT /api/settings/generation": "admin",

  // content
  "GET /api/content/:id": "viewer",
  "PUT /api/content/:id": "editor",
  "POST /api/content/:id/optimize": "editor",
  "POST /api/content/:id/visualize": "editor",
  "POST /api/content/:id/repurpose": "editor",
  "POST /api/content/:id/save-as-example": "editor",
  "POST /api/seo-analysis": "viewer",

  // proof library
  "GET /api/proof/facts": "viewer",
  "POST /api/proof/facts": "editor",
  "PUT /api/proof/facts/:id": "editor",
  "GET /api/proof/facts/:id/usages": "viewer",
  "POST /api/proof/facts/:id/approve": "admin",
  "POST /api/proof/facts/:id/expire": "admin",
  "POST /api/proof/facts/:id/retire": "admin",
};
