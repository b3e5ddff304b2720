import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { SsoDiscoveryRecord } from "../../db/types";
import { fieldError } from "../../lib/app-error";
import {
  checkRemoteUrl,
  publicOnlyLookup,
  resolvePublicAddresses,
} from "../examples/sources/remote-archive";
import { readCapped, SourceError } from "../examples/sources/source";

/** How long discovery may take, and how much of the document is read. */
export const DISCOVERY_LIMITS = { timeoutMs: 5_000, maxBytes: 256 * 1024 } as const;

/** Scopes asked for at sign-in: the standard three, plus the groups claim's scope when offered. */
const BASE_SCOPES = ["openid", "email", "profile"];

function refuse(message: string): never {
  throw fieldError("body.issuer", message);
}

/**
 * A URL the server fetches from (the discovery document, the token, keys and user info
 * endpoints): https, no credentials, no private, loopback or link-local address (literal, or
 * after DNS now), unless its origin is `allowedOrigin`.
 */
async function checkServerUrl(raw: string, allowedOrigin: string | null, what: string) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(`${what} is not a valid URL.`);
  }
  try {
    const { trusted } = checkRemoteUrl(url, {
      allowedOrigins: allowedOrigin ? [allowedOrigin] : [],
    });
    if (!trusted && net.isIP(url.hostname.replace(/^\[|\]$/g, "")) === 0) {
      await resolvePublicAddresses(url.hostname, false, what);
    }
    return { url, trusted };
  } catch (error) {
    if (error instanceof SourceError) {
      return refuse(
        `${what}: ${error.message} An identity provider on a private network needs its origin allow-listed.`,
      );
    }
    throw error;
  }
}

/** GET a JSON document: no redirects, the address connected to checked after DNS, bounded. */
function getJson(url: URL, trusted: boolean): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.get(
      url,
      {
        headers: { accept: "application/json", "user-agent": "ContentStudio-SSO/1" },
        lookup: publicOnlyLookup(trusted, "The issuer"),
        agent: false,
        timeout: DISCOVERY_LIMITS.timeoutMs,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          res.resume();
          reject(new SourceError(`the discovery document answered HTTP ${status}.`));
          return;
        }
        readCapped(res, DISCOVERY_LIMITS.maxBytes, {
          tooLarge: "the discovery document is too large.",
          broken: "the connection broke.",
        }).then((body) => {
          try {
            resolve(JSON.parse(body.toString("utf8")) as unknown);
          } catch {
            reject(new SourceError("the discovery document is not JSON."));
          }
        }, reject);
      },
    );
    req.on("timeout", () => {
      req.destroy();
      reject(new SourceError(`no answer within ${DISCOVERY_LIMITS.timeoutMs / 1000} s.`));
    });
    req.on("error", (error) => {
      if (error instanceof SourceError) return reject(error);
      const code = (error as { code?: unknown }).code;
      reject(
        new SourceError(
          typeof code === "string" ? `connection failed (${code}).` : "connection failed.",
        ),
      );
    });
  });
}

function stringField(doc: Record<string, unknown>, field: string): string | null {
  const value = doc[field];
  return typeof value === "string" && value.length > 0 ? value : null;
}

function stringList(doc: Record<string, unknown>, field: string): string[] | null {
  const value = doc[field];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : null;
}

/**
 * Fetches `{issuer}/.well-known/openid-configuration` and checks it: the same issuer (exactly),
 * the authorization, token and keys endpoints, the authorization-code flow and PKCE with S256,
 * a client-secret method the sign-in flow speaks, and every endpoint the server will call
 * passing the private-address rules. Refused with a 400 naming `body.issuer` and the reason.
 */
export async function discoverIssuer(
  issuer: string,
  allowedOrigin: string | null,
  groupsClaim = "groups",
): Promise<SsoDiscoveryRecord> {
  const base = issuer.endsWith("/") ? issuer.slice(0, -1) : issuer;
  const { url, trusted } = await checkServerUrl(
    `${base}/.well-known/openid-configuration`,
    allowedOrigin,
    "The issuer URL",
  );
  let raw: unknown;
  try {
    raw = await getJson(url, trusted);
  } catch (error) {
    if (error instanceof SourceError) return refuse(`Discovery failed: ${error.message}`);
    throw error;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return refuse("Discovery failed: the document is not a JSON object.");
  }
  const doc = raw as Record<string, unknown>;
  if (stringField(doc, "issuer") !== issuer) {
    return refuse(
      `Discovery failed: the document names the issuer "${stringField(doc, "issuer") ?? ""}", not "${issuer}".`,
    );
  }
  const authorizationEndpoint = stringField(doc, "authorization_endpoint");
  const tokenEndpoint = stringField(doc, "token_endpoint");
  const jwksEndpoint = stringField(doc, "jwks_uri");
  if (!authorizationEndpoint || !tokenEndpoint || !jwksEndpoint) {
    return refuse(
      "Discovery failed: the document lacks the authorization, token or keys (jwks_uri) endpoint.",
    );
  }
  const responseTypes = stringList(doc, "response_types_supported") ?? [];
  if (!responseTypes.includes("code")) {
    return refuse("Discovery failed: the provider does not offer the authorization-code flow.");
  }
  const challenges = stringList(doc, "code_challenge_methods_supported");
  if (challenges && !challenges.includes("S256")) {
    return refuse("Discovery failed: the provider does not offer PKCE with S256.");
  }
  const authMethods = stringList(doc, "token_endpoint_auth_methods_supported") ?? [
    "client_secret_basic",
  ];
  const tokenEndpointAuthentication = authMethods.includes("client_secret_basic")
    ? "client_secret_basic"
    : authMethods.includes("client_secret_post")
      ? "client_secret_post"
      : refuse("Discovery failed: the provider accepts no client secret at its token endpoint.");
  const userInfoEndpoint = stringField(doc, "userinfo_endpoint");
  // The browser goes to the authorization endpoint; the server calls the others.
  try {
    new URL(authorizationEndpoint);
  } catch {
    return refuse("Discovery failed: the authorization endpoint is not a valid URL.");
  }
  await checkServerUrl(tokenEndpoint, allowedOrigin, "The token endpoint");
  await checkServerUrl(jwksEndpoint, allowedOrigin, "The keys endpoint");
  if (userInfoEndpoint)
    await checkServerUrl(userInfoEndpoint, allowedOrigin, "The userinfo endpoint");
  const offered = stringList(doc, "scopes_supported") ?? [];
  const scopes = [...BASE_SCOPES, ...(offered.includes(groupsClaim) ? [groupsClaim] : [])];
  return {
    authorizationEndpoint,
    tokenEndpoint,
    jwksEndpoint,
    userInfoEndpoint,
    tokenEndpointAuthentication,
    scopes,
  };
}
