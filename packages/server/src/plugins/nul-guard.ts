import type { FastifyInstance } from "fastify";
import { fieldError } from "../lib/app-error";

const NUL = "\u0000";
export const NUL_MESSAGE = "Text cannot contain NUL characters.";
export const SURROGATE_MESSAGE =
  "Text cannot contain a lone surrogate character (half of an emoji or other symbol).";
/** A UTF-16 surrogate without its other half: not a character, and jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function refuse(path: string, message = NUL_MESSAGE): never {
  throw fieldError(path, message);
}

function check(text: string, path: string): void {
  if (text.includes(NUL)) refuse(path);
  if (LONE_SURROGATE.test(text)) refuse(path, SURROGATE_MESSAGE);
}

/**
 * Refuses U+0000 and lone surrogates anywhere in a value (strings, object keys, nested arrays
 * and objects) with a 400 `validation_error` naming the field. PostgreSQL text and jsonb cannot
 * hold them, so they would otherwise fail deep in a query as a 500. The walk uses its own stack: a deeply
 * nested JSON body cannot overflow the call stack.
 */
export function assertNoNul(value: unknown, path: string): void {
  const stack: [unknown, string][] = [[value, path]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [current, at] = item;
    if (typeof current === "string") {
      check(current, at);
    } else if (Array.isArray(current)) {
      current.forEach((v, i) => stack.push([v, `${at}.${i}`]));
    } else if (current !== null && typeof current === "object") {
      for (const [key, v] of Object.entries(current)) {
        check(key, at);
        stack.push([v, `${at}.${key}`]);
      }
    }
  }
}

/**
 * One check at the edge for every route: params, query string and parsed body, before the
 * route's schema runs. Multipart parts are read by their handlers as a stream, so the part
 * readers call `assertNoNul` on each field and file name themselves.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      assertNoNul(request.params, "params");
      assertNoNul(request.query, "query");
      assertNoNul(request.body, "body");
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
