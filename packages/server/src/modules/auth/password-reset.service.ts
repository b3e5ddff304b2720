import { randomBytes, randomUUID } from "node:crypto";
import {
  EMAIL_RESET_LINK_MINUTES,
  FORGOT_PASSWORD_ADMIN_MESSAGE,
  FORGOT_PASSWORD_SENT_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  type ForgotPasswordBody,
  type ResetPasswordBody,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError, fieldError } from "../../lib/app-error";
import { hashPassword } from "../../lib/passwords";
import { describeRetry } from "../../lib/rate-limit";
import { hitBucket } from "../../lib/rate-limit.repository";
import { recordAudit } from "../audit/audit.service";
import { queueMail } from "../mail/mail.jobs";
import { hashResetToken, resetLink } from "../users/password-reset.service";
import * as passwords from "../users/passwords.repository";
import { findUserByEmail, findUserById } from "../users/users.repository";
import { assertNewPassword } from "../users/users.service";

type Ctx = Pick<AppContext, "db" | "config" | "mailer" | "jobEngine">;

/** Reset requests allowed per address and per client IP in one window. */
export const RESET_REQUEST_LIMITS = { windowSeconds: 60 * 60, perAddress: 3, perIp: 10 } as const;

function tooManyResets(seconds: number): AppError {
  return new AppError(
    "rate_limited",
    `Too many reset requests. Please try again ${describeRetry(seconds)}.`,
    { retryAfterSeconds: Math.ceil(seconds) },
    seconds,
  );
}

/**
 * 'Forgot password?': mails a single-use link valid for 60 minutes to an active account. The
 * answer is the same whether or not the address has an account, and the job engine sends the
 * mail later, so the mail server's time never shows in the answer. The mail's job is written
 * in the transaction that stores the link's token: both exist, or neither.
 */
export async function requestPasswordReset(
  ctx: Ctx,
  client: { ip: string },
  input: ForgotPasswordBody,
): Promise<{ message: string }> {
  if (!ctx.mailer.enabled) throw new AppError("conflict", FORGOT_PASSWORD_ADMIN_MESSAGE);
  const ipHit = await hitBucket(
    ctx.db,
    `password-reset:ip:${client.ip}`,
    RESET_REQUEST_LIMITS.windowSeconds,
  );
  if (ipHit.count > RESET_REQUEST_LIMITS.perIp) throw tooManyResets(ipHit.resetInSeconds);
  const addressHit = await hitBucket(
    ctx.db,
    `password-reset:email:${input.email}`,
    RESET_REQUEST_LIMITS.windowSeconds,
  );
  if (addressHit.count > RESET_REQUEST_LIMITS.perAddress) {
    throw tooManyResets(addressHit.resetInSeconds);
  }
  const user = await findUserByEmail(ctx.db, input.email);
  const active = user !== undefined && user.banned !== true;
  const token = randomBytes(32).toString("base64url");
  await ctx.db.transaction().execute(async (trx) => {
    if (user && active) {
      await passwords.insertResetToken(trx, {
        id: randomUUID(),
        userId: user.id,
        tokenHash: hashResetToken(token),
        kind: "email",
        createdBy: null,
        expiresAt: new Date(Date.now() + EMAIL_RESET_LINK_MINUTES * 60 * 1000),
      });
      await queueMail(ctx, trx, "password-reset", {
        to: user.email,
        subject: "Reset your Content Studio password",
        text: [
          `Hello ${user.name},`,
          "",
          "Someone (hopefully you) asked to reset the password of your Content Studio account.",
          `Open this link within ${EMAIL_RESET_LINK_MINUTES} minutes to choose a new password. It works once:`,
          "",
          resetLink(ctx.config.baseUrl, token),
          "",
          "If you did not ask for this, ignore this message: your password stays as it is.",
        ].join("\n"),
      });
    }
    await recordAudit(trx, {
      actor: { id: null, label: input.email, ip: client.ip },
      action: "password.reset_requested",
      target: user ? { type: "user", id: user.id, label: user.email } : undefined,
      changes: { accountFound: { to: active } },
    });
  });
  return { message: FORGOT_PASSWORD_SENT_MESSAGE };
}

function invalidLink(): AppError {
  return fieldError("body.token", INVALID_RESET_LINK_MESSAGE);
}

/**
 * Sets a new password from a reset link. The link works once (the first of two parallel uses
 * wins), every session of the user ends, and every other open link of the user stops working.
 */
export async function completePasswordReset(
  ctx: Pick<Ctx, "db">,
  client: { ip: string },
  input: ResetPasswordBody,
): Promise<void> {
  const tokenHash = hashResetToken(input.token);
  const pending = await passwords.findValidResetToken(ctx.db, tokenHash);
  if (!pending) throw invalidLink();
  const user = await findUserById(ctx.db, pending.user_id);
  // A deactivated account's links no longer work (they read as any invalid link).
  if (!user || user.banned) throw invalidLink();
  assertNewPassword(input.newPassword, user, "body.newPassword");
  const hash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    // Hashing takes a while: the account may have been deactivated meanwhile.
    const current = await findUserById(trx, user.id);
    if (!current || current.banned) throw invalidLink();
    const consumed = await passwords.consumeResetToken(trx, tokenHash);
    if (!consumed || consumed.userId !== user.id) throw invalidLink();
    await passwords.setPassword(trx, user.id, hash, false);
    await passwords.deleteSessionsExcept(trx, user.id, undefined);
    await passwords.retireResetTokens(trx, user.id);
    await recordAudit(trx, {
      actor: { id: user.id, label: `${user.name} <${user.email}>`, ip: client.ip },
      action: "password.reset_completed",
      target: { type: "user", id: user.id, label: user.email },
      changes: { via: { to: consumed.kind === "email" ? "email link" : "administrator link" } },
    });
  });
}
