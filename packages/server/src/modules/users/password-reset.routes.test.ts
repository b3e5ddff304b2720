import { INVALID_RESET_LINK_MESSAGE, type User } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { TEST_DB, useTestAppAs } from "../../../test/helper";
import {
  auditRows,
  createUser,
  linkToken,
  NEW_PASSWORD,
  PASSWORD,
  resetOnceWith,
  signIn,
  resetTokenRows,
} from "../../../test/support/accounts";
import { expectError } from "../../../test/support/responses";

describe(`an administrator resets a password (${TEST_DB})`, () => {
  const [t, admin] = useTestAppAs(["admin"], { seed: false });

  describe("admin password reset", () => {
    it("is refused to editors and viewers", async () => {
      const { user } = await createUser(t, admin);
      for (const role of ["viewer", "editor"] as const) {
        const agent = await t.signInAs(role);
        const res = await agent.post(`/api/users/${user.id}/password-reset`, { mode: "link" });
        expect(res.statusCode).toBe(403);
      }
      expect(
        (await t.anonymous.post(`/api/users/${user.id}/password-reset`, { mode: "link" }))
          .statusCode,
      ).toBe(401);
      expect(await auditRows(t, "password.reset_link_created", user.id)).toHaveLength(0);
    });

    it("refuses an admin's own password reset with 403: they change it from their account", async () => {
      const me = (await admin.get("/api/session")).json<{ data: { user: User } }>().data.user;
      for (const body of [
        { mode: "link" },
        { mode: "temporary", password: "Temporary-Pass-2026-self" },
      ]) {
        const res = await admin.post(`/api/users/${me.id}/password-reset`, body);
        expectError(res, 403, {
          code: "forbidden",
          message:
            "You cannot reset your own password here. Use Change password under Your account.",
        });
      }
      // Nothing happened: still signed in, no temporary password, no link, nothing audited.
      expect((await admin.get("/api/session")).json()).toMatchObject({
        data: { user: { id: me.id }, passwordChangeRequired: false },
      });
      const tokens = await resetTokenRows(t, me.id);
      expect(tokens).toHaveLength(0);
      expect(await auditRows(t, "password.reset_link_created", me.id)).toHaveLength(0);
      expect(await auditRows(t, "password.reset_temporary_set", me.id)).toHaveLength(0);
    });

    it("answers 404 for an unknown user and 400 for a weak temporary password", async () => {
      const missing = await admin.post("/api/users/nobody/password-reset", { mode: "link" });
      expect(missing.statusCode).toBe(404);
      const { user } = await createUser(t, admin);
      const weak = await admin.post(`/api/users/${user.id}/password-reset`, {
        mode: "temporary",
        password: "qwerty123",
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ details: { issues: [{ path: "body.password" }] } });
    });

    it("sets a temporary password: sessions end and the next sign-in must change it first", async () => {
      const { user, email } = await createUser(t, admin, "editor");
      const before = (await signIn(t, email)).agent;
      const temporary = "Temporary-Pass-2026-x";
      const res = await admin.post(`/api/users/${user.id}/password-reset`, {
        mode: "temporary",
        password: temporary,
      });
      expect(res.json()).toEqual({
        success: true,
        data: { mode: "temporary", link: null, expiresAt: null },
      });
      expect((await before.get("/api/personas")).statusCode).toBe(401);

      const { agent, res: signedIn } = await signIn(t, email, temporary);
      expect(signedIn.json()).toMatchObject({ data: { passwordChangeRequired: true } });
      expect((await agent.get("/api/session")).json()).toMatchObject({
        data: { passwordChangeRequired: true, user: { id: user.id } },
      });
      const blocked = await agent.get("/api/personas");
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ code: "password_change_required" });
      // The theme still loads while the change screen shows.
      expect((await agent.get("/api/me/settings")).statusCode).toBe(200);

      const changed = await agent.post("/api/me/password", {
        currentPassword: temporary,
        newPassword: NEW_PASSWORD,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await agent.get("/api/personas")).statusCode).toBe(200);
      expect((await agent.get("/api/session")).json()).toMatchObject({
        data: { passwordChangeRequired: false },
      });
      const [entry] = await auditRows(t, "password.reset_temporary_set", user.id);
      expect(JSON.stringify(entry)).not.toContain(temporary);
    });

    it("creates a one-time link valid for 24 hours, stored only as a hash", async () => {
      const { user, email } = await createUser(t, admin);
      const session = (await signIn(t, email)).agent;
      const res = await admin.post(`/api/users/${user.id}/password-reset`, { mode: "link" });
      expect(res.statusCode, res.body).toBe(200);
      const { link, expiresAt } = res.json<{ data: { link: string; expiresAt: string } }>().data;
      expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password#token=[\w-]{40,}$/);
      const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      const token = linkToken(link);
      const rows = await resetTokenRows(t, user.id);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);

      const again = await resetOnceWith(t, token, session, email);
      expect(again.json()).toMatchObject({ message: INVALID_RESET_LINK_MESSAGE });
      expect((await signIn(t, email, NEW_PASSWORD)).res.statusCode).toBe(200);
      expect(await auditRows(t, "password.reset_completed", user.id)).toHaveLength(1);
    });

    it("refuses an expired link and a made-up one", async () => {
      const { user } = await createUser(t, admin);
      const res = await admin.post(`/api/users/${user.id}/password-reset`, { mode: "link" });
      const token = linkToken(res.json<{ data: { link: string } }>().data.link);
      await t.db
        .updateTable("password_reset_token")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("user_id", "=", user.id)
        .execute();
      for (const candidate of [token, "x".repeat(43)]) {
        const used = await t.anonymous.post("/api/auth/reset-password", {
          token: candidate,
          newPassword: NEW_PASSWORD,
        });
        expect(used.statusCode).toBe(400);
        expect(used.json()).toMatchObject({ message: INVALID_RESET_LINK_MESSAGE });
      }
      expect(await auditRows(t, "password.reset_completed", user.id)).toHaveLength(0);
    });

    it("stops a deactivated account's links, and answers its sign-in like a wrong password", async () => {
      const { user, email } = await createUser(t, admin);
      const res = await admin.post(`/api/users/${user.id}/password-reset`, { mode: "link" });
      const token = linkToken(res.json<{ data: { link: string } }>().data.link);
      const off = await admin.patch(`/api/users/${user.id}`, { active: false });
      expect(off.statusCode, off.body).toBe(200);
      const used = await t.anonymous.post("/api/auth/reset-password", {
        token,
        newPassword: NEW_PASSWORD,
      });
      expect(used.statusCode).toBe(400);
      expect(used.json()).toMatchObject({ message: INVALID_RESET_LINK_MESSAGE });
      expect(await auditRows(t, "password.reset_completed", user.id)).toHaveLength(0);
      // No "deactivated" oracle: the right password of a deactivated account reads as a wrong one.
      const right = await signIn(t, email, PASSWORD, "10.9.0.77");
      const wrong = await signIn(t, email, "Not-The-Password-123", "10.9.0.78");
      expect(right.res.statusCode).toBe(wrong.res.statusCode);
      expect(right.res.json()).toEqual(wrong.res.json());
    });

    it("lets exactly one of two parallel uses of a link win", async () => {
      const { user } = await createUser(t, admin);
      const res = await admin.post(`/api/users/${user.id}/password-reset`, { mode: "link" });
      const token = linkToken(res.json<{ data: { link: string } }>().data.link);
      const results = await Promise.all(
        ["First-Parallel-Phrase-1", "Second-Parallel-Phrase-2"].map((newPassword) =>
          t.anonymous.post("/api/auth/reset-password", { token, newPassword }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });
  });
});
