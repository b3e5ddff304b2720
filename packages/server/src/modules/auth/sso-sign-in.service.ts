import type { Kysely } from "kysely";
import type { Config } from "../../config";
import type { Database } from "../../db/types";
import { orNotFound } from "../../lib/app-error";
import type { Sealer } from "../../lib/sealed";
import type { CallerRequest } from "../../plugins/access";
import { recordAudit } from "../audit/audit.service";
import { ssoSignInStore, type SsoSignInState } from "../sso/sso-sign-in";
import { loadSsoConnection } from "../sso/sso.service";
import type { Auth } from "./auth";
import { authHeaders } from "./auth.service";

interface SsoSignInContext {
  db: Kysely<Database>;
  auth: Auth;
  config: Pick<Config, "baseUrl">;
  ssoSealer: Sealer;
}

/** Where the browser lands: the app after a sign-in, the sign-in page (with `?error=`) after a failure. */
function landing(baseUrl: string, path: "/" | "/login"): string {
  return new URL(path, baseUrl).toString();
}

/**
 * POST /api/auth/sign-in/sso: starts the authorization-code flow with PKCE at the configured
 * provider. Answers the provider's authorization URL and sets the signed state cookie that
 * the callback must bring back.
 */
export async function startSsoSignIn(
  ctx: SsoSignInContext,
  request: CallerRequest,
): Promise<{ url: string; setCookies: string[] }> {
  const connection = orNotFound(await loadSsoConnection(ctx), "Single sign-on is not set up.");
  return ssoSignInStore.run({ connection, ip: request.ip }, async () => {
    const { headers, response } = await ctx.auth.api.signInSSO({
      body: {
        providerId: connection.providerId,
        providerType: "oidc",
        callbackURL: landing(ctx.config.baseUrl, "/"),
        errorCallbackURL: landing(ctx.config.baseUrl, "/login"),
      },
      headers: authHeaders(request),
      returnHeaders: true,
    });
    return { url: response.url, setCookies: headers.getSetCookie() };
  });
}

/**
 * GET /api/auth/sso/callback/:providerId: the identity provider's redirect. The auth library
 * checks the state cookie, exchanges the code (with the PKCE verifier), verifies the ID token,
 * asks `validateSsoUser`, creates or links the user and the session, and `provisionUser` sets
 * the role from the groups. Answers where to send the browser, and the session cookie.
 * Only same-origin destinations are followed; anything else lands on the sign-in page.
 */
export async function finishSsoSignIn(
  ctx: SsoSignInContext,
  request: CallerRequest & { query: unknown },
  providerId: string,
  log: { warn: (obj: object, msg: string) => void },
): Promise<{ location: string; setCookies: string[] }> {
  const failed = (code: string) => ({
    location: `${landing(ctx.config.baseUrl, "/login")}?error=${encodeURIComponent(code)}`,
    setCookies: [],
  });
  const connection = await loadSsoConnection(ctx);
  if (!connection || connection.providerId !== providerId) return failed("sso_not_configured");
  const state: SsoSignInState = { connection, ip: request.ip };
  const query = Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
  let response: Response;
  try {
    response = await ssoSignInStore.run(state, () =>
      ctx.auth.api.callbackSSO({
        params: { providerId },
        query,
        headers: authHeaders(request),
        asResponse: true,
      }),
    );
  } catch (error) {
    log.warn({ err: error }, "single sign-on callback failed");
    return failed("sso_failed");
  }
  if (state.refusal) {
    await recordAudit(ctx.db, {
      actor: { id: null, label: state.refusal.email, ip: request.ip },
      action: "auth.sign_in_failed",
      changes: { reason: { to: `single sign-on: ${state.refusal.reason}` } },
    });
  }
  const location = response.headers.get("location");
  const origin = new URL(ctx.config.baseUrl).origin;
  if (!location || new URL(location, origin).origin !== origin) return failed("sso_failed");
  // A failed sign-in carries `?error=`; no session was created for it.
  return {
    location: new URL(location, origin).toString(),
    setCookies: response.headers.getSetCookie(),
  };
}
