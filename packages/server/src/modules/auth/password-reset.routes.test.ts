import {
  FORGOT_PASSWORD_ADMIN_MESSAGE,
  FORGOT_PASSWORD_SENT_MESSAGE,
} from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Agent, buildTestApp, sql, TEST_DB, type TestApp } from "../../../test/helper";
import {
  auditRows,
  createUser,
  linkToken,
  resetOnceWith,
  signIn,
} from "../../../test/support/accounts";
import { startSmtpFake, type SmtpFake } from "../../../test/fakes/smtp-server";
import { jobStoreOf } from "../../db/database";
import { jobSchemaOf } from "../../lib/job-engine";
import { MAIL_DEAD_QUEUE, MAIL_QUEUE, type MailJob } from "../mail/mail.jobs";
import { createMailer } from "../mail/mail.service";

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

describe(`forgot password without outgoing mail (${TEST_DB})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    // An administrator exists (setup is done).
    await t.signInAs("admin");
  });
  afterAll(() => t.close());

  it("says an administrator can reset the password", async () => {
    expect((await t.anonymous.get("/api/session")).json()).toMatchObject({
      data: { passwordRecovery: "admin" },
    });
    const res = await t.anonymous.post("/api/auth/forgot-password", { email: "a@example.test" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: FORGOT_PASSWORD_ADMIN_MESSAGE });
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

    await resetOnceWith(t, token, session, email);

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
