import {
  FORGOT_PASSWORD_ADMIN_MESSAGE,
  FORGOT_PASSWORD_SENT_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  type User,
} from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, buildTestApp, sql, TEST_DB, type TestApp } from "../../../test/helper";
import { startSmtpFake, type SmtpFake } from "../../../test/fakes/smtp-server";
import { jobStoreOf } from "../../db/database";
import { jobSchemaOf } from "../../lib/job-engine";
import { MAIL_DEAD_QUEUE, MAIL_QUEUE, type MailJob } from "../mail/mail.jobs";
import { createMailer } from "../mail/mail.service";

const PASSWORD = "Sturdy-Test-Passphrase-42";
const NEW_PASSWORD = "Another-Solid-Phrase-77";
let counter = 0;
const address = (label: string) => `${label}-${++counter}@example.test`;

async function createUser(t: TestApp, admin: Agent, role: User["role"] = "viewer") {
  const email = address(role);
  const res = await admin.post("/api/users", {
    name: `Person ${counter}`,
    email,
    password: PASSWORD,
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user: res.json<{ data: User }>().data, email };
}

async function signIn(t: TestApp, email: string, password = PASSWORD, ip = "10.9.0.1") {
  const agent = new Agent(t.app);
  const res = await agent.request({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password },
    remoteAddress: ip,
  });
  return { agent, res };
}

function auditRows(t: TestApp, action: string, targetId?: string) {
  let q = t.db.selectFrom("audit_log").selectAll().where("action", "=", action);
  if (targetId) q = q.where("target_id", "=", targetId);
  return q.execute();
}

/** A row of the job engine's job table. */
interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  data: MailJob;
  output: unknown;
  source_id: string | null;
}

const linkToken = (link: string) => {
  const match = /#token=([\w-]+)/.exec(link);
  if (!match) throw new Error(`no token in ${link}`);
  return match[1]!;
};

describe(`account and passwords (${TEST_DB})`, () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    admin = await t.signInAs("admin");
  });
  afterAll(() => t.close());

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
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({
          success: false,
          code: "forbidden",
          message:
            "You cannot reset your own password here. Use Change password under Your account.",
        });
      }
      // Nothing happened: still signed in, no temporary password, no link, nothing audited.
      expect((await admin.get("/api/session")).json()).toMatchObject({
        data: { user: { id: me.id }, passwordChangeRequired: false },
      });
      const tokens = await t.db
        .selectFrom("password_reset_token")
        .selectAll()
        .where("user_id", "=", me.id)
        .execute();
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
      const rows = await t.db
        .selectFrom("password_reset_token")
        .selectAll()
        .where("user_id", "=", user.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);

      const reset = await t.anonymous.post("/api/auth/reset-password", {
        token,
        newPassword: NEW_PASSWORD,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await session.get("/api/personas")).statusCode).toBe(401);
      expect((await signIn(t, email, NEW_PASSWORD)).res.statusCode).toBe(200);

      const again = await t.anonymous.post("/api/auth/reset-password", {
        token,
        newPassword: "Yet-Another-Phrase-99",
      });
      expect(again.statusCode).toBe(400);
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

  describe("forgot password without outgoing mail", () => {
    it("says an administrator can reset the password", async () => {
      expect((await t.anonymous.get("/api/session")).json()).toMatchObject({
        data: { passwordRecovery: "admin" },
      });
      const res = await t.anonymous.post("/api/auth/forgot-password", { email: "a@example.test" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: FORGOT_PASSWORD_ADMIN_MESSAGE });
    });
  });
});

