import type { FastifyReply } from "fastify";

/** Sends the Set-Cookie headers a session step asks for (a session started, refreshed or ended). */
export function sendCookies(reply: FastifyReply, setCookies: string[]): void {
  if (setCookies.length > 0) reply.header("set-cookie", setCookies);
}

/** A session step's result once its cookies are sent with `reply`: the rest of it, to answer. */
export function cookiesSent<T extends { setCookies: string[] }>(
  reply: FastifyReply,
  { setCookies, ...rest }: T,
): Omit<T, "setCookies"> {
  sendCookies(reply, setCookies);
  return rest;
}
