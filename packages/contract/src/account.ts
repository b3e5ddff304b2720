import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PasswordSchema } from "./auth";

/** PATCH /api/me: the signed-in user's own name. */
export const UpdateMeBodySchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100),
});
export type UpdateMeBody = z.infer<typeof UpdateMeBodySchema>;

/** POST /api/me/password. The new password follows the sign-in password rules. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** How long a reset link an administrator creates stays valid. */
export const ADMIN_RESET_LINK_HOURS = 24;
/** How long a reset link sent by email stays valid. */
export const EMAIL_RESET_LINK_MINUTES = 60;

/**
 * POST /api/users/:id/password-reset. `temporary`: the admin sets a password the user must
 * change at next sign-in. `link`: a one-time link, shown once, valid for 24 hours.
 */
export const AdminPasswordResetBodySchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("temporary"), password: PasswordSchema }),
  z.object({ mode: z.literal("link") }),
]);
export type AdminPasswordResetBody = z.infer<typeof AdminPasswordResetBodySchema>;

export const AdminPasswordResetResultSchema = z.object({
  mode: z.enum(["temporary", "link"]),
  /** The one-time link (mode `link` only); it is not stored and cannot be shown again. */
  link: z.string().nullable(),
  /** When the link stops working (mode `link` only). */
  expiresAt: z.string().nullable(),
});
export type AdminPasswordResetResult = z.infer<typeof AdminPasswordResetResultSchema>;

/** POST /api/auth/forgot-password. */
export const ForgotPasswordBodySchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "Enter your email address.").max(254),
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** The one answer to a reset request, whether or not the address has an account. */
export const FORGOT_PASSWORD_SENT_MESSAGE =
  "If an account exists for that address, we have sent it a link to reset the password. The link works once and expires in 60 minutes.";
/** Shown instead of the form when the server has no outgoing mail. */
export const FORGOT_PASSWORD_ADMIN_MESSAGE =
  "Password recovery by email is not set up here. An administrator can reset your password from Settings → Users.";

export const ForgotPasswordResultSchema = z.object({ message: z.string() });

/** POST /api/auth/reset-password: the token from the link and the new password. */
export const ResetPasswordBodySchema = z.object({
  token: z.string().min(20).max(200),
  newPassword: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const INVALID_RESET_LINK_MESSAGE =
  "This reset link is invalid, was already used or has expired. Ask for a new one.";
