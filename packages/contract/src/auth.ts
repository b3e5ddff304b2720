import { z } from "zod";
import { objectOfKeys } from "./object-of-keys";

export const ROLES = ["admin", "editor", "viewer"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Minimum and maximum password length (characters). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const EmailSchema = z.email("Enter a valid email address.").max(254).toLowerCase();

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  /** False once an admin has deactivated the account. */
  active: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** POST /api/auth/sign-in/email and POST /api/setup/admin: the signed-in user. */
export const SignInResultSchema = z.object({
  user: UserSchema,
  /** Signed in with a temporary password: choose a new one before anything else. */
  passwordChangeRequired: z.boolean().optional(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;

/** GET /api/session: who is signed in, and whether first-run setup is still open. */
export const SessionInfoSchema = z.object({
  user: UserSchema.nullable(),
  /** True while no user exists: /login offers to create the administrator account. */
  setupRequired: z.boolean(),
  /**
   * The user signed in with a temporary password and must choose a new one first (the server
   * always sends it; optional so clients built without it read a missing value as false).
   */
  passwordChangeRequired: z.boolean().optional(),
  /** `email`: 'Forgot password?' sends a reset link; `admin` (or missing): an administrator resets it. */
  passwordRecovery: z.enum(["email", "admin"]).optional(),
  /** Single sign-on, when an admin set it up: the sign-in page's 'Sign in with {name}'. */
  sso: z
    .object({
      name: z.string(),
      /** `break_glass_only`: password sign-in is for the named break-glass admins only. */
      passwordSignIn: z.enum(["everyone", "break_glass_only"]),
    })
    .nullable()
    .optional(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SetupAdminBodySchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100),
  email: EmailSchema,
  password: PasswordSchema,
});
export type SetupAdminBody = z.infer<typeof SetupAdminBodySchema>;

export const SignInBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, "Password is required.").max(PASSWORD_MAX_LENGTH),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const CreateUserBodySchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100),
  email: EmailSchema,
  password: PasswordSchema,
  role: RoleSchema,
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

export const UpdateUserBodySchema = z
  .object({
    role: RoleSchema.optional(),
    active: z.boolean().optional(),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to update." });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/**
 * What an administrator may do with one account (computed by the server's users policy):
 * `changeRole` not for their own account (an admin cannot change their own role); `deactivate`
 * an active account (not their own), or reactivate an inactive one; `resetPassword`.
 */
export const UserCapabilitiesSchema = objectOfKeys(
  ["changeRole", "deactivate", "resetPassword"],
  z.boolean(),
);
export type UserCapabilities = z.infer<typeof UserCapabilitiesSchema>;

/** A row of GET /api/users, and the answer of creating or changing a user. */
export const UserListRowSchema = UserSchema.extend({ can: UserCapabilitiesSchema });
export type UserListRow = z.infer<typeof UserListRowSchema>;

/** GET /api/users. */
export const UserListSchema = z.object({
  users: z.array(UserListRowSchema),
  /** Whether the caller may create accounts. */
  can: z.object({ create: z.boolean() }),
});
export type UserList = z.infer<typeof UserListSchema>;

/** Settings answers carry whether the caller may change them. */
export const SettingsCapabilitiesSchema = z.object({ edit: z.boolean() });
export type SettingsCapabilities = z.infer<typeof SettingsCapabilitiesSchema>;

export const UserIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** How much each role may do: an admin may do all an editor may, an editor all a viewer may. */
export const ROLE_RANK: Record<Role, number> = { viewer: 1, editor: 2, admin: 3 };

/** Whether `role` is at least `minimum` (admin ≥ editor ≥ viewer). */
export function roleAtLeast(role: Role, minimum: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}
