import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { installFakeApi, ok } from "../../test/fake-api";

const anything = z.unknown();

/** index.html's data block as the server writes it (plugins/web.ts). */
function embed(answers: Record<string, unknown>) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = "first-answers";
  element.textContent = JSON.stringify(answers);
  document.head.append(element);
}

// Each test is a fresh page, started a second ago: the API client and its embedded answers
// are imported anew (the worker itself may have run other files for longer than they stay fresh).
beforeEach(() => {
  vi.resetModules();
  vi.spyOn(performance, "now").mockReturnValue(1_000);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
  document.getElementById("first-answers")?.remove();
});

describe("the answers index.html carries for a first visit", () => {
  it("are each taken once by the matching GET, instead of a request; then the server is asked", async () => {
    embed({
      "/api/session": { success: true, data: { user: { id: "u1" } } },
      "/api/library?sort=updated&limit=20": { success: true, data: { items: ["embedded"] } },
    });
    const fake = installFakeApi({
      "GET /api/session": ok({ user: { id: "from-server" } }),
      "GET /api/library": ok({ items: ["from-server"] }),
    });
    const { api } = await import("./api-client");

    expect(await api.get("/api/session", anything)).toEqual({ user: { id: "u1" } });
    // The query string is part of the address: other filters are asked for.
    expect(
      await api.get("/api/library", anything, { params: { sort: "updated", limit: 5 } }),
    ).toEqual({
      items: ["from-server"],
    });
    expect(
      await api.get("/api/library", anything, { params: { sort: "updated", limit: 20 } }),
    ).toEqual({
      items: ["embedded"],
    });
    expect(fake.requests.map((r) => r.path)).toEqual(["/api/library"]);
    // Taken once: the next asks the server.
    expect(await api.get("/api/session", anything)).toEqual({ user: { id: "from-server" } });
    expect(fake.requests.map((r) => r.path)).toEqual(["/api/library", "/api/session"]);
    // The block is read once and removed from the page.
    expect(document.getElementById("first-answers")).toBeNull();
  });

  it("are not used once the page has started, nor when they are not a success envelope", async () => {
    embed({
      "/api/session": { success: true, data: { user: null } },
      "/api/personas": { success: false, code: "internal_error", message: "No." },
    });
    const fake = installFakeApi({
      "GET /api/session": ok({ user: { id: "from-server" } }),
      "GET /api/personas": ok([{ id: "cto" }]),
    });
    const { api } = await import("./api-client");
    expect(await api.get("/api/personas", anything)).toEqual([{ id: "cto" }]);
    vi.spyOn(performance, "now").mockReturnValue(60_000);
    expect(await api.get("/api/session", anything)).toEqual({ user: { id: "from-server" } });
    expect(fake.requests.map((r) => r.path)).toEqual(["/api/personas", "/api/session"]);
  });

  it("are checked like any answer: one that does not match its schema is not used, the server is asked", async () => {
    embed({ "/api/session": { success: true, data: { user: "not-a-user" } } });
    const fake = installFakeApi({ "GET /api/session": ok({ user: { id: "from-server" } }) });
    const { api } = await import("./api-client");
    const Session = z.object({ user: z.object({ id: z.string() }).nullable() });

    expect(await api.get("/api/session", Session)).toEqual({ user: { id: "from-server" } });
    expect(fake.requests.map((r) => r.path)).toEqual(["/api/session"]);
  });
});
