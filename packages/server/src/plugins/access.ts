import { roleAtLeast, type Role, type TokenScope } from "@content-studio/contract";
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error";

/** Who may call a route. Every /api route must declare one; the server refuses to start otherwise. */
export type Access = "public" | Role;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The session making the request (kept when the user changes their own password). */
  sessionId?: string;
  /** The client address as Fastify sees it (for the audit log). */
  ip?: string;
  /** Signed in with a temporary password: only the password change is allowed. */
  mustChangePassword?: boolean;
  /** Set when the request came with an API token: which one, and the scopes it has now. */
  token?: { id: string; name: string; scopes: TokenScope[] };
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Callable while the user must still replace a temporary password (default false). */
    allowDuringPasswordChange?: boolean;
    /**
     * A public route that answers differently for a signed-in caller (GET /api/session) sets
     * this; other public routes skip session resolution entirely.
     */
    readsSession?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

/** What the auth services need of an HTTP request: the client address and the headers. */
export interface CallerRequest {
  /** Fastify's `request.ip` (TRUST_PROXY decides which hop), never a client-chosen header. */
  ip: string;
  headers: IncomingHttpHeaders;
}

/** A signed-in user (or none) and the cookies to send back (a refreshed session). */
export interface ResolvedSession {
  user: SessionUser | null;
  setCookies: string[];
}

export type ResolveUser = (request: CallerRequest) => Promise<ResolvedSession>;

/** API tokens (`Authorization: Bearer`): who a token acts as, and whether it may call a route. */
export interface TokenAccess {
  /** The token's owner as they are now, or AppError unauthenticated. */
  resolve(token: string, request: { ip: string }): Promise<SessionUser>;
  /** Why this token may not call the route (method and URL pattern), or null when it may. */
  refusal(user: SessionUser, method: string, url: string, access: Access): string | null;
}

/** The token of an `Authorization: Bearer <token>` header; undefined for any other header. */
function bearerOf(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request refusal (Fetch Metadata, then Origin against Host), session resolution
 * and role checks, all before the body is parsed. A request to a non-public route with an
 * `Authorization: Bearer` header is a token request: the cookie is not read at all (so the
 * cross-site check, which protects cookies, does not apply), the token's owner is the user,
 * and the token's scopes must allow the route as well as the owner's role.
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolveUser: ResolveUser,
  options: {
    /** The public origin (from BASE_URL): accepted even when a proxy rewrites the Host header. */
    publicOrigin?: string;
    /** Bearer tokens; without it an Authorization header is ignored. */
    tokens?: TokenAccess;
  } = {},
): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.decorateRequest("user", null);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    const access = route.config?.access;
    if (!access)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access level.`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url, access });
    }
  });

  app.addHook("onRequest", async (request, reply) => {
    // One read: Fastify builds routeOptions anew on every access.
    const routeOptions = request.routeOptions;
    const config = routeOptions.config;
    const { access, readsSession } = config;
    const bearer = options.tokens && bearerOf(request.headers.authorization);
    const tokenRequest = bearer !== undefined && access !== undefined && access !== "public";
    if (STATE_CHANGING.has(request.method) && request.url.startsWith("/api") && !tokenRequest) {
      assertSameOrigin(request, options.publicOrigin);
    }
    if (!access) return;
    if (access === "public" && !readsSession) return;
    if (tokenRequest && options.tokens) {
      request.user = await options.tokens.resolve(bearer, { ip: request.ip });
    } else {
      const resolved = await resolveUser({ ip: request.ip, headers: request.headers });
      if (resolved.setCookies.length > 0) reply.header("set-cookie", resolved.setCookies);
      request.user = resolved.user;
    }
    if (access === "public") return;
    if (!request.user) throw new AppError("unauthenticated", "Please sign in to continue.");
    request.user.ip = request.ip;
    if (request.user.mustChangePassword && config.allowDuringPasswordChange !== true) {
      throw new AppError(
        "password_change_required",
        "Choose a new password to replace your temporary one before you continue.",
      );
    }
    if (!roleAtLeast(request.user.role, access)) {
      throw new AppError("forbidden", "You do not have permission to do this.");
    }
    if (request.user.token && options.tokens) {
      const method = request.method === "HEAD" ? "GET" : request.method;
      const refusal = options.tokens.refusal(request.user, method, routeOptions.url ?? "", access);
      if (refusal) throw new AppError("forbidden", refusal);
    }
  });

  return routes;
}

function assertSameOrigin(request: FastifyRequest, publicOrigin: string | undefined): void {
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") {
    throw new AppError("forbidden", "Cross-site requests are not allowed.");
  }
  const origin = request.headers.origin;
  // Proxies often forward their upstream's Host (nginx's default), so the configured public
  // origin is accepted as well as one matching the Host header.
  if (origin !== undefined && origin === publicOrigin) return;
  if (typeof origin === "string" && origin !== "null") {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host !== request.headers.host) {
      throw new AppError("forbidden", "Cross-site requests are not allowed.");
    }
  } else if (origin === "null") {
    throw new AppError("forbidden", "Cross-site requests are not allowed.");
  }
}

/** The signed-in user of a route whose access level is not public. */
export function actorOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("unauthenticated", "Please sign in to continue.");
  return request.user;
}
