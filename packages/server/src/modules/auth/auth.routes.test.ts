import { createHmac } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import {
  Agent,
  buildTestApp,
  testConfig,
  type TestApp,
  withSecondInstance,
  useTestApp,
} from "../../../test/helper";
import { createAccount } from "../users/users.service";
import { SIGN_IN_DELAY, SIGN_IN_LIMITS, ensureInitialAdmin } from "./auth.service";
import { expectError } from "../../../test/support/responses";

const PASSWORD = "Sturdy-Test-Passphrase-42";
const SIGN_IN = "/api/auth/sign-in/email";

interface ParsedCookie {
  name: string;
  value: string;
  attributes: string[];
}

function setCookies(res: LightMyRequestResponse): ParsedCookie[] {
  return [res.headers["set-cookie"] ?? []].flat().map((line) => {
    const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
    const eq = pair.indexOf("=");
    return {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      attributes: attrs.map((a) => a.toLowerCase()),
    };
  });
}

function sessionCookie(res: LightMyRequestResponse): ParsedCookie {
  const cookie = setCookies(res).find((c) => c.name.endsWith("session_token"));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(res.headers["set-cookie"])}`);
  return cookie;
}

let emailCounter = 0;
const uniqueEmail = (label: string) => `${label}-${++emailCounter}@example.test`;

async function createUser(t: TestApp, role: "admin" | "editor" | "viewer" = "viewer") {
  const email = uniqueEmail(role);
  await createAccount(t.db, t.ctx.auth, { name: `A ${role}`, email, password: PASSWORD, role });
  return email;
}

/** Signs in from a given client address (each describe uses its own, so per-IP budgets never mix). */
function signInFrom(
  agent: Agent,
  remoteAddress: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return agent.request({
    method: "POST",
    url: SIGN_IN,
    payload: { email, password },
    remoteAddress,
    headers,
  });
}

/** A new account signs in through `remoteAddress` with an X-Forwarded-For header; the client
 * address the session records. */
async function sessionAddressOfSignIn(t: TestApp, remoteAddress: string, forwardedFor: string) {
  const email = await createUser(t);
  const res = await signInFrom(new Agent(t.app), remoteAddress, email, PASSWORD, {
    "x-forwarded-for": forwardedFor,
  });
  expect(res.statusCode).toBe(200);
  const session = await t.db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select("session.ipAddress")
    .where("user.email", "=", email)
    .executeTakeFirstOrThrow();
  return session.ipAddress;
}

/** The ids of a user's sessions. */
function sessionIds(t: TestApp, userId: string) {
  return t.db.selectFrom("session").select("id").where("userId", "=", userId).execute();
}

describe("auth", () => {
  const t = useTestApp();

  describe("first run", () => {
    it("reports that setup is required while no user exists", async () => {
      const res = await t.anonymous.get("/api/session");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          passwordChangeRequired: false,
          passwordRecovery: "admin",
          user: null,
          setupRequired: true,
          sso: null,
        },
      });
    });

    it("creates the administrator and signs them in", async () => {
      const agent = new Agent(t.app);
      const res = await agent.post("/api/setup/admin", {
        name: "First Admin",
        email: "First.Admin@Example.test",
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        data: { user: { email: "first.admin@example.test", role: "admin", active: true } },
      });
      expect(sessionCookie(res).value).not.toBe("");

      const session = await agent.get("/api/session");
      expect(session.json()).toMatchObject({
        data: { user: { email: "first.admin@example.test", role: "admin" }, setupRequired: false },
      });
      expect((await agent.get("/api/users")).statusCode).toBe(200);
    });

    it("refuses a second setup with 409 already_set_up", async () => {
      const res = await new Agent(t.app).post("/api/setup/admin", {
        name: "Intruder",
        email: "intruder@example.test",
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: "already_set_up" });
      expect(res.headers["set-cookie"]).toBeUndefined();
      const emails = await t.db.selectFrom("user").select("email").execute();
      expect(emails.map((e) => e.email)).toEqual(["first.admin@example.test"]);
    });
  });

  describe("sign-in", () => {
    const ip = "10.1.0.1";

    it("sets an HttpOnly, SameSite=Lax session cookie, not Secure over http", async () => {
      const email = await createUser(t);
      const res = await signInFrom(new Agent(t.app), ip, email, PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: { user: { email, role: "viewer" } },
      });
      const cookie = sessionCookie(res);
      expect(cookie.name).toBe("better-auth.session_token");
      expect(cookie.attributes).toContain("httponly");
      expect(cookie.attributes).toContain("samesite=lax");
      expect(cookie.attributes).not.toContain("secure");
      expect(cookie.attributes).toContain("path=/");
    });

    it("records the socket address, not a client-sent X-Forwarded-For, on the session", async () => {
      expect(await sessionAddressOfSignIn(t, ip, "203.0.113.5")).toBe(ip);
    });

    it("issues a new session token on every sign-in", async () => {
      const email = await createUser(t);
      const agent = new Agent(t.app);
      const first = sessionCookie(await signInFrom(agent, ip, email, PASSWORD)).value;
      // Signing in again while holding a session must not keep (fixate) the old token.
      const second = sessionCookie(await signInFrom(agent, ip, email, PASSWORD)).value;
      expect(second).not.toBe(first);
      expect(second.split(".")[0]).not.toBe(first.split(".")[0]);
    });

    it("answers a wrong password and an unknown email alike, leaking nothing", async () => {
      const email = await createUser(t);
      const wrong = await signInFrom(new Agent(t.app), ip, email, "not-the-password");
      const unknown = await signInFrom(new Agent(t.app), ip, uniqueEmail("ghost"), PASSWORD);
      for (const res of [wrong, unknown]) {
        expectError(res, 401, {
          code: "unauthenticated",
          message: "Invalid email or password.",
        });
        expect(setCookies(res).filter((c) => c.value !== "")).toEqual([]);
      }
    });

    it("revokes the session on the server at sign-out: a replayed cookie no longer works", async () => {
      const email = await createUser(t);
      const agent = new Agent(t.app);
      expect((await signInFrom(agent, ip, email, PASSWORD)).statusCode).toBe(200);
      const stolen = agent.cookieHeader;
      expect((await agent.get("/api/personas")).statusCode).toBe(200);

      const out = await agent.post("/api/auth/sign-out", {});
      expect(out.statusCode).toBe(200);
      expect(agent.cookieHeader).toBe("");

      const replay = await t.app.inject({
        method: "GET",
        url: "/api/personas",
        headers: { cookie: stolen },
      });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ code: "unauthenticated" });
      const user = await t.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(await sessionIds(t, user.id)).toEqual([]);
    });
  });

  describe("throttling", () => {
    const ip = "10.2.0.1";
    let lockedEmail: string;

    it("answers the 6th failed attempt for one account with 429, Retry-After and when to retry", async () => {
      lockedEmail = await createUser(t);
      const agent = new Agent(t.app);
      for (let i = 1; i <= SIGN_IN_LIMITS.failuresPerAccount; i++) {
        const res = await signInFrom(agent, ip, lockedEmail, `wrong-${i}`);
        expect(res.statusCode, `attempt ${i}`).toBe(401);
      }
      const blocked = await signInFrom(agent, ip, lockedEmail, "wrong-6");
      expect(blocked.statusCode).toBe(429);
      const retryAfter = Number(blocked.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowSeconds);
      const body = blocked.json<{ code: string; message: string }>();
      expect(body.code).toBe("rate_limited");
      expect(body.message).toMatch(/try again in \d+ (minutes|seconds?)\./);

      // The right password does not get through either while the account is locked.
      const right = await signInFrom(agent, ip, lockedEmail, PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.headers["set-cookie"]).toBeUndefined();
    });

    it("lets no more than the allowed failures through when one client's attempts arrive at once", async () => {
      const target = await createUser(t);
      const responses = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          signInFrom(new Agent(t.app), "10.2.1.1", target, `wrong-${i}`),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LIMITS.failuresPerAccount);
      expect(statuses.filter((s) => s === 429)).toHaveLength(
        15 - SIGN_IN_LIMITS.failuresPerAccount,
      );
    });

    it("lets the owner in from a clean client while the account is under attack", async () => {
      const target = await createUser(t);
      const attacker = "10.2.5.1";
      for (let i = 1; i <= SIGN_IN_LIMITS.failuresPerAccount; i++) {
        expect((await signInFrom(new Agent(t.app), attacker, target, `w${i}`)).statusCode).toBe(
          401,
        );
      }
      // The attacker's address is locked for this account, even with the right password.
      expect((await signInFrom(new Agent(t.app), attacker, target, PASSWORD)).statusCode).toBe(429);
      // The owner, from an address that has not failed, gets in.
      const owner = await signInFrom(new Agent(t.app), "10.2.5.200", target, PASSWORD);
      expect(owner.statusCode).toBe(200);
      expect(owner.headers["set-cookie"]).toBeDefined();
    });

    it("bounds guesses spread over 80 addresses per account; the right password on the 76th is refused too", async () => {
      const target = await createUser(t);
      const statuses: number[] = [];
      for (let a = 1; a <= 80; a++) {
        const password = a === 76 ? PASSWORD : `guess-${a}`;
        const res = await signInFrom(new Agent(t.app), `10.2.6.${a}`, target, password);
        statuses.push(res.statusCode);
      }
      // The free attempts and the first delayed one are answered; the delay (30 s, doubling)
      // holds up every other address, so the right password on the 76th try gets nowhere.
      expect(statuses[75]).toBe(429);
      const answered = statuses.filter((s) => s !== 429).length;
      expect(answered).toBeLessThanOrEqual(SIGN_IN_DELAY.freeAttempts + 1);
      const fresh = await signInFrom(new Agent(t.app), "10.2.6.250", target, PASSWORD);
      expect(fresh.statusCode).toBe(429);
      expect(Number(fresh.headers["retry-after"])).toBeGreaterThan(0);
      expect(fresh.json()).toMatchObject({ code: "rate_limited" });

      // The delay is audited once per delayed slot, naming the account, never the password.
      const delayed = await t.db
        .selectFrom("audit_log")
        .select(["actor_label", "changes"])
        .where("action", "=", "auth.sign_in_delayed")
        .where("actor_label", "=", target)
        .execute();
      expect(delayed.length).toBeGreaterThanOrEqual(1);
      expect(delayed.length).toBeLessThanOrEqual(2);
      expect(delayed[0]?.changes).toMatchObject({
        delaySeconds: { to: SIGN_IN_DELAY.baseSeconds },
      });
    });

    it("answers no more than the free attempts and one more when 30 addresses guess at once", async () => {
      const target = await createUser(t);
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, a) =>
          signInFrom(new Agent(t.app), `10.2.9.${a + 1}`, target, `guess-${a}`),
        ),
      );
      const answered = responses.filter((r) => r.statusCode === 401).length;
      expect(answered).toBeLessThanOrEqual(SIGN_IN_DELAY.freeAttempts + 1);
      expect(responses.every((r) => [401, 429].includes(r.statusCode))).toBe(true);
    });

    it("lets the owner in from an address they signed in from, after a mistype, while the account is under attack", async () => {
      const target = await createUser(t);
      const office = "10.2.7.1";
      expect((await signInFrom(new Agent(t.app), office, target, PASSWORD)).statusCode).toBe(200);
      for (let a = 1; a <= 40; a++) {
        await signInFrom(new Agent(t.app), `10.2.8.${a}`, target, `guess-${a}`);
      }
      // The owner, behind the address they signed in from before (shared with colleagues who
      // sign in to their own accounts), mistypes once and then signs in.
      for (let c = 0; c < 10; c++) {
        const colleague = await createUser(t);
        expect((await signInFrom(new Agent(t.app), office, colleague, PASSWORD)).statusCode).toBe(
          200,
        );
      }
      expect((await signInFrom(new Agent(t.app), office, target, "mistyped")).statusCode).toBe(401);
      const owner = await signInFrom(new Agent(t.app), office, target, PASSWORD);
      expect(owner.statusCode).toBe(200);
      expect(owner.headers["set-cookie"]).toBeDefined();
    });

    it("limits per account: another account from the same IP can still sign in", async () => {
      const other = await createUser(t);
      expect((await signInFrom(new Agent(t.app), ip, other, "wrong")).statusCode).toBe(401);
      expect((await signInFrom(new Agent(t.app), ip, other, PASSWORD)).statusCode).toBe(200);
    });

    it("keeps the account limit in the database: a second instance on the same database sees it", async () => {
      await withSecondInstance(t, async (second) => {
        // The client locked on the first instance is locked on the second as well.
        const res = await signInFrom(new Agent(second.app), ip, lockedEmail, PASSWORD);
        expect(res.statusCode).toBe(429);
        expect(res.json()).toMatchObject({ code: "rate_limited" });
      });
    });

    it("limits per client IP as Fastify sees it; X-Forwarded-For does not bypass it", async () => {
      const attacker = "10.3.0.1";
      const agent = new Agent(t.app);
      for (let i = 1; i <= SIGN_IN_LIMITS.perIp; i++) {
        const res = await signInFrom(agent, attacker, uniqueEmail("spray"), "guess", {
          "x-forwarded-for": `198.51.100.${i}`,
        });
        expect(res.statusCode, `attempt ${i}`).toBe(401);
      }
      const blocked = await signInFrom(agent, attacker, uniqueEmail("spray"), "guess", {
        "x-forwarded-for": "203.0.113.250",
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);

      // Someone else, from another address, is unaffected.
      const email = await createUser(t);
      const res = await signInFrom(new Agent(t.app), "10.3.0.2", email, PASSWORD);
      expect(res.statusCode).toBe(200);
    });
  });

  describe("cross-site requests", () => {
    const ip = "10.4.0.1";

    it("refuses a POST whose Origin is another site", async () => {
      const email = await createUser(t);
      const res = await signInFrom(new Agent(t.app), ip, email, PASSWORD, {
        origin: "https://evil.example",
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    });

    it("refuses a POST marked Sec-Fetch-Site: cross-site", async () => {
      const email = await createUser(t);
      const res = await signInFrom(new Agent(t.app), ip, email, PASSWORD, {
        "sec-fetch-site": "cross-site",
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: "forbidden" });
    });

    it("refuses a cross-site sign-out or user creation by a signed-in admin", async () => {
      const admin = await t.signInAs("admin");
      const evil = { origin: "https://evil.example" };
      const created = await admin.post(
        "/api/users",
        { name: "Mallory", email: "mallory@example.test", password: PASSWORD, role: "admin" },
        evil,
      );
      expect(created.statusCode).toBe(403);
      const out = await admin.post("/api/auth/sign-out", {}, { "sec-fetch-site": "same-site" });
      expect(out.statusCode).toBe(403);
      expect((await admin.get("/api/users")).statusCode).toBe(200);
      const mallory = await t.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", "mallory@example.test")
        .executeTakeFirst();
      expect(mallory).toBeUndefined();
    });

    it("accepts same-origin requests, also behind a proxy that rewrites Host", async () => {
      const email = await createUser(t);
      const sameHost = await signInFrom(new Agent(t.app), ip, email, PASSWORD, {
        host: "studio.internal:8080",
        origin: "http://studio.internal:8080",
        "sec-fetch-site": "same-origin",
      });
      expect(sameHost.statusCode).toBe(200);
      // A reverse proxy that forwards to 127.0.0.1:3000 without passing the public Host on.
      const proxied = await signInFrom(new Agent(t.app), ip, email, PASSWORD, {
        host: "127.0.0.1:3000",
        origin: new URL(t.ctx.config.baseUrl).origin,
      });
      expect(proxied.statusCode).toBe(200);
    });
  });

  describe("session expiry", () => {
    const ip = "10.5.0.1";
    /** Moves the times of the user's sessions, as time passing would. */
    const setSession = (userId: string, times: { expiresAt?: Date; createdAt?: Date }) =>
      t.db.updateTable("session").set(times).where("userId", "=", userId).execute();

    async function signedIn() {
      const email = await createUser(t);
      const agent = new Agent(t.app);
      expect((await signInFrom(agent, ip, email, PASSWORD)).statusCode).toBe(200);
      const { id } = await t.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect((await agent.get("/api/personas")).statusCode).toBe(200);
      return { agent, userId: id };
    }

    it("ends a session idle past its expiry", async () => {
      const { agent, userId } = await signedIn();
      await setSession(userId, { expiresAt: new Date(Date.now() - 60_000) });
      const res = await agent.get("/api/personas");
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: "unauthenticated" });
      const session = await agent.get("/api/session");
      expect(session.json()).toMatchObject({ data: { user: null } });
    });

    it("ends a session older than the absolute limit, however active, and deletes it", async () => {
      const { agent, userId } = await signedIn();
      const absolute = t.ctx.config.sessionAbsoluteSeconds;
      await setSession(userId, { createdAt: new Date(Date.now() - (absolute + 60) * 1000) });
      const res = await agent.get("/api/personas");
      expect(res.statusCode).toBe(401);
      expect(await sessionIds(t, userId)).toEqual([]);
    });

    /** The session cookie of a signed-in agent, as the browser sends it. */
    function sessionCookieOf(agent: Agent): { name: string; token: string; signature: string } {
      const pair = agent.cookieHeader.split("; ").find((c) => c.includes("session_token="))!;
      const [name = "", encoded = ""] = pair.split("=");
      const value = decodeURIComponent(encoded);
      const dot = value.lastIndexOf(".");
      return { name, token: value.slice(0, dot), signature: value.slice(dot + 1) };
    }

    const withCookie = (app: TestApp["app"], cookie: string) =>
      app.inject({ method: "GET", url: "/api/personas", headers: { cookie } });

    it("refuses a cookie whose token or signature was tampered with, or signed with another secret", async () => {
      const { agent } = await signedIn();
      const { name, token, signature } = sessionCookieOf(agent);
      const cookie = (value: string) => `${name}=${encodeURIComponent(value)}`;
      expect((await withCookie(t.app, cookie(`${token}.${signature}`))).statusCode).toBe(200);

      const otherToken = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
      const foreign = createHmac("sha256", "another-secret").update(token).digest("base64");
      for (const value of [
        `${otherToken}.${signature}`,
        `${token}.${flipped}`,
        `${token}.${foreign}`,
        token,
        `${token}.`,
      ]) {
        const res = await withCookie(t.app, cookie(value));
        expect(res.statusCode, value).toBe(401);
        expect(res.json()).toMatchObject({ code: "unauthenticated" });
      }
    });

    it("deletes a session that went idle past its expiry", async () => {
      const { agent, userId } = await signedIn();
      await setSession(userId, { expiresAt: new Date(Date.now() - 1000) });
      expect((await agent.get("/api/personas")).statusCode).toBe(401);
      expect(await sessionIds(t, userId)).toEqual([]);
    });

    it("fails the next request on another instance as soon as the session is revoked", async () => {
      const { agent } = await signedIn();
      const { name, token, signature } = sessionCookieOf(agent);
      const cookie = `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
      await withSecondInstance(t, async (second) => {
        expect((await withCookie(second.app, cookie)).statusCode).toBe(200);
        expect((await withCookie(t.app, cookie)).statusCode).toBe(200);
        expect((await agent.post("/api/auth/sign-out")).statusCode).toBe(200);
        expect((await withCookie(second.app, cookie)).statusCode).toBe(401);
        expect((await withCookie(t.app, cookie)).statusCode).toBe(401);
      });
    });

    it("slides the idle expiry, writing it and re-sending the cookie only once per update age", async () => {
      const { agent, userId } = await signedIn();
      const { expiresIn, updateAge } = t.ctx.auth.options.session;
      const expiresAt = async () =>
        (
          await t.db
            .selectFrom("session")
            .select("expiresAt")
            .where("userId", "=", userId)
            .executeTakeFirstOrThrow()
        ).expiresAt.getTime();

      // A fresh session is not written again.
      const before = await expiresAt();
      const fresh = await agent.get("/api/personas");
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers["set-cookie"]).toBeUndefined();
      expect(await expiresAt()).toBe(before);

      // Last refreshed longer than the update age ago: extended to a full idle period.
      const stale = Date.now() + (expiresIn - updateAge - 60) * 1000;
      await setSession(userId, { expiresAt: new Date(stale) });
      const { token } = sessionCookieOf(agent);
      const refreshed = await agent.get("/api/personas");
      expect(refreshed.statusCode).toBe(200);
      const cookie = sessionCookie(refreshed);
      expect(decodeURIComponent(cookie.value).startsWith(`${token}.`)).toBe(true);
      expect(cookie.attributes).toEqual(
        expect.arrayContaining([`max-age=${expiresIn}`, "httponly", "samesite=lax", "path=/"]),
      );
      const extended = await expiresAt();
      expect(extended).toBeGreaterThan(stale + (updateAge + 50) * 1000);
      expect(extended).toBeLessThanOrEqual(Date.now() + expiresIn * 1000);

      // The refreshed cookie works, and the next request writes nothing.
      const next = await agent.get("/api/personas");
      expect(next.statusCode).toBe(200);
      expect(next.headers["set-cookie"]).toBeUndefined();
      expect(await expiresAt()).toBe(extended);
    });

    it("re-sends a session cookie that better-auth itself reads back", async () => {
      const { agent, userId } = await signedIn();
      const { expiresIn, updateAge } = t.ctx.auth.options.session;
      await setSession(userId, {
        expiresAt: new Date(Date.now() + (expiresIn - updateAge - 60) * 1000),
      });
      const cookie = sessionCookie(await agent.get("/api/personas"));
      const session = await t.ctx.auth.api.getSession({
        headers: new Headers({ cookie: `${cookie.name}=${cookie.value}` }),
      });
      expect(session?.user.id).toBe(userId);
      const tampered = `${cookie.name}=${cookie.value.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`;
      expect(await t.ctx.auth.api.getSession({ headers: new Headers({ cookie: tampered }) })).toBe(
        null,
      );
    });
  });
});

