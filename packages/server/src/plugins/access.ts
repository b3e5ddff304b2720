import { roleAtLeast, type Role } from "@content-studio/contract";
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

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request refusal (Fetch Metadata, then Origin against Host), session resolution
 * and role checks, all before the body is parsed.
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolveUser: ResolveUser,
  options: {
    /** The public origin (from BASE_URL): accepted even when a proxy rewrites the Host header. */
    publicOrigin?: string;
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
    if (STATE_CHANGING.has(request.method) && request.url.startsWith("/api")) {
      assertSameOrigin(request, options.publicOrigin);
    }
    // One read: Fastify builds routeOptions anew on every access.
    const config = request.routeOptions.config;
    const { access, readsSession } = config;
    if (!access) return;
    if (access === "public" && !readsSession) return;
    const resolved = await resolveUser({ ip: request.ip, headers: request.headers });
    if (resolved.setCookies.length > 0) reply.header("set-cookie", resolved.setCookies);
    request.user = resolved.user;
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
