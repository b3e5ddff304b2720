import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  ADMIN_RESET_LINK_HOURS,
  type AdminPasswordResetBody,
  type AdminPasswordResetResult,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { orNotFound } from "../../lib/app-error";
import { hashPassword } from "../../lib/passwords";
import type { SessionUser } from "../../plugins/access";
import { auditActorOf, recordAudit } from "../audit/audit.service";
import * as passwords from "./passwords.repository";
import { userPolicy } from "./users.policy";
import { findUserById } from "./users.repository";
import { assertNewPassword } from "./users.service";

/** A reset link's token as stored: only its hash. */
export const hashResetToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The token goes in the fragment: browsers send neither it nor the fragment in Referer or requests. */
export const resetLink = (baseUrl: string, token: string) =>
  `${baseUrl}/reset-password#token=${token}`;

/**
 * An administrator resets a user's password: a temporary one the user must change at next
 * sign-in (every session of the user ends now), or a one-time link shown once (24 hours).
 */
export async function adminResetPassword(
  ctx: Pick<AppContext, "db" | "config">,
  actor: SessionUser,
  userId: string,
  input: AdminPasswordResetBody,
): Promise<AdminPasswordResetResult> {
  const user = orNotFound(await findUserById(ctx.db, userId), "User not found.");
  userPolicy.authorize(actor, "resetPassword", user);
  const target = { type: "user", id: user.id, label: user.email };
  if (input.mode === "temporary") {
    assertNewPassword(input.password, user, "body.password");
    const hash = await hashPassword(input.password);
    await ctx.db.transaction().execute(async (trx) => {
      await passwords.setPassword(trx, user.id, hash, true);
      await passwords.deleteSessionsExcept(trx, user.id, undefined);
      await passwords.retireResetTokens(trx, user.id);
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
    await passwords.insertResetToken(trx, {
      id: randomUUID(),
      userId: user.id,
      tokenHash: hashResetToken(token),
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
