import type { AuditEntry, AuditPage, User } from "@content-studio/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, buildTestApp, TEST_DB, type TestApp } from "../../../test/helper";
import { newUserBody, PASSWORD } from "../../../test/support/accounts";
import { exampleInput } from "../../../test/support/factories";
import { escapeCsvCell } from "./audit.service";

describe(`audit log (${TEST_DB})`, () => {
  let t: TestApp;
  let admin: Agent;
  let adminUser: User;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signInAs("admin", { name: "Audit Admin" });
    adminUser = (await admin.get("/api/session")).json<{ data: { user: User } }>().data.user;
  });
  afterAll(() => t.close());

  const list = async (query = "") => {
    const res = await admin.get(`/api/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AuditPage }>().data;
  };

  it("records sign-ins and failed sign-ins with the client IP, never the password", async () => {
    await admin.post("/api/users", newUserBody({ name: "Signer", email: "signer@example.test" }));
    const agent = new Agent(t.app);
    const wrong = await agent.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: "signer@example.test", password: "Wrong-Guess-123456" },
      remoteAddress: "10.1.2.3",
    });
    expect(wrong.statusCode).toBe(401);
    const right = await agent.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: "signer@example.test", password: PASSWORD },
      remoteAddress: "10.1.2.4",
    });
    expect(right.statusCode).toBe(200);
    const failed = (await list("?action=auth.sign_in_failed")).entries;
    expect(failed[0]).toMatchObject({
      actorId: null,
      actorLabel: "signer@example.test",
      action: "auth.sign_in_failed",
      ip: "10.1.2.3",
    });
    const signIns = (await list("?action=auth.sign_in")).entries;
    expect(signIns[0]).toMatchObject({
      actorLabel: "Signer <signer@example.test>",
      ip: "10.1.2.4",
    });
    const all = await admin.get("/api/audit");
    expect(all.body).not.toContain("Wrong-Guess-123456");
    expect(all.body).not.toContain(PASSWORD);
  });

  it("records user created, role changed and deactivated with the changed fields, in that order", async () => {
    const created = await admin.post("/api/users", newUserBody());
    const id = created.json<{ data: User }>().data.id;
    await admin.patch(`/api/users/${id}`, { role: "editor" });
    await admin.patch(`/api/users/${id}`, { active: false });
    const entries = (await list()).entries.filter((e) => e.targetId === id);
    expect(entries.map((e) => e.action)).toEqual([
      "user.deactivated",
      "user.role_changed",
      "user.created",
    ]);
    expect(entries[1]!.changes).toEqual({ role: { from: "viewer", to: "editor" } });
    expect(entries[0]!.changes).toEqual({ active: { from: true, to: false } });
    for (const e of entries) {
      expect(e).toMatchObject({ actorId: adminUser.id, targetType: "user" });
      expect(Date.now() - Date.parse(e.at)).toBeLessThan(60_000);
    }
  });

  it("writes no change when the change is refused (an administrator's own role)", async () => {
    const before = (await list("?action=user.role_changed")).entries.length;
    const res = await admin.patch(`/api/users/${adminUser.id}`, { role: "viewer" });
    expect(res.statusCode).toBe(403);
    expect((await list("?action=user.role_changed")).entries.length).toBe(before);
  });

  it("records provider and generation settings changes", async () => {
    const gen = await admin.put("/api/settings/generation", {
      defaultUseBenchmarks: true,
      defaultQualityCheck: true,
      defaultAutoRefine: true,
      qualityThreshold: 0.8,
      autoRefineThreshold: 0.5,
    });
    expect(gen.statusCode, gen.body).toBe(200);
    const [entry] = (await list("?action=settings.generation_changed")).entries;
    expect(entry!.changes).toEqual({
      defaultAutoRefine: { from: false, to: true },
      qualityThreshold: { from: 0.7, to: 0.8 },
    });
    const provider = await admin.post("/api/change-ai-provider", {
      provider: "builtin",
      model: "builtin-template",
    });
    if (provider.statusCode === 200) {
      expect((await list("?action=settings.ai_provider_changed")).entries).toHaveLength(1);
    } else {
      expect((await list("?action=settings.ai_provider_changed")).entries).toHaveLength(0);
    }
  });

  it("refuses thresholds off the 0.1 steps or out of bounds, and audits nothing then", async () => {
    const before = (await list("?action=settings.generation_changed")).entries.length;
    const base = {
      defaultUseBenchmarks: true,
      defaultQualityCheck: true,
      defaultAutoRefine: false,
      qualityThreshold: 0.7,
      autoRefineThreshold: 0.5,
    };
    for (const patch of [
      { qualityThreshold: 0.75 },
      { qualityThreshold: 0.05 },
      { autoRefineThreshold: 1 },
      { autoRefineThreshold: 0.55 },
    ]) {
      const res = await admin.put("/api/settings/generation", { ...base, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
    }
    expect((await list("?action=settings.generation_changed")).entries.length).toBe(before);
  });

  it("records examples created and deleted by hand", async () => {
    const created = await admin.post("/api/examples", exampleInput({ title: "Audited example" }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    expect((await admin.delete(`/api/examples/${id}`)).statusCode).toBe(200);
    const entries = (await list()).entries.filter((e) => e.targetId === id);
    expect(entries.map((e) => [e.action, e.targetLabel])).toEqual([
      ["example.deleted", "Audited example"],
      ["example.created", "Audited example"],
    ]);
    // Deleting what is already gone fails and writes nothing.
    expect((await admin.delete(`/api/examples/${id}`)).statusCode).toBe(404);
    expect((await list()).entries.filter((e) => e.targetId === id)).toHaveLength(2);
  });

  it("filters by person, action and date range, and pages", async () => {
    const mine = (await list(`?actorId=${adminUser.id}`)).entries;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actorId === adminUser.id)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).entries.length).toBeGreaterThan(0);
    expect((await list("?from=2020-01-01&to=2020-01-02")).entries).toEqual([]);
    expect((await list("?from=2099-01-01")).entries).toEqual([]);
    const page = await list("?page=1");
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    const bad = await admin.get("/api/audit?action=nope&from=yesterday");
    expect(bad.statusCode).toBe(400);
  });

  it("exports CSV with formula cells escaped", async () => {
    // The second change is made by a user whose name is a formula: the Actor cell starts with "=".
    await admin.patch("/api/me", { name: '=HYPERLINK("http://evil")' });
    await admin.patch("/api/me", { name: "Audit Admin" });
    const res = await admin.get("/api/audit/export?action=account.name_changed");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="audit-log-/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toMatch(/^Time \(UTC\),Actor,Actor ID,Action,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^[^,]+,"'=HYPERLINK/);
    expect(res.body).not.toMatch(/,"?=HYPERLINK/);
    expect(escapeCsvCell("+1")).toBe("'+1");
    expect(escapeCsvCell("-1")).toBe("'-1");
    expect(escapeCsvCell("@x")).toBe("'@x");
    expect(escapeCsvCell("\tx")).toBe("'\tx");
    expect(escapeCsvCell("plain")).toBe("plain");
    // Separators of every locale are inside quotes: a semicolon or a tab never splits a cell.
    await admin.patch("/api/me", { name: "Semi;colon\tTab" });
    await admin.patch("/api/me", { name: "Audit Admin" });
    const again = await admin.get("/api/audit/export?action=account.name_changed");
    expect(again.body).toContain('"Semi;colon\tTab');
    expect(again.body).not.toMatch(/(^|,)Semi;colon/m);
  });

  it("is admin only", async () => {
    for (const role of ["viewer", "editor"] as const) {
      const agent = await t.signInAs(role);
      expect((await agent.get("/api/audit")).statusCode).toBe(403);
      expect((await agent.get("/api/audit/export")).statusCode).toBe(403);
    }
    expect((await t.anonymous.get("/api/audit")).statusCode).toBe(401);
  });

  it("is append-only in the database itself", async () => {
    await expect(sql`update audit_log set actor_label = 'x'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const entries: AuditEntry[] = (await list()).entries;
    expect(entries.length).toBeGreaterThan(0);
  });
});
