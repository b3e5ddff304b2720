import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import type { SessionUser } from "./access";
import { buildTestApp, type Agent, type TestApp } from "../../test/helper";
import { ROUTE_ACCESS } from "../../test/route-access";
import { ROUTE_CASES, type CaseContext, type Caller, type RouteCase } from "../../test/route-cases";
import { startSmtpFake, type SmtpFake } from "../../test/fakes/smtp-server";
import { tempDir } from "../../test/fixtures/examples";
import { buildAccount, buildSignedIn } from "../../test/support/factories";
import { registerErrorHandler } from "./errors";
import { registerAccessControl, type Access } from "./access";

const CALLERS: Caller[] = ["anonymous", "viewer", "editor", "admin"];
const RANK: Record<Caller, number> = { anonymous: 0, viewer: 1, editor: 2, admin: 3 };
const REQUIRED: Record<Access, number> = { public: 0, viewer: 1, editor: 2, admin: 3 };

/** Routes that end the caller's session run last, so the other rows keep their agents. */
const endsSession = (key: string) => /sign-out/.test(key);
const ROWS = Object.entries(ROUTE_ACCESS).sort(
  ([a], [b]) => Number(endsSession(a)) - Number(endsSession(b)),
);
const changesState = (key: string) => !key.startsWith("GET ");
const EFFECT_ROWS = ROWS.filter(([key]) => changesState(key) && key in ROUTE_CASES);

/** The callers an effect row runs: the refused ones, then those whose allowed call is checked. */
function effectPlan(access: Access, c: RouteCase): { caller: Caller; allowed: boolean }[] {
  const lowest = CALLERS.find((caller) => RANK[caller] >= REQUIRED[access])!;
  const checked = c.effectCallers ?? [...new Set<Caller>([lowest, "admin"])];
  return [
    ...CALLERS.filter((caller) => RANK[caller] < REQUIRED[access]).map((caller) => ({
      caller,
      allowed: false,
    })),
    ...checked.map((caller) => ({ caller, allowed: true })),
  ];
}

const urlOf = (path: string, params: Record<string, string> = {}) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });

describe("authorization matrix", () => {
  let t: TestApp;
  let smtp: SmtpFake;
  let examplesRoot: string;
  const agents = {} as Record<Caller, Agent>;
  const users = {} as Record<Caller, SessionUser | null>;
  let actors: CaseContext["actors"];
  /** An app on a database without accounts, for the first-admin setup (built when needed). */
  let emptyApp: TestApp | undefined;

  beforeAll(async () => {
    smtp = await startSmtpFake();
    examplesRoot = tempDir("cs-matrix-");
    t = await buildTestApp({
      config: {
        examplesRoot,
        mail: { smtpUrl: smtp.url, from: "Content Studio <studio@example.test>" },
      },
    });
    agents.anonymous = t.anonymous;
    users.anonymous = null;
    for (const role of ["viewer", "editor", "admin"] as const) {
      const session = await buildSignedIn(t, role);
      agents[role] = session.agent;
      users[role] = session.user;
    }
    actors = {
      admin: (await buildAccount(t, "admin")).user,
      editor: (await buildAccount(t, "editor")).user,
    };
  });
  afterAll(async () => {
    await emptyApp?.close();
    await t.close();
    await smtp.close();
  });

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

  it("has a valid-request case in test/route-cases.ts for every state-changing route", () => {
    const stateChanging = Object.keys(ROUTE_ACCESS).filter(changesState);
    const missing = stateChanging.filter((key) => !(key in ROUTE_CASES));
    const unknown = Object.keys(ROUTE_CASES).filter((key) => !stateChanging.includes(key));
    expect(missing, "state-changing routes without a case in test/route-cases.ts").toEqual([]);
    expect(unknown, "cases in test/route-cases.ts for routes that are not state-changing").toEqual(
      [],
    );
  });

  // Valid requests: a refused caller changes nothing; an allowed one makes the change happen.
  // Each caller gets fresh records, so every effect can happen once per caller.
  describe.each(EFFECT_ROWS)("%s (%s) with a valid request", (key, access) => {
    const [method, path] = key.split(" ") as [string, string];
    const c = ROUTE_CASES[key]!;

    it.each(effectPlan(access, c))(
      "as $caller (allowed: $allowed)",
      async ({ caller, allowed }) => {
        let app = t;
        if (c.emptyDatabase) app = emptyApp ??= await buildTestApp({ seed: false });
        const ctx: CaseContext = {
          t: app,
          caller,
          user: users[caller],
          actors,
          smtp,
          examplesRoot,
        };
        const arranged = await c.arrange(ctx);
        const before = await c.snapshot(ctx, arranged);
        const agent = arranged.agent ?? (app === t ? agents[caller] : app.anonymous);
        const res = await agent.request({
          method,
          url: urlOf(path, arranged.params),
          ...(arranged.multipart
            ? { payload: arranged.multipart.payload, headers: arranged.multipart.headers }
            : arranged.body === undefined
              ? {}
              : { payload: arranged.body as object }),
          ...(arranged.remoteAddress ? { remoteAddress: arranged.remoteAddress } : {}),
        });
        if (allowed) {
          expect(res.statusCode, res.body).toBe(c.status);
          await c.expectEffect(ctx, arranged, res, before);
        } else {
          expect(res.statusCode, res.body).toBe(caller === "anonymous" ? 401 : 403);
          expect(res.json()).toMatchObject({
            success: false,
            code: caller === "anonymous" ? "unauthenticated" : "forbidden",
          });
          expect(await c.snapshot(ctx, arranged)).toEqual(before);
        }
      },
    );
  });

  // The gate alone: every caller against every route with an empty body and made-up ids.
  describe.each(ROWS)("%s (%s)", (key, access) => {
    const [method, path] = key.split(" ") as [string, string];
    const url = path.replace(/:[^/]+/g, "x").replace(/\*/g, "x");

    it.each(CALLERS)("as %s", async (caller) => {
      const res = await agents[caller].request({
        method: method,
        url,
        ...(["POST", "PUT", "PATCH"].includes(method) ? { payload: {} } : {}),
      });
      // A download (the audit CSV), a page (the API reference) or a redirect (the single
      // sign-on callback) answers with its own type once access is granted.
      if (
        (res.statusCode === 200 || res.statusCode === 302) &&
        !/^application\/json/.test(String(res.headers["content-type"]))
      ) {
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
