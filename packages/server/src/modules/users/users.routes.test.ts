import type { User, UserList } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, buildTestApp, TEST_DB, type TestApp } from "../../../test/helper";
import { address, newUserBody, PASSWORD } from "../../../test/support/accounts";
import { expectError } from "../../../test/support/responses";

describe("users", () => {
  let t: TestApp;
  let admin: Agent;
  let adminId: string;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    admin = await t.signInAs("admin", { email: "boss@example.test" });
    const me = await admin.get("/api/session");
    adminId = me.json<{ data: { user: User } }>().data.user.id;
  });
  afterAll(() => t.close());

  async function create(role: User["role"] = "viewer", password = PASSWORD) {
    const email = address(role);
    const res = await admin.post(
      "/api/users",
      newUserBody({ name: `New ${role}`, email, password, role }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return { user: res.json<{ data: User }>().data, email, password };
  }

  async function signIn(address: string, password = PASSWORD) {
    const agent = new Agent(t.app);
    const res = await agent.post("/api/auth/sign-in/email", { email: address, password });
    return { agent, res };
  }

  const patch = (id: string, body: unknown, as: Agent = admin) =>
    as.patch(`/api/users/${id}`, body);

  describe("creating", () => {
    it("creates a user and lists it", async () => {
      const res = await admin.post(
        "/api/users",
        newUserBody({ name: "  Ada Editor ", email: "Ada@Example.test", role: "editor" }),
      );
      expect(res.statusCode).toBe(201);
      const { id, createdAt, ...user } = res.json<{ data: User }>().data;
      // Exactly these fields: nothing else (no password hash) leaves the presenter.
      expect(user).toEqual({
        name: "Ada Editor",
        email: "ada@example.test",
        role: "editor",
        active: true,
        can: { changeRole: true, deactivate: true, resetPassword: true },
      });
      expect(id).toMatch(/^\S{8,}$/);
      expect(Math.abs(Date.parse(createdAt) - Date.now())).toBeLessThan(60_000);

      const list = await admin.get("/api/users");
      expect(list.statusCode).toBe(200);
      const listed = list.json<{ data: UserList }>().data;
      expect(listed.can).toEqual({ create: true });
      expect(listed.users.map((u) => u.email)).toContain("ada@example.test");
      // An admin may not change their own role, deactivate themself or reset their own password
      // here; others' they may.
      expect(listed.users.find((u) => u.id === adminId)?.can).toEqual({
        changeRole: false,
        deactivate: false,
        resetPassword: false,
      });
      // No hash and no password field (the `resetPassword` capability is not one).
      expect(list.body).not.toMatch(/argon2|"password"/i);

      const { res: signedIn } = await signIn("ada@example.test");
      expect(signedIn.statusCode).toBe(200);
    });

    it("refuses a duplicate email, whatever its case, with 409", async () => {
      const { email: taken } = await create();
      const res = await admin.post("/api/users", newUserBody({ email: taken.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: "conflict" });
    });

    it("refuses a short password with 400 validation_error on body.password", async () => {
      const res = await admin.post("/api/users", newUserBody({ password: "Xy7$kq" }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: "validation_error",
        details: { issues: [{ path: "body.password" }] },
      });
    });

    it.each(["password123", "qwerty123", "Password123!"])(
      "refuses the common password %s",
      async (password) => {
        const res = await admin.post("/api/users", newUserBody({ password }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: "validation_error",
          message: "This password is too common. Choose a less predictable one.",
          details: { issues: [{ path: "body.password" }] },
        });
      },
    );

    it("accepts a 64+ character passphrase", async () => {
      const long = "correct horse battery staple, ".repeat(3).slice(0, 80);
      expect(long.length).toBe(80);
      const { email: address } = await create("viewer", long);
      expect((await signIn(address, long)).res.statusCode).toBe(200);
    });

    it("refuses an unknown role and a missing field with field paths", async () => {
      const res = await admin.post(
        "/api/users",
        newUserBody({ email: "not-an-email", role: "owner" }),
      );
      expect(res.statusCode).toBe(400);
      const paths = res
        .json<{ details: { issues: { path: string }[] } }>()
        .details.issues.map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(["body.email", "body.role"]));
    });
  });

  describe("changing", () => {
    it("revokes a user's sessions as soon as their role changes", async () => {
      const { user, email: address } = await create("viewer");
      const { agent } = await signIn(address);
      expect((await agent.get("/api/personas")).statusCode).toBe(200);

      const res = await patch(user.id, { role: "editor" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: { id: user.id, role: "editor", active: true } });

      const after = await agent.get("/api/personas");
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: "unauthenticated" });
      const again = await signIn(address);
      expect(again.res.json()).toMatchObject({ data: { user: { role: "editor" } } });
    });

    it("keeps sessions when only the name changes", async () => {
      const { user, email: address } = await create("viewer");
      const { agent } = await signIn(address);
      const res = await patch(user.id, { name: "Renamed" });
      expect(res.json()).toMatchObject({ data: { name: "Renamed", role: "viewer" } });
      expect((await agent.get("/api/personas")).statusCode).toBe(200);
    });

    it("deactivation revokes sessions and blocks sign-in; reactivation allows it again", async () => {
      const { user, email: address } = await create("editor");
      const { agent } = await signIn(address);
      expect((await agent.get("/api/personas")).statusCode).toBe(200);

      const off = await patch(user.id, { active: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ data: { active: false } });
      expect((await agent.get("/api/personas")).statusCode).toBe(401);

      // The right password of a deactivated account reads exactly as a wrong one: no oracle.
      const refused = await signIn(address);
      expectError(refused.res, 401, {
        code: "unauthenticated",
        message: "Invalid email or password.",
      });
      expect(refused.res.headers["set-cookie"]).toBeUndefined();
      const wrong = await signIn(address, "not-the-password");
      expect(wrong.res.json()).toEqual(refused.res.json());

      const on = await patch(user.id, { active: true });
      expect(on.json()).toMatchObject({ data: { active: true } });
      const back = await signIn(address);
      expect(back.res.statusCode).toBe(200);
      expect((await back.agent.get("/api/personas")).statusCode).toBe(200);
    });

    it("answers 404 for an unknown user and 400 for an empty change", async () => {
      const missing = await patch("no-such-user", { role: "editor" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: "not_found" });
      const { user } = await create();
      const empty = await patch(user.id, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: "validation_error" });
    });
  });

  describe("the last active administrator", () => {
    it("cannot be demoted or deactivated", async () => {
      // The only one who could is that administrator, and nobody acts on their own account
      // that way (403: who asks decides, not the account's state).
      const demote = await patch(adminId, { role: "editor" });
      expect(demote.statusCode).toBe(403);
      expect(demote.json()).toMatchObject({
        code: "forbidden",
        message: "You cannot change your own role.",
      });
      const deactivate = await patch(adminId, { active: false });
      expect(deactivate.statusCode).toBe(403);
      expect((await admin.get("/api/users")).statusCode).toBe(200);
    });

    it("can step down once another administrator exists, and cannot deactivate themself", async () => {
      const second = await create("admin");
      const secondAgent = (await signIn(second.email)).agent;
      const self = await patch(adminId, { active: false });
      expect(self.statusCode).toBe(403);
      // Nor change their own role while another admin exists (403; the last-admin rule aside).
      const ownRole = await patch(adminId, { role: "editor" });
      expect(ownRole.statusCode).toBe(403);
      expect(ownRole.json()).toMatchObject({
        code: "forbidden",
        message: "You cannot change your own role.",
      });

      // The second admin demotes the first; then the second is the last one.
      expect((await patch(adminId, { role: "editor" }, secondAgent)).statusCode).toBe(200);
      expect((await admin.get("/api/users")).statusCode).toBe(401);
      const last = await patch(second.user.id, { role: "viewer" }, secondAgent);
      expect(last.statusCode).toBe(403);

      // Restore the first admin for the tests that follow.
      expect((await patch(adminId, { role: "admin" }, secondAgent)).statusCode).toBe(200);
      admin = (await signIn("boss@example.test")).agent;
      expect((await admin.get("/api/users")).statusCode).toBe(200);
      expect((await patch(second.user.id, { role: "viewer" })).statusCode).toBe(200);
    });
  });

  describe("non-administrators", () => {
    it.each(["viewer", "editor"] as const)("are refused as %s with 403", async (role) => {
      const agent = await t.signInAs(role);
      const { user } = await create();
      for (const res of [
        await agent.get("/api/users"),
        await agent.post("/api/users", newUserBody({ role: "admin" })),
        await patch(user.id, { role: "admin" }, agent),
        await patch(user.id, {}, agent),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
      }
      const row = await t.db
        .selectFrom("user")
        .select("role")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe("viewer");
    });
  });

  // Runs last: it hands the administrator role around.
  describe(`two administrators removing each other at once (${TEST_DB})`, () => {
    it("always leaves exactly one active administrator", async () => {
      let keeper = { id: adminId, agent: admin };
      for (let round = 0; round < 6; round++) {
        const other = await create("admin");
        const otherAgent = (await signIn(other.email)).agent;
        const [byKeeper, byOther] = await Promise.all([
          patch(other.user.id, round % 2 ? { active: false } : { role: "viewer" }, keeper.agent),
          patch(keeper.id, { role: "editor" }, otherAgent),
        ]);
        const ok = [byKeeper, byOther].filter((r) => r.statusCode === 200);
        expect(ok, `round ${round}: ${byKeeper.body} / ${byOther.body}`).toHaveLength(1);
        for (const res of [byKeeper, byOther].filter((r) => r.statusCode !== 200)) {
          // 409 when it lost the race; 401 when the winner had already ended its session;
          // 403 when its request read the session just before the winner's commit and the
          // (already demoted) role just after: better-auth loads the two separately.
          expect([401, 403, 409]).toContain(res.statusCode);
        }
        const admins = await t.db
          .selectFrom("user")
          .select("id")
          .where("role", "=", "admin")
          .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", false)]))
          .execute();
        expect(admins, `round ${round}`).toHaveLength(1);
        if (byOther.statusCode === 200) keeper = { id: other.user.id, agent: otherAgent };
        admin = keeper.agent;
      }
    });
  });
});
