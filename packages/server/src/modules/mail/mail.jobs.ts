import type { Job } from "pg-boss";
import type { AppContext } from "../../app-context";
import { JobGivenUp, type JobWriter } from "../../lib/job-engine";
import { SealError } from "../../lib/sealed";
import type { MailMessage } from "./mail.service";

/** The job engine's queue of outgoing mail, and where a message goes once it is given up. */
export const MAIL_QUEUE = "mail";
export const MAIL_DEAD_QUEUE = "mail-dead";

/** What a message is for: a label that may be logged (never the message's content). */
export type MailPurpose = "password-reset" | "webhook-disabled";

/** A queued message: its purpose and the message sealed (address, subject and text). */
export interface MailJob {
  purpose: MailPurpose;
  sealed: string;
}

type MailLog = {
  warn(o: object, msg: string): void;
  error(o: object, msg: string): void;
};

type MailCtx = Pick<AppContext, "config" | "jobEngine" | "mailer">;

/**
 * Retries after the first attempt. Waits double from `mailRetryDelaySeconds` (with jitter up to
 * twice as long): at the default 30 s the last try is 15 to 30 minutes after the first, within
 * the hour a reset link lasts.
 */
const RETRY_LIMIT = 5;
/** A worker that stops beating this long (a crash) has its message taken over by another. */
const HEARTBEAT_SECONDS = 30;
/** A settled job (its sealed message with it) is deleted a day later. */
const KEEP_SECONDS = 24 * 60 * 60;

/**
 * Writes `message` as a sealed job in `trx`: it is sent once `trx` commits, and never when it
 * rolls back. The job row holds the purpose and the sealed message only.
 */
export async function queueMail(
  ctx: Pick<AppContext, "jobEngine" | "mailer">,
  trx: JobWriter,
  purpose: MailPurpose,
  message: MailMessage,
): Promise<void> {
  await ctx.jobEngine.send<MailJob>(trx, MAIL_QUEUE, { purpose, sealed: ctx.mailer.seal(message) });
}

/**
 * The mail queue: each job is sent with the mail module's transport, retried with a doubling
 * wait when the server refuses or cannot be reached, then given up to `mail-dead`, which logs
 * it. Defined whether or not mail is configured (nothing is queued then). Logs carry the job's
 * id, purpose and the SMTP failure code, never the address, text or a link.
 */
export function defineMailQueue(ctx: MailCtx, log: MailLog): void {
  ctx.jobEngine.define<MailJob>({
    name: MAIL_DEAD_QUEUE,
    options: { retryLimit: 2, retryDelay: 60, deleteAfterSeconds: KEEP_SECONDS },
    worker: {
      options: { pollingIntervalSeconds: 10 },
      handler: async (job) => {
        log.error({ jobId: job.id, purpose: job.data.purpose }, "mail given up: not sent");
      },
    },
  });
  ctx.jobEngine.define<MailJob>({
    name: MAIL_QUEUE,
    options: {
      retryLimit: RETRY_LIMIT,
      retryDelay: ctx.config.mailRetryDelaySeconds,
      retryBackoff: true,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      deleteAfterSeconds: KEEP_SECONDS,
      deadLetter: MAIL_DEAD_QUEUE,
      // A reset link is mailed as its request commits (pg_notify in that transaction), not at the
      // worker's next poll.
      notify: true,
    },
    worker: {
      // Retries are still found by polling: every 2 s, as before notify (else 30 s).
      options: { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
      handler: (job) => sendMailJob(ctx, job, log),
    },
  });
}

async function sendMailJob(ctx: MailCtx, job: Job<MailJob>, log: MailLog): Promise<void> {
  const about = { jobId: job.id, purpose: job.data.purpose };
  let message: MailMessage;
  try {
    message = ctx.mailer.unseal(job.data.sealed);
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
    // Sealed under another server secret (AUTH_SECRET changed): no retry can open it.
    log.error(about, "mail job cannot be opened under this server secret: not sent");
    throw new JobGivenUp("The message cannot be opened under this server secret.");
  }
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    const reason = failureCodes(error);
    log.warn({ ...about, attempt: job.retryCount + 1, reason }, "mail not sent on this attempt");
    // The job row keeps the thrown error, its cause included: codes only, since the mail
    // server's own words may repeat the address.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(`Mail not sent: ${reason}`);
  }
}

/** A send failure's codes only, e.g. `EENVELOPE 451 (RCPT TO)`. */
function failureCodes(error: unknown): string {
  const { code, responseCode, command } = (error ?? {}) as Record<string, unknown>;
  const parts = [code, responseCode, typeof command === "string" ? `(${command})` : undefined];
  const known = parts.filter((p) => typeof p === "string" || typeof p === "number");
  return known.length > 0 ? known.join(" ") : "no code";
}