describe("parallel first sign-ups", () => {
  const t = useTestApp({ seed: false });

  it("creates exactly one administrator from 8 concurrent setup requests", async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/setup/admin",
          payload: { name: `Racer ${i}`, email: `racer${i}@example.test`, password: PASSWORD },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ code: "already_set_up" });
    }
    const users = await t.db.selectFrom("user").select(["email", "role"]).execute();
    expect(users).toHaveLength(1);
    expect(users[0]?.role).toBe("admin");
    const winner = responses.find((r) => r.statusCode === 201)!;
    expect(winner.json()).toMatchObject({ data: { user: { email: users[0]?.email } } });
  });
});

describe("over https", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind one reverse proxy on this host (TRUST_PROXY=true), as an https deployment usually is.
    t = await buildTestApp({
      config: {
        baseUrl: "https://cs.example.com",
        trustProxy: loadConfig({ TRUST_PROXY: "true" }).trustProxy,
      },
      seed: false,
    });
  });
  afterAll(() => t.close());

  it("marks the session cookie Secure with the __Secure- prefix", async () => {
    const email = await createUser(t);
    const res = await new Agent(t.app).post(SIGN_IN, { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie.name).toBe("__Secure-better-auth.session_token");
    expect(cookie.attributes).toEqual(expect.arrayContaining(["secure", "httponly"]));
    expect(cookie.attributes).toContain("samesite=lax");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });

  it("resolves the session from the __Secure- cookie, and only from that one", async () => {
    const email = await createUser(t);
    const agent = new Agent(t.app);
    expect((await agent.post(SIGN_IN, { email, password: PASSWORD })).statusCode).toBe(200);
    expect((await agent.get("/api/session")).json()).toMatchObject({ data: { user: { email } } });
    const unprefixed = agent.cookieHeader.replace("__Secure-", "");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/personas",
      headers: { cookie: unprefixed },
    });
    expect(res.statusCode).toBe(401);
  });

  it("accepts a same-origin POST from the public https origin", async () => {
    const email = await createUser(t);
    const res = await new Agent(t.app).post(
      SIGN_IN,
      { email, password: PASSWORD },
      { origin: "https://cs.example.com", host: "127.0.0.1:3000" },
    );
    expect(res.statusCode).toBe(200);
  });

  it("takes the client address from the proxy's hop only; a client's own entries are ignored", async () => {
    const proxy = "127.0.0.1";
    const agent = new Agent(t.app);
    for (let i = 1; i <= SIGN_IN_LIMITS.perIp; i++) {
      const res = await signInFrom(agent, proxy, uniqueEmail("spray"), "guess", {
        "x-forwarded-for": `198.51.100.${i}, 203.0.113.7`,
      });
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const blocked = await signInFrom(agent, proxy, uniqueEmail("spray"), "guess", {
      "x-forwarded-for": "10.0.0.250, 203.0.113.7",
    });
    expect(blocked.statusCode).toBe(429);

    expect(await sessionAddressOfSignIn(t, proxy, "203.0.113.7, 203.0.113.8")).toBe("203.0.113.8");
  });

  it("never believes X-Forwarded-For from a client on a private network, only from the proxy", async () => {
    // A client on the private network talks to the server directly and rotates the header.
    const privateClient = "10.9.0.7";
    const target = await createUser(t);
    const statuses: number[] = [];
    for (let i = 1; i <= SIGN_IN_LIMITS.failuresPerAccount + 3; i++) {
      const res = await signInFrom(new Agent(t.app), privateClient, target, `guess-${i}`, {
        "x-forwarded-for": `198.51.100.${i}`,
      });
      statuses.push(res.statusCode);
    }
    // Its own address is the one throttled: the attempts past its failure limit are refused.
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LIMITS.failuresPerAccount);
    expect(statuses.slice(SIGN_IN_LIMITS.failuresPerAccount).every((s) => s === 429)).toBe(true);

    // A private client behind the loopback proxy is named by the proxy; entries left of it are not.
    expect(await sessionAddressOfSignIn(t, "127.0.0.1", "203.0.113.9, 10.9.0.8")).toBe("10.9.0.8");
  });
});

