import { describe, expect, it } from "vitest";
import { fail, installFakeApi, ndjson } from "../../test/fake-api";
import { ApiError, UNREADABLE_MESSAGE, api, hasServerMessage } from "./api-client";

describe("api.stream", () => {
  it("hands back a 2xx answer as a readable stream with the NDJSON Accept header", async () => {
    const fake = installFakeApi({ "POST /api/things/stream": () => ndjson([{ n: 1 }, { n: 2 }]) });

    const response = await api.stream("/api/things/stream", { a: 1 });

    expect(await response.text()).toBe('{"n":1}\n{"n":2}\n');
    const [, init] = fake.fetchMock.mock.calls[0] ?? [];
    expect(init?.headers).toMatchObject({ Accept: "application/x-ndjson" });
    expect(fake.requests[0]?.body).toEqual({ a: 1 });
  });

  it("turns an error envelope into an ApiError like every other call", async () => {
    installFakeApi({ "POST /api/things/stream": fail(403, "forbidden", "Editors only.") });

    const error = await api.stream("/api/things/stream", {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: "forbidden", message: "Editors only." });
    expect(hasServerMessage(error)).toBe(true);
  });

  it("tells server messages from the client's own", () => {
    expect(hasServerMessage(new ApiError(500, "internal_error", "Boom."))).toBe(true);
    expect(hasServerMessage(new ApiError(502, "internal_error", UNREADABLE_MESSAGE))).toBe(false);
    expect(hasServerMessage(new ApiError(0, "network_error", "Could not reach"))).toBe(false);
    expect(hasServerMessage(new ApiError(200, "internal_error", ""))).toBe(false);
    expect(hasServerMessage(new Error("plain"))).toBe(false);
  });
});
