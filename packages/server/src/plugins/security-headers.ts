import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";

/** The options of helmet, whose headers every answer carries (securityHeaders below). */
function helmetOptions(baseUrl: string) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No 'unsafe-inline': React sets inline styles through the CSSOM, which the policy
        // allows; nothing puts a <style> element or a style attribute into markup.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: baseUrl.startsWith("https://"),
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
  } satisfies HelmetOptions;
}

/**
 * Helmet's headers as a plain map: set on every answer by an onRequest hook, and on answers
 * written before any route or hook runs (Fastify's framework errors, malformed HTTP on the
 * socket). They are fixed for given options, so they are computed once by running helmet's
 * middleware against a recorder. Not @fastify/helmet: its onRequest hooks never see those two
 * kinds of answer, and it builds helmet's middleware again on every request (decision 0052).
 */
export function securityHeaders(baseUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(baseUrl))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error("helmet failed");
    },
  );
  return headers;
}