describe("ADMIN_EMAIL start-up path", () => {
  const t = useTestApp({ seed: false });

  const admin = (password: string) => ({
    email: "Ops@Example.test",
    password,
    name: "Ops",
  });
  const userCount = async () => (await t.db.selectFrom("user").select("id").execute()).length;

  it("refuses a common ADMIN_PASSWORD with a clear error and creates nothing", async () => {
    const logged: string[] = [];
    await expect(
      ensureInitialAdmin(t.ctx, testConfig({ admin: admin("password123") }), (m) => logged.push(m)),
    ).rejects.toThrow(/^ADMIN_PASSWORD refused: This password is too common/);
    expect(await userCount()).toBe(0);
    expect(logged).toEqual([]);
    const session = await t.anonymous.get("/api/session");
    expect(session.json()).toMatchObject({ data: { setupRequired: true } });
  });

  it("refuses a too-short ADMIN_PASSWORD with a clear error", async () => {
    await expect(
      ensureInitialAdmin(t.ctx, testConfig({ admin: admin("Xy7$kq") }), () => {}),
    ).rejects.toThrow(/^ADMIN_PASSWORD refused: Password must be at least 8 characters\./);
    expect(await userCount()).toBe(0);
  });

  it("creates the administrator once", async () => {
    const logged: string[] = [];
    const config = testConfig({ admin: admin(PASSWORD) });
    await ensureInitialAdmin(t.ctx, config, (m) => logged.push(m));
    await ensureInitialAdmin(t.ctx, config, (m) => logged.push(m));
    expect(logged).toEqual([
      "Created the administrator account ops@example.test from ADMIN_EMAIL.",
    ]);
    const users = await t.db.selectFrom("user").select(["email", "role"]).execute();
    expect(users).toEqual([{ email: "ops@example.test", role: "admin" }]);

    const res = await new Agent(t.app).post(SIGN_IN, {
      email: "ops@example.test",
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const setup = await t.anonymous.post("/api/setup/admin", {
      name: "Late",
      email: "late@example.test",
      password: PASSWORD,
    });
    expect(setup.statusCode).toBe(409);
  });
});
