import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { fail, file, installFakeApi, ok } from "../../test/fake-api";
import {
  ApiError,
  api,
  fileNameFromDisposition,
  getFieldErrors,
  hasServerMessage,
  onUnauthorized,
} from "./api-client";

/** These tests are about the envelope, not the data: any data passes. */
const anything = z.unknown();

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("api client", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("unwraps the success envelope and sends same-origin JSON", async () => {
    const fake = installFakeApi({ "POST /api/things": (req) => ok({ echo: req.body }, 201) });

    await expect(api.post("/api/things", anything, { a: 1 })).resolves.toEqual({ echo: { a: 1 } });

    const [, init] = fake.fetchMock.mock.calls[0] ?? [];
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin" });
    expect(init?.headers).toMatchObject({ "Content-Type": "application/json" });
  });

  it("saves a new record with a POST to its collection, an existing one with a PUT to its own path", async () => {
    const fake = installFakeApi({
      "POST /api/things": (req) => ok({ created: req.body }, 201),
      "PUT /api/things/:id": (req) => ok({ replaced: req.params.id, with: req.body }),
    });

    await expect(api.save("/api/things", undefined, anything, { a: 1 })).resolves.toEqual({
      created: { a: 1 },
    });
    await expect(api.save("/api/things", "a/b", anything, { a: 2 })).resolves.toEqual({
      replaced: "a/b",
      with: { a: 2 },
    });
    expect(fake.fetchMock.mock.calls.map(([path, init]) => `${init?.method} ${path}`)).toEqual([
      "POST /api/things",
      "PUT /api/things/a%2Fb",
    ]);
  });

  it("builds the query string, skipping empty values and repeating arrays", async () => {
    const fake = installFakeApi({ "GET /api/things": ok([]) });

    await api.get("/api/things", anything, {
      params: { q: "a b", tags: ["x", "y"], empty: "", none: undefined },
    });

    expect(fake.fetchMock.mock.calls[0]?.[0]).toBe("/api/things?q=a+b&tags=x&tags=y");
  });

  it("turns an error envelope into an ApiError with details and Retry-After", async () => {
    installFakeApi({
      "POST /api/auth/sign-in/email": fail(429, "rate_limited", "Too many sign-in attempts.", {
        headers: { "Retry-After": "120" },
      }),
      "POST /api/users": fail(400, "validation_error", "Too short.", {
        details: { issues: [{ path: "body.password", message: "Too short." }] },
      }),
    });

    const limited = await caught(api.post("/api/auth/sign-in/email", anything, {}));
    expect(limited).toMatchObject({
      status: 429,
      code: "rate_limited",
      message: "Too many sign-in attempts.",
      retryAfter: 120,
    });

    const invalid = await caught(api.post("/api/users", anything, {}));
    expect(invalid.code).toBe("validation_error");
    expect(getFieldErrors(invalid)).toEqual({ password: "Too short." });
  });

  it("reports non-JSON answers and network failures with a generic message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502 })),
    );
    const unreadable = await caught(api.get("/api/things", anything));
    expect(unreadable).toMatchObject({ status: 502, code: "internal_error" });
    expect(unreadable.message).toMatch(/unexpected response/);

    // A proxy's own 503 page while the server restarts.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>Service Unavailable</html>", { status: 503 })),
    );
    expect(await caught(api.get("/api/things", anything))).toMatchObject({
      status: 503,
      code: "service_unavailable",
    });

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const offline = await caught(api.get("/api/things", anything));
    expect(offline).toMatchObject({ status: 0, code: "network_error" });
    expect(offline.message).toMatch(/Could not reach the server/);
  });

  it("checks each answer against its schema: a malformed one is an error naming the request id", async () => {
    const Thing = z.object({ id: z.string(), count: z.number().int() });
    installFakeApi({
      "GET /api/things/good": ok({ id: "a", count: 2, extra: "dropped" }),
      "GET /api/things/bad": {
        status: 200,
        body: { success: true, data: { id: "b", count: "two" } },
        headers: { "x-request-id": "req-42" },
      },
      "GET /api/things/bad-no-id": ok([]),
    });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);

    await expect(api.get("/api/things/good", Thing)).resolves.toEqual({ id: "a", count: 2 });

    const bad = await caught(api.get("/api/things/bad", Thing));
    expect(bad).toMatchObject({
      status: 200,
      code: "malformed_answer",
      requestId: "req-42",
      message: "Something went wrong. Request id: req-42.",
    });
    expect(hasServerMessage(bad)).toBe(true);
    // The console names the broken field, never its value.
    expect(consoleError).toHaveBeenCalledWith("Malformed answer from /api/things/bad", [
      expect.stringMatching(/^count: /),
    ]);
    expect(JSON.stringify(consoleError.mock.calls)).not.toContain("two");

    const noId = await caught(api.get("/api/things/bad-no-id", Thing));
    expect(noId).toMatchObject({ code: "malformed_answer", message: "Something went wrong." });
    consoleError.mockRestore();
  });

  it("signals a lost session on a 401 from a signed-in call, not from sign-in", async () => {
    installFakeApi({
      "GET /api/users": fail(401, "unauthenticated", "Please sign in to continue."),
      "POST /api/auth/sign-in/email": fail(401, "unauthenticated", "Invalid email or password."),
    });
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);

    await caught(api.post("/api/auth/sign-in/email", anything, {}));
    expect(listener).not.toHaveBeenCalled();
    await caught(api.get("/api/users", anything));
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
  });

  it("sends FormData as multipart, leaving the Content-Type to fetch", async () => {
    const fake = installFakeApi({ "POST /api/upload": ok({ stored: true }, 202) });
    const form = new FormData();
    form.append("files", new File(["# a"], "a.md"), "dir/good/a.md");

    await expect(api.post("/api/upload", anything, form)).resolves.toEqual({ stored: true });

    const [, init] = fake.fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty("Content-Type");
  });

  it("downloads an attachment with its file name, and turns an error answer into an ApiError", async () => {
    installFakeApi({
      "GET /api/files/1": file("# Hello", "text/markdown", 'attachment; filename="good-hello.md"'),
      "GET /api/files/2": fail(404, "not_found", "Example not found."),
    });

    const { blob, fileName } = await api.download("/api/files/1");
    expect(fileName).toBe("good-hello.md");
    expect(await blob.text()).toBe("# Hello");

    const missing = await caught(api.download("/api/files/2"));
    expect(missing).toMatchObject({
      status: 404,
      code: "not_found",
      message: "Example not found.",
    });
  });

  it.each([
    ['attachment; filename="a b.md"', "a b.md"],
    ["attachment; filename=plain.md", "plain.md"],
    ["attachment; filename=\"x.md\"; filename*=UTF-8''%C3%A9t%C3%A9.md", "été.md"],
    ["attachment", undefined],
    [null, undefined],
  ])("reads the file name of Content-Disposition %s", (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
