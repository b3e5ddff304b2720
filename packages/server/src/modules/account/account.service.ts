import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  ADMIN_RESET_LINK_HOURS,
  EMAIL_RESET_LINK_MINUTES,
  FORGOT_PASSWORD_ADMIN_MESSAGE,
  FORGOT_PASSWORD_SENT_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  UI_SETTINGS_DEFAULTS,
  parseUiSettings,
  type AdminPasswordResetBody,
  type AdminPasswordResetResult,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type ResetPasswordBody,
  type UiSettings,
  type UpdateMeBody,
  type User,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { describeRetry } from "../../lib/rate-limit";
import { clearBucket, hitBucket } from "../../lib/rate-limit.repository";
import type { SessionUser } from "../../plugins/access";
import { auditActorOf, diffFields, recordAudit } from "../audit/audit.service";
import { queueMail } from "../mail/mail.jobs";
import { presentUser } from "../users/users.presenter";
import { findUserByEmail, findUserById } from "../users/users.repository";
import { userPolicy } from "../users/users.policy";
import { assertAcceptablePassword } from "../users/users.service";
import { accountPolicy } from "./account.policy";
import * as repo from "./account.repository";

type Ctx = Pick<AppContext, "db" | "config" | "mailer" | "jobEngine">;

/** Reset requests allowed per address and per client IP in one window. */
export const RESET_REQUEST_LIMITS = { windowSeconds: 60 * 60, perAddress: 3, perIp: 10 } as const;
/** Wrong current passwords allowed per user in one window. */
export const PASSWORD_CHANGE_LIMITS = { windowSeconds: 15 * 60, failures: 5 } as const;

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

/** The user's display preferences (the defaults until they save some). */
export async function getUiSettings(ctx: Pick<Ctx, "db">, actor: SessionUser): Promise<UiSettings> {
  const row = await repo.findUiPreferences(ctx.db, actor.id);
  if (!row) return UI_SETTINGS_DEFAULTS;
  return parseUiSettings({
    darkMode: row.dark_mode,
    accentColor: row.accent_color,
    compactMode: row.compact_mode,
  });
}

export async function saveUiSettings(
  ctx: Pick<Ctx, "db">,
  actor: SessionUser,
  settings: UiSettings,
): Promise<UiSettings> {
  accountPolicy.authorize(actor, "editPreferences", { id: actor.id });
  const before = await getUiSettings(ctx, actor);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.upsertUiPreferences(trx, actor.id, {
      dark_mode: settings.darkMode,
      accent_color: settings.accentColor,
      compact_mode: settings.compactMode,
    });
    const changes = diffFields(before, settings);
    if (Object.keys(changes).length > 0) {
      await recordAudit(trx, {
        actor: auditActorOf(actor),
        action: "account.preferences_changed",
        target: { type: "user", id: actor.id, label: actor.email },
        changes,
      });
    }
  });
  return settings;
}

/** Changes the signed-in user's own name. */
export async function updateMe(
  ctx: Pick<Ctx, "db">,
  actor: SessionUser,
  input: UpdateMeBody,
): Promise<User> {
  accountPolicy.authorize(actor, "rename", { id: actor.id });
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findUserById(trx, actor.id);
    if (!before) throw new AppError("not_found", "User not found.");
    await repo.updateUserName(trx, actor.id, input.name);
    if (before.name !== input.name) {
      await recordAudit(trx, {
        actor: auditActorOf(actor),
        action: "account.name_changed",
        target: { type: "user", id: actor.id, label: actor.email },
        changes: { name: { from: before.name, to: input.name } },
      });
    }
    const after = await findUserById(trx, actor.id);
    if (!after) throw new AppError("not_found", "User not found.");
    return presentUser(after);
  });
}

function currentPasswordWrong(): AppError {
  const message = "Your current password is not correct.";
  return new AppError("validation_error", message, {
    issues: [{ path: "body.currentPassword", message }],
  });
}

/**
 * Changes the signed-in user's password: the current one is required, the new one follows the
 * sign-in rules, and every other session of the user ends (this one stays signed in).
 */
