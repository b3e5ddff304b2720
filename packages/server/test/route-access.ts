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
  "GET /api/health/live": "public",
  "GET /api/health/ready": "public",
  "GET /api/ai-service-info": "viewer",
  "POST /api/change-ai-provider": "admin",

  // the OpenAPI document and its reference page
  "GET /api/openapi.json": "public",
  "GET /api/docs": "public",
  "GET /api/docs/assets/:file": "public",

  // auth
  "GET /api/session": "public",
  "POST /api/setup/admin": "public",
  "POST /api/auth/sign-in/email": "public",
  "POST /api/auth/sign-in/sso": "public",
  "GET /api/auth/sso/callback/:providerId": "public",
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

  // company profile
  "GET /api/company-profile": "viewer",
  "PUT /api/company-profile": "admin",

  // account: personal settings and passwords
  "GET /api/me/settings": "viewer",
  "PUT /api/me/settings": "viewer",
  "PATCH /api/me": "viewer",
  "POST /api/me/password": "viewer",
  "POST /api/users/:id/password-reset": "admin",
  "POST /api/auth/forgot-password": "public",
  "POST /api/auth/reset-password": "public",

  // audit log
  "GET /api/audit": "admin",
  "GET /api/audit/export": "admin",

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
  "POST /api/seo-analysis": "viewer",

  // audience (intent data, content gaps)
  "GET /api/audience/overview": "viewer",
  "GET /api/audience/export": "viewer",
  "GET /api/audience/datasets": "viewer",
  "POST /api/audience/imports/preview": "editor",
  "POST /api/audience/imports/:id/commit": "editor",
  "GET /api/audience/recommendations": "viewer",
  "GET /api/audience/content": "viewer",
  "GET /api/audience/content/:id/accounts": "viewer",
  "GET /api/audience/content/:id/accounts/export": "viewer",
  // library and dashboard
  "GET /api/library": "viewer",
  "GET /api/library/authors": "viewer",
  "GET /api/library/:id": "viewer",
  "PUT /api/library/:id": "editor",
  "POST /api/library/:id/quality-check": "editor",
  "POST /api/library/:id/optimize": "editor",
  "POST /api/library/:id/visualize": "editor",
  "POST /api/library/:id/repurpose": "editor",
  "POST /api/library/:id/save-as-example": "editor",
  "POST /api/library/:id/transitions": "editor",
  "GET /api/library/:id/history": "viewer",
  "GET /api/library/:id/versions/:version": "viewer",
  "POST /api/library/:id/versions/:version/restore": "editor",
  "POST /api/library/:id/duplicate": "editor",
  "DELETE /api/library/:id": "editor",
  "POST /api/library/:id/restore": "editor",
  "POST /api/library/:id/purge": "admin",
  "GET /api/library/:id/export": "viewer",
  "GET /api/dashboard/summary": "viewer",
  // proof library
  "GET /api/proof/facts": "viewer",
  "POST /api/proof/facts": "editor",
  "POST /api/proof/facts/derive-structure": "editor",
  "PUT /api/proof/facts/:id": "editor",
  "GET /api/proof/facts/:id/usages": "viewer",
  "POST /api/proof/facts/:id/approve": "admin",
  "POST /api/proof/facts/:id/expire": "admin",
  "POST /api/proof/facts/:id/retire": "admin",

  // glossary (settings)
  "GET /api/settings/glossary": "viewer",
  "POST /api/settings/glossary": "admin",
  "PUT /api/settings/glossary/:id": "admin",
  "DELETE /api/settings/glossary/:id": "admin",
  "GET /api/settings/glossary/export": "viewer",
  "POST /api/settings/glossary/import": "admin",

  // campaign briefs
  "GET /api/campaigns": "viewer",
  "POST /api/campaigns": "editor",
  "POST /api/campaigns/import": "editor",
  "GET /api/campaigns/:id": "viewer",
  "PUT /api/campaigns/:id": "editor",
  "DELETE /api/campaigns/:id": "editor",
  "POST /api/campaigns/:id/duplicate": "editor",
  "GET /api/campaigns/:id/export.csv": "viewer",
  "POST /api/campaigns/:id/kits": "editor",
  "GET /api/kits/:id": "viewer",
  "GET /api/kits/:id/events": "viewer",
  "GET /api/kits/:id/export.zip": "viewer",
  "GET /api/kits/:id/exports/:exportId": "viewer",
  "POST /api/kits/:id/cancel": "editor",
  "POST /api/kits/:id/resume": "editor",
  "POST /api/kits/:id/steps/:stepId/retry": "editor",
  "POST /api/kits/:id/submit": "editor",
  "POST /api/kits/:id/steps/:stepId/fix": "editor",

  // API tokens (a signed-in session only: tokens cannot manage tokens)
  "GET /api/tokens": "viewer",
  "POST /api/tokens": "viewer",
  "DELETE /api/tokens/:id": "viewer",
  // webhooks
  "GET /api/webhooks": "admin",
  "POST /api/webhooks": "admin",
  "PATCH /api/webhooks/:id": "admin",
  "DELETE /api/webhooks/:id": "admin",
  "POST /api/webhooks/:id/rotate-secret": "admin",
  "POST /api/webhooks/:id/test": "admin",
  "GET /api/webhooks/:id/deliveries": "admin",
  "POST /api/webhooks/:id/deliveries/:deliveryId/replay": "admin",
  "PUT /api/webhooks/allow-list": "admin",
  // publishing connectors
  "GET /api/publishing/connections": "admin",
  "POST /api/publishing/connections": "admin",
  "PATCH /api/publishing/connections/:id": "admin",
  "DELETE /api/publishing/connections/:id": "admin",
  "POST /api/publishing/connections/:id/test": "admin",
  "GET /api/publishing/items/:id/exports": "viewer",
  "POST /api/publishing/items/:id/exports": "admin",

  // single sign-on (the sign-in routes are with auth above)
  "GET /api/settings/sso": "admin",
  "PUT /api/settings/sso": "admin",
  "DELETE /api/settings/sso": "admin",
  "POST /api/settings/sso/test-discovery": "admin",
};
