import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SsoSettingsBody } from "@content-studio/contract";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import {
  startFakeIdentityProvider,
  type FakeIdentityProvider,
} from "../../../test/fakes/oidc-provider";
import {
  buildAccount,
  buildSignedIn,
  TEST_PASSWORD,
  uniqueAddress,
} from "../../../test/support/factories";
import { ssoCallbackUrl } from "./sso.service";

// Single sign-on against a real OpenID Connect provider on 127.0.0.1 (oidc-provider 9, PKCE
// required): the admin card's routes, the authorization-code flow through the app's own
// sign-in and callback routes, provisioning and group-mapped roles, and the password switch.
const BASE_URL = "http://127.0.0.1:4780";
let t: TestApp;
let idp: FakeIdentityProvider;
let admin: Agent;
let adminId: string;
let editor: Agent;

beforeAll(async () => {
  t = await buildTestApp({ config: { baseUrl: BASE_URL } });
  idp = await startFakeIdentityProvider({ redirectUris: [ssoCallbackUrl(BASE_URL)] });
  const a = await buildSignedIn(t, "admin");
  admin = a.agent;
  adminId = a.user.id;
  editor = (await buildSignedIn(t, "editor")).agent;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

function settings(overrides: Partial<SsoSettingsBody> = {}): SsoSettingsBody {
  return {
    name: "Acme Login",
    issuer: idp.issuer,
    allowPrivateIssuer: true,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: ["corp.test"],
    domainsConfirmed: true,
    groupsClaim: "groups",
    groupRoles: [
      { group: "cs-admins", role: "admin" },
      { group: "cs-editors", role: "editor" },
      { group: "cs-readers", role: "viewer" },
    ],
    defaultRole: null,
    passwordSignIn: "everyone",
    breakGlassUserIds: [],
    ...overrides,
  };
}

async function auditEntries(action: string) {
  return t.db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", action)
    .orderBy("at", "asc")
    .execute();
}

/** What the routes answer, as far as these tests read it. */
interface Envelope {
  success: boolean;
  code?: string;
  message: string;
  details: { issues: { path: string; message: string }[] };
  data: Record<string, unknown> & { connection: unknown; sso: unknown };
}

/** A cookie jar for the identity provider's own cookies (its session and interaction). */
class Jar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
}

/**
 * The browser's part of the flow, redirect by redirect: the app's sign-in start, the identity
 * provider (its login form answered with `subject`, consent granted), then the app's callback.
 * Answers the callback's response (a 302 into the app, or to /login?error=...).
 */
async function signInWithIdp(agent: Agent, subject: string) {
  const start = await agent.post("/api/auth/sign-in/sso", {});
  expect(start.statusCode, start.body).toBe(200);
  expect(start.headers["set-cookie"]).toBeDefined();
  let url = new URL(start.json<{ data: { url: string } }>().data.url);
  expect(url.origin).toBe(idp.issuer);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  const jar = new Jar();
  for (let hop = 0; hop < 12 && url.origin === idp.issuer; hop += 1) {
    let res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.keep(res);
    if (res.status === 200) {
      // The login form: post the subject.
      const action = /action="([^"]+)"/.exec(await res.text())![1]!;
      res = await fetch(new URL(action, idp.issuer), {
        method: "POST",
        redirect: "manual",
        headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ login: subject }),
      });
      jar.keep(res);
    }
    expect([302, 303], await res.clone().text()).toContain(res.status);
    url = new URL(res.headers.get("location")!, url);
  }
  expect(url.origin).toBe(BASE_URL);
  expect(url.pathname).toBe("/api/auth/sso/callback/oidc");
  return agent.get(url.pathname + url.search);
}

async function sessionOf(agent: Agent) {
  const res = await agent.get("/api/session");
  return res.json<{ data: { user: { id: string; role: string; email: string } | null } }>().data;
}

