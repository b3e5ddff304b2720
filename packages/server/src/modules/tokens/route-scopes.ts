import type { TokenScope } from "@content-studio/contract";
import type { Access } from "../../plugins/access";

/**
 * Routes only a browser session may call, never a token: signing in and out, first-run setup,
 * the caller's own account and password, single sign-on settings, and managing tokens (a leaked token cannot mint
 * another or outlive its revocation).
 */
const SESSION_ONLY = [
  /^\/api\/auth\//,
  /^\/api\/setup\//,
  /^\/api\/session$/,
  /^\/api\/me(\/|$)/,
  /^\/api\/tokens(\/|$)/,
  // Who may sign in, and how: a leaked token must not be able to redirect sign-in elsewhere.
  /^\/api\/settings\/sso(\/|$)/,
];

/** Writes that make an AI provider write (and spend the owner's AI budget). */
const GENERATE = new Set([
  "POST /api/generate-content",
  "POST /api/generate-content/stream",
  "POST /api/library/:id/optimize",
  "POST /api/library/:id/visualize",
  "POST /api/library/:id/repurpose",
  "POST /api/campaigns/:id/kits",
  "POST /api/kits/:id/resume",
  "POST /api/kits/:id/steps/:stepId/retry",
  "POST /api/kits/:id/steps/:stepId/fix",
]);

/**
 * The one scope a token needs to call a route, or null when tokens may not call it. The scope
 * sits at the route's own access level (TOKEN_SCOPE_MIN_ROLE), so the owner's role and the
 * token's scopes are both checked: admin routes need `admin`; viewer routes `library:read`
 * (reads, and the checks that only compute an answer); editor routes one of the editor scopes,
 * by what they change.
 */
export function requiredScope(method: string, url: string, access: Access): TokenScope | null {
  if (SESSION_ONLY.some((pattern) => pattern.test(url))) return null;
  if (access === "admin") return "admin";
  if (access === "viewer" || access === "public") return "library:read";
  const key = `${method} ${url}`;
  if (GENERATE.has(key)) return "generate";
  if (url.startsWith("/api/examples") || key === "POST /api/library/:id/save-as-example") {
    return "examples:write";
  }
  if (url.startsWith("/api/audience/imports")) return "intent:import";
  return "library:write";
}
