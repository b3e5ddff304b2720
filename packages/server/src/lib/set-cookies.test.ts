import type { FastifyReply } from "fastify";
import { describe, expect, it } from "vitest";
import { cookiesSent, sendCookies } from "./set-cookies";

/** A reply that records the headers set on it. */
function recordingReply() {
  const headers: Record<string, unknown> = {};
  const reply = {
    header(name: string, value: unknown) {
      headers[name] = value;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, headers };
}

describe("sendCookies", () => {
  it("sets Set-Cookie to the cookies, and no header when there are none", () => {
    const some = recordingReply();
    sendCookies(some.reply, ["a=1", "b=2"]);
    expect(some.headers).toEqual({ "set-cookie": ["a=1", "b=2"] });
    const none = recordingReply();
    sendCookies(none.reply, []);
    expect(none.headers).toEqual({});
  });
});

describe("cookiesSent", () => {
  it("sends the result's cookies and gives back the rest of it", () => {
    const { reply, headers } = recordingReply();
    expect(cookiesSent(reply, { url: "https://idp.test", setCookies: ["state=s"] })).toEqual({
      url: "https://idp.test",
    });
    expect(headers).toEqual({ "set-cookie": ["state=s"] });
  });
});
