import {
  PasswordSchema,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
  type UserList,
  type UserListRow,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { AppError, fieldError, orNotFound } from "../../lib/app-error";
import { passwordWeakness } from "../../lib/passwords";
import type { SessionUser } from "../../plugins/access";
import { userPolicy, usersPolicy, type UserAction } from "./users.policy";
import { presentUser, presentUserListRow } from "./users.presenter";
import { auditActorOf, diffFields, recordAudit, recordChangesIfAny } from "../audit/audit.service";
import * as repo from "./users.repository";

/**
 * Refuses a password that is too short, too long or too weak. The length is checked here too,
 * not only by the route schema: better-auth's admin createUser ignores its minimum length, and
 * start-up (ADMIN_PASSWORD) reaches this without a route.
 */
export function assertAcceptablePassword(
  password: string,
  context: { email: string; name: string },
) {
  const length = PasswordSchema.safeParse(password);
  const weakness = length.success
    ? passwordWeakness(password, context)
    : (length.error.issues[0]?.message ?? "This password is not allowed.");
  if (weakness) {
    throw fieldError("body.password", weakness);
  }
}

/**
 * The one call account creation needs from better-auth. The auth module's instance satisfies
 * it; users depends on nothing in auth, so the two modules do not import each other.
 */
export interface AccountCreator {
  api: {
    createUser(request: {
      body: { email: string; password: string; name: string; role: CreateUserBody["role"] };
    }): Promise<{ user: { id: string } }>;
  };
}

/** Creates an account through better-auth (argon2id hash, account row) with the given role. */
export async function createAccount(
  db: Kysely<Database>,
  auth: AccountCreator,
  input: CreateUserBody,
  /** Who created it (audited); none for the first administrator and start-up. */
  actor?: SessionUser,
): Promise<User> {
  assertAcceptablePassword(input.password, input);
  if (await repo.findUserByEmail(db, input.email)) {
    throw new AppError("conflict", "A user with this email already exists.", {
      issues: [{ path: "body.email", message: "A user with this email already exists." }],
    });
  }
  const created = await auth.api.createUser({
    body: { email: input.email, password: input.password, name: input.name, role: input.role },
  });
  const row = await repo.findUserById(db, created.user.id);
  if (!row) throw new Error("Created user not found");
  const user = presentUser(row);
  // better-auth creates the account in its own transaction; the entry follows its commit.
  await recordAudit(db, {
    actor: actor
      ? auditActorOf(actor)
      : { id: user.id, label: `${user.name} <${user.email}>`, ip: null },
    action: "user.created",
    target: { type: "user", id: user.id, label: user.email },
    changes: { name: { to: user.name }, email: { to: user.email }, role: { to: user.role } },
  });
  return user;
}

/** Admins create accounts from Settings → Users (the first administrator is created at setup). */
export async function createUser(
  db: Kysely<Database>,
  auth: AccountCreator,
  actor: SessionUser,
  input: CreateUserBody,
): Promise<UserListRow> {
  usersPolicy.authorize(actor, "create");
  const user = await createAccount(db, auth, input, actor);
  return { ...user, can: presentUserListRow(await findOrFail(db, user.id), actor).can };
}

async function findOrFail(db: Kysely<Database>, id: string) {
  const row = orNotFound(await repo.findUserById(db, id), "User not found.");
  return row;
}

/** Every account, each with what the caller may do with it. */
export async function listAllUsers(db: Kysely<Database>, actor: SessionUser): Promise<UserList> {
  return {
    users: (await repo.listUsers(db)).map((row) => presentUserListRow(row, actor)),
    can: usersPolicy.capabilities(actor),
  };
}

/**
 * Changes a user's role, name or active flag (the users policy decides who may: admins, and
 * not their own role or active flag). A role change or deactivation revokes the user's
 * sessions in the same transaction. The last active admin cannot be removed.
 */
export async function changeUser(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  patch: UpdateUserBody,
): Promise<UserListRow> {
  return db.transaction().execute(async (trx) => {
    const row = orNotFound(await repo.findUserById(trx, id), "User not found.");
    const before = presentUser(row);
    const actions: UserAction[] = [
      ...(patch.role !== undefined && patch.role !== before.role ? ["changeRole" as const] : []),
      ...(patch.active !== undefined && patch.active !== before.active
        ? ["deactivate" as const]
        : []),
      ...(patch.name !== undefined ? ["rename" as const] : []),
    ];
    // The role and whose account it is decide first (403); then the last administrator (409).
    for (const action of actions.length > 0 ? actions : (["rename"] as const)) {
      if (userPolicy.refusal(actor, action, row) === "forbidden") {
        userPolicy.authorize(actor, action, row);
      }
    }
    const losesAdmin =
      before.role === "admin" &&
      before.active &&
      ((patch.role !== undefined && patch.role !== "admin") || patch.active === false);
    if (losesAdmin && (await repo.lockActiveAdmins(trx)) <= 1) {
      throw new AppError("conflict", "There must be at least one active administrator.");
    }
    for (const action of actions) userPolicy.authorize(actor, action, row);
    await repo.updateUser(trx, id, {
      ...(patch.role !== undefined ? { role: patch.role } : {}),
      ...(patch.active !== undefined ? { banned: !patch.active } : {}),
      ...(patch.name !== undefined ? { name: patch.name } : {}),
    });
    const roleChanged = patch.role !== undefined && patch.role !== before.role;
    if (roleChanged || patch.active === false) await repo.deleteSessionsOfUser(trx, id);
    const after = orNotFound(await repo.findUserById(trx, id), "User not found.");
    const presented = presentUserListRow(after, actor);
    const changes = diffFields(before, {
      role: presented.role,
      active: presented.active,
      name: presented.name,
    });
    await recordChangesIfAny(trx, {
      actor: auditActorOf(actor),
      action: changes.role
        ? "user.role_changed"
        : changes.active
          ? presented.active
            ? "user.reactivated"
            : "user.deactivated"
          : "user.renamed",
      target: { type: "user", id, label: presented.email },
      changes,
    });
    return presented;
  });
}

/** The sign-in password rules, reported on the given field. */
export function assertNewPassword(
  password: string,
  user: { email: string; name: string },
  path: string,
) {
  try {
    assertAcceptablePassword(password, user);
  } catch (error) {
    if (error instanceof AppError) {
      throw fieldError(path, error.message);
    }
    throw error;
  }
}