describe(`forgot password by email through a local SMTP server (${TEST_DB})`, () => {
  let t: TestApp;
  let smtp: SmtpFake;
  let admin: Agent;
  /** Every line the app logged (JSON), to show that none holds a message or a link. */
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpFake();
    t = await buildTestApp({
      seed: false,
      // A refused mail is tried again after 1 to 2 seconds instead of 30 to 60.
      config: {
        mail: { smtpUrl: smtp.url, from: "Content Studio <studio@example.test>" },
        mailRetryDelaySeconds: 1,
      },
      logger: { level: "info", stream: { write: (line: string) => logLines.push(line) } },
    });
    admin = await t.signInAs("admin");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: string, ip = "10.50.0.1") =>
    t.anonymous.request({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email },
      remoteAddress: ip,
    });

  /** The mail queues' rows in the job engine's own table, read directly. */
  async function mailJobs() {
    const table = sql.table(`${jobSchemaOf(jobStoreOf(t.db))}.job`);
    const { rows } = await sql<JobRow>`
      select id, name, state, retry_count, data, output, source_id
      from ${table} where name in (${MAIL_QUEUE}, ${MAIL_DEAD_QUEUE}) order by created_on
    `.execute(t.db);
    return rows;
  }
  /** The mail jobs written since `before` (a list from mailJobs). */
  const jobsSince = async (before: JobRow[]) => {
    const seen = new Set(before.map((j) => j.id));
    return (await mailJobs()).filter((j) => !seen.has(j.id));
  };
  const jobState = async (id: string) => (await mailJobs()).find((j) => j.id === id);

  it("mails a single-use link through a sealed job and answers the same for unknown addresses", async () => {
    expect((await t.anonymous.get("/api/session")).json()).toMatchObject({
      data: { passwordRecovery: "email" },
    });
    const { user, email } = await createUser(t, admin);
    const session = (await signIn(t, email)).agent;
    const before = await mailJobs();
    const known = await forgot(email.toUpperCase());
    const unknown = await forgot("nobody-here@example.test");
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({
      success: true,
      data: { message: FORGOT_PASSWORD_SENT_MESSAGE },
    });
    // One job, for the known address only: nothing is ever sent to the unknown one.
    const [job, ...others] = await jobsSince(before);
    expect(others).toEqual([]);
    expect(job).toMatchObject({ name: MAIL_QUEUE, data: { purpose: "password-reset" } });

    const mail = await smtp.waitForMessage(email);
    expect(mail.from).toBe("studio@example.test");
    expect(mail.subject).toBe("Reset your Content Studio password");
    const link = /(http\S+\/reset-password#token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const token = linkToken(link!);
    await expect
      .poll(async () => (await jobState(job!.id))?.state, { timeout: 10_000 })
      .toBe("completed");
    // The job row holds the purpose and a sealed value: no link, token, address, name or text.
    const stored = JSON.stringify(await jobState(job!.id));
    for (const secret of [token, link!, "reset-password", email, user.name, "Hello"]) {
      expect(stored).not.toContain(secret);
    }
    expect(Object.keys(job!.data).sort()).toEqual(["purpose", "sealed"]);

    const reset = await t.anonymous.post("/api/auth/reset-password", {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await session.get("/api/personas")).statusCode).toBe(401);
    expect((await signIn(t, email, NEW_PASSWORD)).res.statusCode).toBe(200);
    const second = await t.anonymous.post("/api/auth/reset-password", {
      token,
      newPassword: "Yet-Another-Phrase-99",
    });
    expect(second.statusCode).toBe(400);

    // Both requests are in the audit log.
    const requested = await auditRows(t, "password.reset_requested");
    expect(requested.map((r) => r.actor_label)).toEqual(
      expect.arrayContaining([email, "nobody-here@example.test"]),
    );
    expect(requested.find((r) => r.actor_label === email)?.target_id).toBe(user.id);
    expectNoMailInLogs([token, email, user.name]);
  });

  it("tries again when the mail server refuses the first attempt (451), and delivers", async () => {
    const { email } = await createUser(t, admin);
    const before = await mailJobs();
    smtp.refuseNext(1, 451);
    expect((await forgot(email, "10.50.0.3")).statusCode).toBe(200);
    const mail = await smtp.waitForMessage(email, 20_000);
    expect(mail.subject).toBe("Reset your Content Studio password");
    expect(smtp.refused).toBe(1);
    const [job] = await jobsSince(before);
    await expect
      .poll(async () => (await jobState(job!.id))?.state, { timeout: 10_000 })
      .toBe("completed");
    expect((await jobState(job!.id))?.retry_count).toBe(1);
    // The failed attempt is logged with its SMTP codes only.
    const attempt = logLines.find(
      (l) => l.includes("mail not sent on this attempt") && l.includes(job!.id),
    );
    expect(JSON.parse(attempt!)).toMatchObject({
      jobId: job!.id,
      reason: "EENVELOPE 451 (MAIL FROM)",
    });
    expectNoMailInLogs([linkToken(/#token=[\w-]+/.exec(mail.text)![0]), email]);
  });

  it("gives up at once on a job sealed under another server secret, and logs no content", async () => {
    const { email } = await createUser(t, admin);
    const elsewhere = createMailer(undefined, "another-server-secret-of-32-characters-or-more");
    const id = await t.ctx.jobEngine.send<MailJob>(t.db, MAIL_QUEUE, {
      purpose: "password-reset",
      sealed: elsewhere.seal({ to: email, subject: "Sealed elsewhere", text: "#token=elsewhere" }),
    });
    // Failed on its first attempt (no retries), then handled by the dead-letter queue.
    await expect
      .poll(async () => (await mailJobs()).find((j) => j.source_id === id)?.state, {
        timeout: 20_000,
      })
      .toBe("completed");
    expect(await jobState(id!)).toMatchObject({ state: "failed", retry_count: 0 });
    expect(smtp.messages.some((m) => m.to.includes(email))).toBe(false);
    const about = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(about).toContainEqual(
      expect.objectContaining({
        jobId: id,
        msg: "mail job cannot be opened under this server secret: not sent",
      }),
    );
    expect(about).toContainEqual(
      expect.objectContaining({ purpose: "password-reset", msg: "mail given up: not sent" }),
    );
    expectNoMailInLogs(["elsewhere", email]);
  });

  it("writes no mail job and no token when the request's transaction rolls back", async () => {
    const { user, email } = await createUser(t, admin);
    // The audit entry, written last in the transaction, fails for this one address.
    await sql`
      create function refuse_test_audit() returns trigger language plpgsql as $$
      begin
        if new.actor_label = ${sql.lit(email)} then raise exception 'audit refused (test)'; end if;
        return new;
      end $$
    `.execute(t.db);
    await sql`
      create trigger refuse_test_audit before insert on audit_log
      for each row execute function refuse_test_audit()
    `.execute(t.db);
    try {
      const before = await mailJobs();
      expect((await forgot(email, "10.50.0.4")).statusCode).toBe(500);
      expect(await jobsSince(before)).toEqual([]);
      const tokens = await t.db
        .selectFrom("password_reset_token")
        .select("id")
        .where("user_id", "=", user.id)
        .execute();
      expect(tokens).toEqual([]);
    } finally {
      await sql`drop trigger refuse_test_audit on audit_log`.execute(t.db);
      await sql`drop function refuse_test_audit()`.execute(t.db);
    }
  });

  it("sends nothing to a deactivated account", async () => {
    const { user, email } = await createUser(t, admin);
    await admin.patch(`/api/users/${user.id}`, { active: false });
    const before = await mailJobs();
    expect((await forgot(email, "10.50.0.2")).statusCode).toBe(200);
    expect(await jobsSince(before)).toEqual([]);
  });

  it("limits requests per address and per client IP", async () => {
    const { email } = await createUser(t, admin);
    const perAddress: number[] = [];
    for (let i = 0; i < 4; i++)
      perAddress.push((await forgot(email, `10.60.0.${i + 1}`)).statusCode);
    expect(perAddress).toEqual([200, 200, 200, 429]);

    const perIp: number[] = [];
    for (let i = 0; i < 11; i++)
      perIp.push((await forgot(`ip-${i}@example.test`, "10.70.0.1")).statusCode);
    expect(perIp.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(perIp[10]).toBe(429);
  });

  /** No log line holds a message's text, a link, or any of `words`. */
  function expectNoMailInLogs(words: string[]) {
    const all = logLines.join("\n");
    for (const word of [...words, "/reset-password#", "#token=", "Hello "]) {
      expect(all).not.toContain(word);
    }
  }
});
