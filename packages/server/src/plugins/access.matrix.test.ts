import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type Agent, type TestApp } from "../../test/helper";
import { ROUTE_ACCESS } from "../../test/route-access";
import { registerErrorHandler } from "./errors";
import { registerAccessControl, type Access } from "./access";

type Caller = "anonymous" | "viewer" | "editor" | "admin";
const CALLERS: Caller[] = ["anonymous", "viewer", "editor", "admin"];
const RANK: Record<Caller, number> = { anonymous: 0, viewer: 1, editor: 2, admin: 3 };
const REQUIRED: Record<Access, number> = { public: 0, viewer: 1, editor: 2, admin: 3 };

/** Routes that end the caller's session run last, so the other rows keep their agents. */
const endsSession = (key: string) => /sign-out/.test(key);
const ROWS = Object.entries(ROUTE_ACCESS).sort(
  ([a], [b]) => Number(endsSession(a)) - Number(endsSession(b)),
);

describe("authorization matrix", () => {
  let t: TestApp;
  const agents = {} as Record<Caller, Agent>;

  beforeAll(async () => {
    t = await buildTestApp();
    agents.anonymous = t.anonymous;
    agents.viewer = await t.signInAs("viewer");
    agents.editor = await t.signInAs("editor");
    agents.admin = await t.signInAs("admin");
  });
  afterAll(() => t.close());

  it("lists exactly the registered /api routes with their declared access", () => {
    const registered = Object.fromEntries(t.routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    const missingFromTable = Object.keys(registered).filter((k) => !(k in ROUTE_ACCESS));
    const noLongerRegistered = Object.keys(ROUTE_ACCESS).filter((k) => !(k in registered));
    expect(missingFromTable, "registered routes missing from test/route-access.ts").toEqual([]);
    expect(noLongerRegistered, "routes in test/route-access.ts that are not registered").toEqual(
      [],
    );
    expect(registered).toEqual(ROUTE_ACCESS);
  });

  describe.each(ROWS)("%s (%s)", (key, access) => {
    const [method, path] = key.split(" ") as [string, string];
    const url = path.replace(/:[^/]+/g, "x").replace(/\*/g, "x");

    it.each(CALLERS)("as %s", async (caller) => {
      const res = await agents[caller].request({
        method: method,
        url,
        ...(["POST", "PUT", "PATCH"].includes(method) ? { payload: {} } : {}),
      });
      // A download (the audit CSV) answers with its own type once access is granted.
      if (res.statusCode === 200 && String(res.headers["content-type"]).startsWith("text/csv")) {
        expect(RANK[caller]).toBeGreaterThanOrEqual(REQUIRED[access]);
        return;
      }
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      const body = res.json<{ success: boolean; code?: string }>();
      if (RANK[caller] >= REQUIRED[access]) {
        expect(res.statusCode, res.body).not.toBe(401);
        expect(res.statusCode, res.body).not.toBe(403);
        expect(res.statusCode, res.body).toBeLessThan(500);
      } else if (caller === "anonymous") {
        expect(res.statusCode).toBe(401);
        expect(body).toMatchObject({ success: false, code: "unauthenticated" });
      } else {
        expect(res.statusCode).toBe(403);
        expect(body).toMatchObject({ success: false, code: "forbidden" });
      }
    });
  });
});

describe("access declarations", () => {
  const bareApp = () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const routes = registerAccessControl(app, async () => ({ user: null, setCookies: [] }));
    return { app, routes };
  };

  it("refuses to start when an /api route declares no access level", async () => {
    const { app } = bareApp();
    void app.register(async (scope) => {
      scope.get("/api/forgotten", async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow("Route GET /api/forgotten declares no access level.");
  });

  it("accepts routes outside /api without one, and lists only /api routes", async () => {
    const { app, routes } = bareApp();
    app.get("/robots.txt", async () => "");
    app.get("/api/open", { config: { access: "public" } }, async () => ({ ok: true }));
    await app.ready();
    expect(routes).toEqual([{ method: "GET", url: "/api/open", access: "public" }]);
    expect((await app.inject({ method: "GET", url: "/api/open" })).statusCode).toBe(200);
    await app.close();
  });

  it("resolves no session on public routes unless the route reads it", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    let lookups = 0;
    registerAccessControl(app, async () => {
      lookups += 1;
      return { user: null, setCookies: [] };
    });
    app.get("/api/plain", { config: { access: "public" } }, async () => ({ ok: true }));
    app.get("/api/me", { config: { access: "public", readsSession: true } }, async () => ({}));
    await app.ready();
    const cookie = { cookie: "better-auth.session_token=abc" };
    await app.inject({ method: "GET", url: "/api/plain", headers: cookie });
    expect(lookups).toBe(0);
    await app.inject({ method: "GET", url: "/api/me", headers: cookie });
    expect(lookups).toBe(1);
    await app.close();
  });
});
