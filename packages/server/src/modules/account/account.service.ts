import {
  UI_SETTINGS_DEFAULTS,
  type AuditAction,
  parseUiSettings,
  type ChangePasswordBody,
  type UiSettings,
  type UpdateMeBody,
  type User,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError, fieldError, orNotFound } from "../../lib/app-error";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { describeRetry } from "../../lib/rate-limit";
import { clearBucket, hitBucket } from "../../lib/rate-limit.repository";
import type { SessionUser } from "../../plugins/access";
import {
  auditBy,
  diffFields,
  recordAudit,
  recordChangesIfAny,
  type AuditEntryInput,
} from "../audit/audit.service";
import { presentUser } from "../users/users.presenter";
import { findUserById } from "../users/users.repository";
import { accountPolicy } from "./account.policy";
import * as repo from "./account.repository";
import * as passwords from "../users/passwords.repository";
import { assertNewPassword } from "../users/users.service";

type Ctx = Pick<AppContext, "db" | "config" | "mailer" | "jobEngine">;

/** Wrong current passwords allowed per user in one window. */
export const PASSWORD_CHANGE_LIMITS = { windowSeconds: 15 * 60, failures: 5 } as const;

/** An audit entry for a change the user made to their own account. */
function ownAccountAudit(actor: SessionUser, action: AuditAction): AuditEntryInput {
  return auditBy(actor, action, { type: "user", id: actor.id, label: actor.email });
}

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
    await recordChangesIfAny(trx, {
      ...ownAccountAudit(actor, "account.preferences_changed"),
      changes,
    });
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
    const before = orNotFound(await findUserById(trx, actor.id), "User not found.");
    await repo.updateUserName(trx, actor.id, input.name);
    if (before.name !== input.name) {
      await recordAudit(trx, {
        ...ownAccountAudit(actor, "account.name_changed"),
        changes: { name: { from: before.name, to: input.name } },
      });
    }
    const after = orNotFound(await findUserById(trx, actor.id), "User not found.");
    return presentUser(after);
  });
}

function currentPasswordWrong(): AppError {
  const message = "Your current password is not correct.";
  return fieldError("body.currentPassword", message);
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
  const hash = await passwords.findPasswordHash(ctx.db, actor.id);
  if (!hash || !(await verifyPassword({ hash, password: input.currentPassword }))) {
    throw currentPasswordWrong();
  }
  await clearBucket(ctx.db, bucket);
  const user = orNotFound(await findUserById(ctx.db, actor.id), "User not found.");
  assertNewPassword(input.newPassword, user, "body.newPassword");
  if (await verifyPassword({ hash, password: input.newPassword })) {
    const message = "Choose a password different from your current one.";
    throw fieldError("body.newPassword", message);
  }
  const newHash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await passwords.setPassword(trx, actor.id, newHash, false);
    await passwords.deleteSessionsExcept(trx, actor.id, actor.sessionId);
    await passwords.retireResetTokens(trx, actor.id);
    await recordAudit(trx, ownAccountAudit(actor, "account.password_changed"));
  });
}
