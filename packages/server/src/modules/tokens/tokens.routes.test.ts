import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_SCOPES, type CreateTokenBody, type CreatedApiToken } from "@content-studio/contract";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { auditTrail } from "../../../test/support/audit";
import { briefInput, buildSignedIn, type TestAccount } from "../../../test/support/factories";

type Signed = TestAccount & { agent: Agent };

describe("API tokens", () => {
  let t: TestApp;
  let admin: Signed;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({
      logger: { level: "info", stream: { write: (line: string) => logLines.push(line) } },
    });
    admin = await buildSignedIn(t, "admin");
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (as: Signed, body: Partial<CreateTokenBody> = {}) => {
    const res = await as.agent.post("/api/tokens", {
      name: "Nightly export",
      scopes: ["library:read"],
      expiresInDays: 30,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: CreatedApiToken }>().data;
  };
  const withToken = (
    secret: string,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${secret}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const setUser = (id: string, body: object) => admin.agent.patch(`/api/users/${id}`, body);

  it("creates a token shown once, lists it without its secret, and revokes it", async () => {
    const editor = await buildSignedIn(t, "editor");
    const created = await create(editor, { scopes: ["library:read", "library:write"] });
    expect(created.secret).toMatch(/^cs_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.token.prefix)).toBe(true);
    expect(created.token).toMatchObject({
      name: "Nightly export",
      kind: "personal",
      scopes: ["library:read", "library:write"],
      lastUsedAt: null,
      expired: false,
      can: { revoke: true },
    });
    const days = (Date.parse(created.token.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const list = await editor.agent.get("/api/tokens");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret.slice(20));
    expect(list.json()).toMatchObject({
      data: {
        tokens: [{ id: created.token.id }],
        grantableScopes: [
          "library:read",
          "library:write",
          "generate",
          "examples:write",
          "intent:import",
        ],
        canCreateService: false,
      },
    });

    const revoked = await editor.agent.delete(`/api/tokens/${created.token.id}`);
    expect(revoked.statusCode).toBe(200);
    expect((await editor.agent.get("/api/tokens")).json()).toMatchObject({ data: { tokens: [] } });
    expect((await editor.agent.delete(`/api/tokens/${created.token.id}`)).statusCode).toBe(404);
    const audit = await auditTrail(t, created.token.id);
    expect(audit.map((a) => a.action)).toEqual(["token.created", "token.revoked"]);
    expect(audit[0]!.changes).toMatchObject({ scopes: { to: ["library:read", "library:write"] } });
  });

  it("refuses scopes beyond the creator's role, and service tokens to non-admins", async () => {
    const viewer = await buildSignedIn(t, "viewer");
    const beyond = await viewer.agent.post("/api/tokens", {
      name: "Too much",
      scopes: ["library:read", "library:write"],
      expiresInDays: 7,
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toMatchObject({ code: "forbidden" });
    const editor = await buildSignedIn(t, "editor");
    const service = await editor.agent.post("/api/tokens", {
      name: "CMS sync",
      kind: "service",
      scopes: ["library:read"],
      expiresInDays: 90,
    });
    expect(service.statusCode).toBe(403);
    const noExpiry = await editor.agent.post("/api/tokens", {
      name: "Forever",
      scopes: ["library:read"],
      expiresInDays: 1000,
    });
    expect(noExpiry.statusCode).toBe(400);
    expect(noExpiry.json()).toMatchObject({ code: "validation_error" });
    expect(JSON.stringify(noExpiry.json())).toContain("Choose an expiry of 7, 30, 90, 365 days.");
  });

  it("lets every admin see and revoke service tokens, but not another person's personal token", async () => {
    const otherAdmin = await buildSignedIn(t, "admin");
    const service = await create(admin, { name: "CMS sync", kind: "service", scopes: ["admin"] });
    const personal = await create(admin, { name: "Mine" });
    const seen = (await otherAdmin.agent.get("/api/tokens")).json<{
      data: { tokens: { id: string; kind: string; ownerId: string; can: { revoke: boolean } }[] };
    }>();
    const ids = seen.data.tokens.map((tk) => tk.id);
    expect(ids).toContain(service.token.id);
    expect(ids).not.toContain(personal.token.id);
    expect(seen.data.tokens.find((tk) => tk.id === service.token.id)).toMatchObject({
      kind: "service",
      ownerId: admin.user.id,
      can: { revoke: true },
    });
    expect((await otherAdmin.agent.delete(`/api/tokens/${personal.token.id}`)).statusCode).toBe(
      404,
    );
    expect((await otherAdmin.agent.delete(`/api/tokens/${service.token.id}`)).statusCode).toBe(200);
    const res = await withToken(service.secret, "GET", "/api/users");
    expect(res.statusCode).toBe(401);
  });

  it("reads the library with a Bearer token, and records its use at most once a minute", async () => {
    const viewer = await buildSignedIn(t, "viewer");
    const { token, secret } = await create(viewer);
    const res = await withToken(secret, "GET", "/api/library");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const first = await t.db
      .selectFrom("api_token")
      .select("last_used_at")
      .where("id", "=", token.id)
      .executeTakeFirstOrThrow();
    expect(first.last_used_at).not.toBeNull();
    expect((await withToken(secret, "GET", "/api/dashboard/summary")).statusCode).toBe(200);
    const second = await t.db
      .selectFrom("api_token")
      .select("last_used_at")
      .where("id", "=", token.id)
      .executeTakeFirstOrThrow();
    expect(new Date(second.last_used_at!).getTime()).toBe(new Date(first.last_used_at!).getTime());
    const listed = (await viewer.agent.get("/api/tokens")).json<{
      data: { tokens: { lastUsedAt: string | null }[] };
    }>();
    expect(listed.data.tokens[0]!.lastUsedAt).toBe(new Date(first.last_used_at!).toISOString());
  });

  it("refuses a write without its scope (403, audited), allows it with the scope, and skips the cross-site check", async () => {
    const editor = await buildSignedIn(t, "editor");
    const readOnly = await create(editor, { name: "Read only" });
    const refused = await withToken(readOnly.secret, "POST", "/api/campaigns", briefInput());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "forbidden" });
    expect(refused.json<{ message: string }>().message).toContain("library:write");
    const entry = await t.db
      .selectFrom("audit_log")
      .select(["actor_label", "changes"])
      .where("action", "=", "request.refused")
      .where("actor_id", "=", editor.user.id)
      .executeTakeFirstOrThrow();
    expect(entry.actor_label).toContain('via API token "Read only"');

    const writer = await create(editor, {
      name: "Writer",
      scopes: ["library:read", "library:write"],
    });
    // A token request carries no cookie, so a foreign Origin does not make it a forged request.
    const made = await withToken(writer.secret, "POST", "/api/campaigns", briefInput(), {
      origin: "https://elsewhere.example",
      "sec-fetch-site": "cross-site",
    });
    expect(made.statusCode, made.body).toBe(201);
    // The cookie session keeps its cross-site check.
    const forged = await editor.agent.post("/api/campaigns", briefInput(), {
      origin: "https://elsewhere.example",
    });
    expect(forged.statusCode).toBe(403);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("actor_label")
      .where("action", "=", "campaign.created")
      .where("actor_id", "=", editor.user.id)
      .executeTakeFirstOrThrow();
    expect(audit.actor_label).toContain('via API token "Writer"');
  });

  it("shrinks with a demoted owner and stops for a deactivated one", async () => {
    const editor = await buildSignedIn(t, "editor");
    const { token, secret } = await create(editor, {
      scopes: ["library:read", "library:write"],
    });
    expect((await withToken(secret, "POST", "/api/campaigns", briefInput())).statusCode).toBe(201);
    expect((await setUser(editor.user.id, { role: "viewer" })).statusCode).toBe(200);
    const demoted = await withToken(secret, "POST", "/api/campaigns", briefInput());
    expect(demoted.statusCode).toBe(403);
    expect((await withToken(secret, "GET", "/api/library")).statusCode).toBe(200);
    // Promoted back, the token's own scopes apply again: it never held more than it was given.
    expect((await setUser(editor.user.id, { role: "admin" })).statusCode).toBe(200);
    expect((await withToken(secret, "GET", "/api/users")).statusCode).toBe(403);
    expect((await withToken(secret, "POST", "/api/campaigns", briefInput())).statusCode).toBe(201);

    expect((await setUser(editor.user.id, { active: false })).statusCode).toBe(200);
    const off = await withToken(secret, "GET", "/api/library");
    expect(off.statusCode).toBe(401);
    expect(off.json()).toMatchObject({ code: "unauthenticated" });
    const audit = await auditTrail(t, token.id);
    expect(audit.at(-1)).toMatchObject({
      action: "token.refused",
      changes: { reason: { to: "owner deactivated" } },
    });
  });

  it("answers 401 for an expired, a revoked, a wrong or a malformed token, auditing real ones once a minute", async () => {
    const viewer = await buildSignedIn(t, "viewer");
    const expiring = await create(viewer, { name: "Expiring" });
    await t.db
      .updateTable("api_token")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", expiring.token.id)
      .execute();
    const expired = await withToken(expiring.secret, "GET", "/api/library");
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ message: string }>().message).toMatch(/expired/);
    expect((await withToken(expiring.secret, "GET", "/api/library")).statusCode).toBe(401);
    const expiredAudit = await auditTrail(t, expiring.token.id);
    expect(expiredAudit.filter((a) => a.action === "token.refused")).toEqual([
      expect.objectContaining({ changes: { reason: { to: "expired" } } }),
    ]);

    const revoking = await create(viewer, { name: "Revoking" });
    expect((await withToken(revoking.secret, "GET", "/api/library")).statusCode).toBe(200);
    await viewer.agent.delete(`/api/tokens/${revoking.token.id}`);
    const revoked = await withToken(revoking.secret, "GET", "/api/library");
    expect(revoked.statusCode).toBe(401);
    expect((await auditTrail(t, revoking.token.id)).map((a) => a.action)).toEqual([
      "token.created",
      "token.revoked",
      "token.refused",
    ]);

    const wrong = `${revoking.token.prefix}_${"A".repeat(43)}`;
    expect((await withToken(wrong, "GET", "/api/library")).statusCode).toBe(401);
    expect((await withToken("not-a-token", "GET", "/api/library")).statusCode).toBe(401);
    // A Bearer header decides: a valid cookie beside a bad token does not sign the request in.
    const both = await viewer.agent.get("/api/library", { authorization: "Bearer not-a-token" });
    expect(both.statusCode).toBe(401);
    expect((await viewer.agent.get("/api/library")).statusCode).toBe(200);
  });

  it("cannot manage tokens, or the owner's account, with a token", async () => {
    const { secret } = await create(admin, {
      name: "Everything",
      scopes: [...TOKEN_SCOPES],
    });
    for (const [method, url, body] of [
      ["GET", "/api/tokens", undefined],
      ["POST", "/api/tokens", { name: "Child", scopes: ["admin"], expiresInDays: 365 }],
      ["DELETE", "/api/tokens/0000000000000000", undefined],
      ["POST", "/api/me/password", { currentPassword: "x", newPassword: "y" }],
    ] as const) {
      const res = await withToken(secret, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/cannot call this route/);
    }
    expect((await withToken(secret, "GET", "/api/users")).statusCode).toBe(200);
  });

  it("stores only the hash: the secret is in no table row and no log line", async () => {
    const viewer = await buildSignedIn(t, "viewer");
    const { token, secret } = await create(viewer, { name: "Hashed" });
    expect((await withToken(secret, "GET", "/api/library")).statusCode).toBe(200);
    // The 43 random characters after `cs_<id>_` (base64url, so they may hold a `_` themselves).
    const secretPart = /^cs_[0-9a-f]{16}_(.{43})$/.exec(secret)![1]!;
    const row = await t.db
      .selectFrom("api_token")
      .selectAll()
      .where("id", "=", token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secretPart);
    const audit = await t.db.selectFrom("audit_log").selectAll().execute();
    expect(JSON.stringify(audit)).not.toContain(secretPart);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("\n")).not.toContain(secretPart);
  });
});
