/**
 * Requests to a real server over HTTP as a signed-in browser tab sends them: shared by the
 * tests that start the server as its own process (server-process.ts) and the benches.
 */

/** The cookie header that carries on the session a sign-in response set. */
export function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** `method url` on `base` with the session `cookie`, same-origin, `body` (if any) as JSON. */
export function sendJson(
  base: string,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: {
      cookie,
      origin: base,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