describe("Settings > Single sign-on (admin routes)", () => {
  it("refuses everyone but admins (403), anonymous callers (401), and the plugin's own register path", async () => {
    for (const [method, url, body] of [
      ["GET", "/api/settings/sso", undefined],
      ["PUT", "/api/settings/sso", settings()],
      ["DELETE", "/api/settings/sso", undefined],
      [
        "POST",
        "/api/settings/sso/test-discovery",
        { issuer: idp.issuer, allowPrivateIssuer: true },
      ],
    ] as const) {
      const res = await editor.request({ method, url, payload: body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
      const anon = await t.anonymous.request({ method, url, payload: body });
      expect(anon.statusCode).toBe(401);
    }
    // better-auth's own registration (any signed-in user, up to 10 providers, secret echoed)
    // is not reachable: not mounted, and refused when called directly.
    for (const agent of [editor, admin]) {
      const res = await agent.post("/api/auth/sso/register", {
        providerId: "evil",
        issuer: idp.issuer,
        domain: "corp.test",
        oidcConfig: { clientId: "x", clientSecret: "y" },
      });
      expect(res.statusCode).toBe(404);
    }
    await expect(
      t.ctx.auth.api.registerSSOProvider({
        body: { providerId: "evil", issuer: idp.issuer, domain: "corp.test" },
        headers: new Headers({ cookie: admin.cookieHeader }),
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(await t.db.selectFrom("ssoProvider").selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom("sso_connection").selectAll().execute()).toEqual([]);
    // Each refusal is audited for the signed-in caller.
    expect((await auditEntries("request.refused")).length).toBeGreaterThanOrEqual(4);
  });

  it("refuses a private issuer unless allow-listed, and a failed discovery, saving nothing", async () => {
    const privateIssuer = await admin.put(
      "/api/settings/sso",
      settings({ allowPrivateIssuer: false }),
    );
    expect(privateIssuer.statusCode).toBe(400);
    expect(privateIssuer.json<Envelope>().message).toMatch(/private or loopback address/);
    expect(privateIssuer.json<Envelope>().message).toMatch(/allow-listed/);

    const tested = await admin.post("/api/settings/sso/test-discovery", {
      issuer: `${idp.issuer}/nowhere`,
      allowPrivateIssuer: true,
    });
    expect(tested.statusCode).toBe(400);
    expect(tested.json()).toMatchObject({ code: "validation_error" });
    expect(tested.json<Envelope>().message).toMatch(
      /^Discovery failed: the discovery document answered HTTP 404/,
    );

    const wrongIssuer = await admin.put(
      "/api/settings/sso",
      settings({ issuer: "http://127.0.0.1:9/" }),
    );
    expect(wrongIssuer.statusCode).toBe(400);
    expect(wrongIssuer.json<Envelope>().message).toMatch(/Discovery failed: connection failed/);
    expect(await t.db.selectFrom("sso_connection").selectAll().execute()).toEqual([]);
    expect(await auditEntries("sso.created")).toEqual([]);

    const ok = await admin.post("/api/settings/sso/test-discovery", {
      issuer: idp.issuer,
      allowPrivateIssuer: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Envelope>().data).toMatchObject({
      issuer: idp.issuer,
      authorizationEndpoint: `${idp.issuer}/auth`,
      pkce: "S256",
      scopes: ["openid", "email", "profile", "groups"],
    });
  });

  it("requires the domains to be confirmed and a client secret", async () => {
    const unconfirmed = await admin.put("/api/settings/sso", settings({ domainsConfirmed: false }));
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json<Envelope>().details.issues[0]!.path).toBe("body.domainsConfirmed");
    const noSecret = await admin.put("/api/settings/sso", settings({ clientSecret: "" }));
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json<Envelope>().details.issues[0]!.path).toBe("body.clientSecret");
  });

  it("saves the provider with its secret sealed, never answering it", async () => {
    const res = await admin.put("/api/settings/sso", settings());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(idp.clientSecret);
    expect(res.json<Envelope>().data).toMatchObject({
      callbackUrl: `${BASE_URL}/api/auth/sso/callback/oidc`,
      connection: { name: "Acme Login", clientSecretSet: true, domains: ["corp.test"] },
    });
    const read = await admin.get("/api/settings/sso");
    expect(read.body).not.toContain(idp.clientSecret);
    expect(read.json<Envelope>().data.connection).not.toHaveProperty("clientSecret");

    const row = await t.db.selectFrom("sso_connection").selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(idp.clientSecret);
    expect(t.ctx.ssoSealer.unseal(row.client_secret_sealed)).toEqual({
      clientSecret: idp.clientSecret,
    });
    // Sealed under its own key: the webhook key cannot open it.
    expect(() => t.ctx.webhookSealer.unseal(row.client_secret_sealed)).toThrow();

    const [created] = await auditEntries("sso.created");
    expect(created).toMatchObject({ actor_id: adminId, target_label: "Acme Login" });
    expect(JSON.stringify(created)).not.toContain(idp.clientSecret);
    expect(created!.changes).toMatchObject({
      issuer: { to: idp.issuer },
      credentials: { to: "client secret replaced" },
    });

    // Saving again without a secret keeps the stored one; a new issuer would need it again.
    const renamed = await admin.put(
      "/api/settings/sso",
      settings({ name: "Acme SSO", clientSecret: undefined }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [changed] = await auditEntries("sso.changed");
    expect(changed!.changes).toEqual({ name: { from: "Acme Login", to: "Acme SSO" } });
    const session = await t.anonymous.get("/api/session");
    expect(session.json<Envelope>().data.sso).toEqual({
      name: "Acme SSO",
      passwordSignIn: "everyone",
    });
  });
});

describe("Signing in with the provider", () => {
  it("provisions a user on first sign-in with the role their groups map to (PKCE, full flow)", async () => {
    idp.accounts.set("pat", { email: "pat@corp.test", name: "Pat Doe", groups: ["cs-editors"] });
    const browser = new (admin.constructor as new (app: TestApp["app"]) => Agent)(t.app);
    const before = idp.pkce.s256;
    const res = await signInWithIdp(browser, "pat");
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`${BASE_URL}/`);
    expect(idp.pkce.s256).toBe(before + 1);
    expect(idp.pkce.missing).toBe(0);
    const session = await sessionOf(browser);
    expect(session.user).toMatchObject({ email: "pat@corp.test", role: "editor" });
    const me = await browser.get("/api/me/settings");
    expect(me.statusCode).toBe(200);

    const [provisioned] = await auditEntries("sso.user_provisioned");
    expect(provisioned).toMatchObject({ target_id: session.user!.id });
    expect(provisioned!.changes).toMatchObject({ role: { to: "editor" } });
    const signIns = (await auditEntries("auth.sign_in")).filter(
      (e) => e.target_id === session.user!.id,
    );
    expect(signIns).toHaveLength(1);
  });

  it("re-evaluates the role at every sign-in: the highest group wins, a removed group downgrades", async () => {
    idp.accounts.set("pat", {
      email: "pat@corp.test",
      name: "Pat Doe",
      groups: ["cs-readers", "cs-admins"],
    });
    const browser = new (admin.constructor as new (app: TestApp["app"]) => Agent)(t.app);
    expect((await signInWithIdp(browser, "pat")).statusCode).toBe(302);
    const up = await sessionOf(browser);
    expect(up.user!.role).toBe("admin");

    idp.accounts.set("pat", { email: "pat@corp.test", name: "Pat Doe", groups: ["cs-readers"] });
    const later = new (admin.constructor as new (app: TestApp["app"]) => Agent)(t.app);
    expect((await signInWithIdp(later, "pat")).statusCode).toBe(302);
    expect((await sessionOf(later)).user!.role).toBe("viewer");
    // The earlier session follows the user's row: it is a viewer now too.
    expect((await sessionOf(browser)).user!.role).toBe("viewer");
    const synced = (await auditEntries("sso.role_synced")).map((e) => e.changes);
    expect(synced).toEqual([
      { role: { from: "editor", to: "admin" } },
      { role: { from: "admin", to: "viewer" } },
    ]);
    // Only one user for the subject.
    const pats = await t.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "pat@corp.test")
      .execute();
    expect(pats).toHaveLength(1);
  });

  it("refuses a user in no mapped group when no default role is set, and one outside the confirmed domains", async () => {
    idp.accounts.set("nogroup", { email: "ng@corp.test", name: "No Group", groups: ["other"] });
    const browser = new (admin.constructor as new (app: TestApp["app"]) => Agent)(t.app);
    const refused = await signInWithIdp(browser, "nogroup");
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toMatch(new RegExp(`^${BASE_URL}/login\\?error=no_role`));
    expect((await sessionOf(browser)).user).toBeNull();

    // The provider says the email is verified; the domain is not confirmed, so no account.
    idp.accounts.set("mallory", {
      email: "mallory@elsewhere.test",
      name: "M",
      groups: ["cs-admins"],
    });
    const outside = await signInWithIdp(browser, "mallory");
    expect(outside.headers.location).toMatch(/\/login\?error=domain_not_allowed/);
    expect((await sessionOf(browser)).user).toBeNull();
    const users = await t.db
      .selectFrom("user")
      .select("email")
      .where("email", "in", ["ng@corp.test", "mallory@elsewhere.test"])
      .execute();
    expect(users).toEqual([]);
    const failed = (await auditEntries("auth.sign_in_failed")).map((e) => [
      e.actor_label,
      e.changes,
    ]);
    expect(failed).toEqual(
      expect.arrayContaining([
        ["ng@corp.test", { reason: { to: "single sign-on: no mapped group and no default role" } }],
        [
          "mallory@elsewhere.test",
          { reason: { to: "single sign-on: email domain elsewhere.test is not confirmed" } },
        ],
      ]),
    );
  });

  it("links an existing password account only through a confirmed domain", async () => {
    const existing = await buildAccount(t, "viewer");
    await t.db
      .updateTable("user")
      .set({ email: "lee@corp.test" })
      .where("id", "=", existing.user.id)
      .execute();
    idp.accounts.set("lee", { email: "lee@corp.test", name: "Lee", groups: ["cs-editors"] });
    const browser = new (admin.constructor as new (app: TestApp["app"]) => Agent)(t.app);
    expect((await signInWithIdp(browser, "lee")).headers.location).toBe(`${BASE_URL}/`);
    expect((await sessionOf(browser)).user).toMatchObject({ id: existing.user.id, role: "editor" });
  });
});

describe("Password sign-in switched off", () => {
  /** Keeps the secret and allows password sign-in only to the break-glass accounts named. */
  const breakGlassOnly = (breakGlassUserIds: string[]) =>
    admin.put(
      "/api/settings/sso",
      settings({ clientSecret: undefined, passwordSignIn: "break_glass_only", breakGlassUserIds }),
    );

  it("needs a break-glass admin, then refuses passwords for everyone else (403)", async () => {
    const none = await breakGlassOnly([]);
    expect(none.statusCode).toBe(400);
    expect(none.json<Envelope>().details.issues[0]!.path).toBe("body.breakGlassUserIds");
    const editorAccount = await buildAccount(t, "editor");
    const notAdmin = await breakGlassOnly([editorAccount.user.id]);
    expect(notAdmin.statusCode).toBe(400);

    const breakGlass = await buildAccount(t, "admin");
    const off = await breakGlassOnly([breakGlass.user.id]);
    expect(off.statusCode, off.body).toBe(200);
    const changes = (await auditEntries("sso.changed")).at(-1)!.changes;
    expect(changes).toMatchObject({
      localSignIn: { from: "everyone", to: "break_glass_only" },
      breakGlassUserIds: { from: [], to: [breakGlass.user.id] },
    });

    const signIn = (email: string) =>
      t.anonymous.request({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password: TEST_PASSWORD },
        remoteAddress: uniqueAddress(),
      });
    const refused = await signIn(editorAccount.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "forbidden",
      message: 'Password sign-in is turned off. Use "Sign in with Acme Login".',
    });
    const allowed = await signIn(breakGlass.email);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await t.anonymous.get("/api/session")).json<Envelope>().data.sso).toEqual({
      name: "Acme Login",
      passwordSignIn: "break_glass_only",
    });
    const failed = (await auditEntries("auth.sign_in_failed")).at(-1)!;
    expect(failed).toMatchObject({ actor_label: editorAccount.email });
    expect(failed.changes).toEqual({ reason: { to: "password sign-in is off" } });
  });

  it("removing single sign-on unlinks its accounts and turns passwords back on (audited)", async () => {
    const linked = await t.db
      .selectFrom("account")
      .select("id")
      .where("providerId", "=", "oidc")
      .execute();
    expect(linked.length).toBeGreaterThan(0);
    const res = await admin.delete("/api/settings/sso");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope>().data.connection).toBeNull();
    expect(
      await t.db.selectFrom("account").select("id").where("providerId", "=", "oidc").execute(),
    ).toEqual([]);
    const [removed] = await auditEntries("sso.removed");
    expect(removed!.changes).toMatchObject({
      localSignIn: { from: "break_glass_only", to: "everyone" },
      unlinkedAccounts: { to: linked.length },
    });
    expect((await t.anonymous.get("/api/session")).json<Envelope>().data.sso).toBeNull();
    const start = await t.anonymous.post("/api/auth/sign-in/sso", {});
    expect(start.statusCode).toBe(404);
  });
});
