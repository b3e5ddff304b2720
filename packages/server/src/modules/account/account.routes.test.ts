import {} from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { TEST_DB, useTestAppAs } from "../../../test/helper";
import {
  auditRows,
  createUser,
  NEW_PASSWORD,
  PASSWORD,
  signIn,
} from "../../../test/support/accounts";

describe(`your account (${TEST_DB})`, () => {
  const [t, admin] = useTestAppAs(["admin"], { seed: false });

  describe("personal UI settings", () => {
    it("start at the defaults, are saved per user and follow the user to a second browser", async () => {
      const { email } = await createUser(t, admin);
      const first = (await signIn(t, email)).agent;
      const initial = await first.get("/api/me/settings");
      expect(initial.json()).toEqual({
        success: true,
        data: { darkMode: false, accentColor: "blue", compactMode: false },
      });
      const saved = await first.put("/api/me/settings", {
        darkMode: true,
        accentColor: "teal",
        compactMode: true,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const second = (await signIn(t, email)).agent;
      expect((await second.get("/api/me/settings")).json()).toMatchObject({
        data: { darkMode: true, accentColor: "teal", compactMode: true },
      });
      // Another user still has the defaults.
      expect((await admin.get("/api/me/settings")).json()).toMatchObject({
        data: { darkMode: false, accentColor: "blue" },
      });
    });

    it.each([
      [{ darkMode: true, accentColor: "pink", compactMode: false }, "body.accentColor"],
      [{ darkMode: "yes", accentColor: "blue", compactMode: false }, "body.darkMode"],
      [{ darkMode: true, accentColor: "blue" }, "body.compactMode"],
    ])("refuses %j with 400 on %s", async (body, path) => {
      const res = await admin.put("/api/me/settings", body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation_error",
        details: { issues: [expect.objectContaining({ path })] },
      });
    });

    it("are refused to anonymous callers", async () => {
      expect((await t.anonymous.get("/api/me/settings")).statusCode).toBe(401);
      const put = await t.anonymous.put("/api/me/settings", {
        darkMode: true,
        accentColor: "blue",
        compactMode: false,
      });
      expect(put.statusCode).toBe(401);
    });

    it("write an audit entry with the changed fields", async () => {
      const { user, email } = await createUser(t, admin);
      const agent = (await signIn(t, email)).agent;
      await agent.put("/api/me/settings", {
        darkMode: true,
        accentColor: "red",
        compactMode: false,
      });
      const [entry] = await auditRows(t, "account.preferences_changed", user.id);
      expect(entry).toMatchObject({
        actor_id: user.id,
        changes: {
          darkMode: { from: false, to: true },
          accentColor: { from: "blue", to: "red" },
        },
      });
    });
  });

  describe("your account", () => {
    it("changes your own name", async () => {
      const { user, email } = await createUser(t, admin);
      const agent = (await signIn(t, email)).agent;
      const res = await agent.patch("/api/me", { name: "  Renamed Person " });
      expect(res.json()).toMatchObject({ data: { id: user.id, name: "Renamed Person" } });
      expect((await agent.get("/api/session")).json()).toMatchObject({
        data: { user: { name: "Renamed Person" } },
      });
      expect(await auditRows(t, "account.name_changed", user.id)).toHaveLength(1);
      expect((await agent.patch("/api/me", { name: "  " })).statusCode).toBe(400);
    });

    it("changes your password: current one required, other sessions signed out, this one kept", async () => {
      const { user, email } = await createUser(t, admin, "editor");
      const here = (await signIn(t, email)).agent;
      const elsewhere = (await signIn(t, email)).agent;

      const wrong = await here.post("/api/me/password", {
        currentPassword: "not-my-password",
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: "validation_error",
        details: { issues: [{ path: "body.currentPassword" }] },
      });
      // A failed change is not audited and ends no session.
      expect(await auditRows(t, "account.password_changed", user.id)).toHaveLength(0);
      expect((await elsewhere.get("/api/personas")).statusCode).toBe(200);

      const weak = await here.post("/api/me/password", {
        currentPassword: PASSWORD,
        newPassword: "password123",
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ details: { issues: [{ path: "body.newPassword" }] } });
      const short = await here.post("/api/me/password", {
        currentPassword: PASSWORD,
        newPassword: "Xy7$kq",
      });
      expect(short.statusCode).toBe(400);

      const ok = await here.post("/api/me/password", {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await here.get("/api/personas")).statusCode).toBe(200);
      expect((await elsewhere.get("/api/personas")).statusCode).toBe(401);
      expect((await signIn(t, email, PASSWORD)).res.statusCode).toBe(401);
      expect((await signIn(t, email, NEW_PASSWORD)).res.statusCode).toBe(200);
      const [entry] = await auditRows(t, "account.password_changed", user.id);
      expect(entry).toBeDefined();
      expect(JSON.stringify(entry)).not.toContain(NEW_PASSWORD);
    });

    it("limits wrong current passwords per user", async () => {
      const { email } = await createUser(t, admin);
      const agent = (await signIn(t, email)).agent;
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await agent.post("/api/me/password", {
          currentPassword: `wrong-${i}-password`,
          newPassword: NEW_PASSWORD,
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(codes.slice(5)).toEqual([429, 429]);
    });
  });
});
