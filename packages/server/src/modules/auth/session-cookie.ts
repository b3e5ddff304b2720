import { createInternalContext } from "better-call";

/**
 * The value of the signed cookie `name` in a Cookie header, or null when it is missing,
 * malformed or not signed with `secret`. Read and checked by better-call's own endpoint
 * context, the one better-auth reads its session cookie with, so the signed format (and the
 * cookie parsing) stay the library's.
 */
export async function readSignedCookie(
  header: string,
  name: string,
  secret: string,
): Promise<string | null> {
  const context = await createInternalContext(
    { headers: { cookie: header } },
    { options: { method: "GET" } },
  );
  return (await context.getSignedCookie(name, secret)) || null;
}