export async function changePassword(
  ctx: Pick<Ctx, "db">,
  actor: SessionUser,
  input: ChangePasswordBody,
): Promise<void> {
  accountPolicy.authorize(actor, "changePassword", { id: actor.id });
  const bucket = `password-change:${actor.id}`;
  const attempt = await hitBucket(ctx.db, bucket, PASSWORD_CHANGE_LIMITS.windowSeconds);
  if (attempt.count > PASSWORD_CHANGE_LIMITS.failures) {
    throw new AppError(
      "rate_limited",
      `Too many attempts. Please try again ${describeRetry(attempt.resetInSeconds)}.`,
      { retryAfterSeconds: Math.ceil(attempt.resetInSeconds) },
      attempt.resetInSeconds,
    );
  }
  const hash = await repo.findPasswordHash(ctx.db, actor.id);
  if (!hash || !(await verifyPassword({ hash, password: input.currentPassword }))) {
    throw currentPasswordWrong();
  }
  await clearBucket(ctx.db, bucket);
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw new AppError("not_found", "User not found.");
  assertNewPassword(input.newPassword, user, "body.newPassword");
  if (await verifyPassword({ hash, password: input.newPassword })) {
    const message = "Choose a password different from your current one.";
    throw new AppError("validation_error", message, {
      issues: [{ path: "body.newPassword", message }],
    });
  }
  const newHash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setPassword(trx, actor.id, newHash, false);
    await repo.deleteSessionsExcept(trx, actor.id, actor.sessionId);
    await repo.retireResetTokens(trx, actor.id);
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "account.password_changed",
      target: { type: "user", id: actor.id, label: actor.email },
    });
  });
}

/** The sign-in password rules, reported on the given field. */
function assertNewPassword(password: string, user: { email: string; name: string }, path: string) {
  try {
    assertAcceptablePassword(password, user);
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError("validation_error", error.message, {
        issues: [{ path, message: error.message }],
      });
    }
    throw error;
  }
}

/**
 * An administrator resets a user's password: a temporary one the user must change at next
 * sign-in (every session of the user ends now), or a one-time link shown once (24 hours).
 */
export async function adminResetPassword(
  ctx: Pick<Ctx, "db" | "config">,
  actor: SessionUser,
  userId: string,
  input: AdminPasswordResetBody,
): Promise<AdminPasswordResetResult> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("not_found", "User not found.");
  userPolicy.authorize(actor, "resetPassword", user);
  const target = { type: "user", id: user.id, label: user.email };
  if (input.mode === "temporary") {
    assertNewPassword(input.password, user, "body.password");
    const hash = await hashPassword(input.password);
    await ctx.db.transaction().execute(async (trx) => {
      await repo.setPassword(trx, user.id, hash, true);
      await repo.deleteSessionsExcept(trx, user.id, undefined);
      await repo.retireResetTokens(trx, user.id);
      await recordAudit(trx, {
        actor: auditActorOf(actor),
        action: "password.reset_temporary_set",
        target,
        changes: { mustChangePassword: { from: user.mustChangePassword, to: true } },
      });
    });
    return { mode: "temporary", link: null, expiresAt: null };
  }
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + ADMIN_RESET_LINK_HOURS * 3600 * 1000);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertResetToken(trx, {
      id: randomUUID(),
      userId: user.id,
      tokenHash: sha256(token),
      kind: "admin_link",
      createdBy: actor.id,
      expiresAt,
    });
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "password.reset_link_created",
      target,
      changes: { expiresAt: { to: expiresAt.toISOString() } },
    });
  });
  return {
    mode: "link",
    link: resetLink(ctx.config.baseUrl, token),
    expiresAt: expiresAt.toISOString(),
  };
}

/** The token goes in the fragment: browsers send neither it nor the fragment in Referer or requests. */
const resetLink = (baseUrl: string, token: string) => `${baseUrl}/reset-password#token=${token}`;

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
      await repo.insertResetToken(trx, {
        id: randomUUID(),
        userId: user.id,
        tokenHash: sha256(token),
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
  return new AppError("validation_error", INVALID_RESET_LINK_MESSAGE, {
    issues: [{ path: "body.token", message: INVALID_RESET_LINK_MESSAGE }],
  });
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
  const tokenHash = sha256(input.token);
  const pending = await repo.findValidResetToken(ctx.db, tokenHash);
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
    const consumed = await repo.consumeResetToken(trx, tokenHash);
    if (!consumed || consumed.userId !== user.id) throw invalidLink();
    await repo.setPassword(trx, user.id, hash, false);
    await repo.deleteSessionsExcept(trx, user.id, undefined);
    await repo.retireResetTokens(trx, user.id);
    await recordAudit(trx, {
      actor: { id: user.id, label: `${user.name} <${user.email}>`, ip: client.ip },
      action: "password.reset_completed",
      target: { type: "user", id: user.id, label: user.email },
      changes: { via: { to: consumed.kind === "email" ? "email link" : "administrator link" } },
    });
  });
}
