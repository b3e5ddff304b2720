import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { readCapped, SourceError } from "./source";

export interface RemoteFetchPolicy {
  /** Origins (scheme://host:port) that may be fetched over http or on private addresses: internal mirrors, tests. */
  allowedOrigins: string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_POLICY: Omit<RemoteFetchPolicy, "allowedOrigins"> = {
  maxBytes: 100 * 1024 * 1024,
  timeoutMs: 60_000,
  maxRedirects: 5,
};

/** Loopback, private, link-local, unique-local, CGNAT, multicast, reserved: anything not public unicast. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === "unicast";
}

/**
 * The rules for any URL the server connects to on a user's behalf (archive URLs, the S3
 * endpoint): http(s) only, no credentials, no literal loopback/private address, https unless
 * the origin is allow-listed. Host names are checked after DNS, at connect time
 * (`publicOnlyLookup`).
 */
export function checkRemoteUrl(
  url: URL,
  policy: Pick<RemoteFetchPolicy, "allowedOrigins">,
): {
  trusted: boolean;
} {
  const trusted = policy.allowedOrigins.includes(url.origin);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new SourceError("Only https:// URLs are allowed.");
  }
  if (url.username || url.password) throw new SourceError("URLs with credentials are not allowed.");
  // The address first: it is the more serious refusal (http://127.0.0.1 or a redirect to it
  // is an attempt to reach this host, whatever the scheme).
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !trusted && !isPublicAddress(host)) {
    throw new SourceError("The URL points to a private or loopback address, which is not allowed.");
  }
  if (url.protocol !== "https:" && !trusted)
    throw new SourceError("Only https:// URLs are allowed.");
  return { trusted };
}

/**
 * Parses and checks an archive URL before any job starts (scheme, credentials, literal
 * addresses). Host names are checked again after DNS resolution, on every hop.
 */
export function checkArchiveUrl(rawUrl: string, policy: RemoteFetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new SourceError("The cloud URL is not a valid URL.");
  }
  checkRemoteUrl(url, policy);
  return url;
}

/**
 * Downloads an archive over https with size and time caps. Redirects are followed by hand
 * (each hop re-checked) and the address actually connected to is checked after DNS
 * resolution, so neither a redirect nor a DNS answer can reach loopback or private hosts.
 */
export async function fetchRemoteArchive(
  rawUrl: string,
  policy: RemoteFetchPolicy,
): Promise<Buffer> {
  let url = checkArchiveUrl(rawUrl, policy);
  const deadline = Date.now() + policy.timeoutMs;
  for (let hop = 0; hop <= policy.maxRedirects; hop++) {
    const { trusted } = checkRemoteUrl(url, policy);
    const result = await getOnce(url, trusted, policy, deadline);
    if ("redirect" in result) {
      url = new URL(result.redirect, url);
      continue;
    }
    return result.body;
  }
  throw new SourceError("Too many redirects.");
}

/**
 * Resolves a host name and refuses it when any of its addresses is not public (unless the
 * origin is trusted). `what` names the setting in the message ("The URL").
 */
export async function resolvePublicAddresses(
  hostname: string,
  trusted: boolean,
  what: string,
): Promise<{ address: string; family: number }[]> {
  let addresses: { address: string; family: number }[];
  try {
    addresses = await dns.lookup(hostname, { all: true });
  } catch {
    throw new SourceError("The host name could not be resolved.");
  }
  if (addresses.length === 0) throw new SourceError("The host name could not be resolved.");
  if (!trusted && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new SourceError(
      `${what} resolves to a private or loopback address, which is not allowed.`,
    );
  }
  return addresses;
}

/**
 * A `lookup` for http(s) connections (a request or an Agent) that checks the address actually
 * connected to, after DNS: a name that resolved to a public address when it was saved cannot
 * later lead to loopback or private hosts. (Literal IP hosts skip lookup: checkRemoteUrl
 * covers them.)
 */
export function publicOnlyLookup(trusted: boolean, what: string): net.LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname, trusted, what).then(
      (addresses) => {
        const first = addresses[0]!;
        if ((options as { all?: boolean }).all) {
          (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}

function getOnce(
  url: URL,
  trusted: boolean,
  policy: RemoteFetchPolicy,
  deadline: number,
): Promise<{ body: Buffer } | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === "https:" ? https : http;
    const remaining = Math.max(1, deadline - Date.now());
    const req = lib.get(
      url,
      {
        timeout: remaining,
        headers: { "user-agent": "ContentStudio-Ingest/1", accept: "*/*" },
        lookup: publicOnlyLookup(trusted, "The URL"),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ redirect: res.headers.location });
          return;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          reject(new SourceError(`The server answered HTTP ${status} for the archive URL.`));
          return;
        }
        const declared = Number(res.headers["content-length"] ?? "0");
        if (declared > policy.maxBytes) {
          res.destroy();
          reject(new SourceError("The archive is larger than the 100 MiB download limit."));
          return;
        }
        readCapped(res, policy.maxBytes, {
          tooLarge: "The archive is larger than the 100 MiB download limit.",
          broken: "The download was interrupted.",
        }).then((body) => resolve({ body }), reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new SourceError("The download took too long.")),
      remaining,
    );
    req.on("close", () => clearTimeout(timer));
    req.on("timeout", () => req.destroy(new SourceError("The download took too long.")));
    req.on("error", (error) =>
      reject(
        error instanceof SourceError
          ? error
          : new SourceError(`The archive could not be downloaded.`),
      ),
    );
  });
}
