import { ROLES, type Role, type User, type UserListRow } from "@content-studio/contract";
import type { UserRow } from "../../db/types";
import type { PolicyActor } from "../../lib/policy";
import { userCapabilitiesFor } from "./users.policy";

export function normalizeRole(role: string | null | undefined): Role {
  return (ROLES as readonly string[]).includes(role ?? "") ? (role as Role) : "viewer";
}

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: normalizeRole(row.role),
    active: row.banned !== true,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** A row of the users list: the account and what the caller may do with it. */
export function presentUserListRow(row: UserRow, actor: PolicyActor): UserListRow {
  return { ...presentUser(row), can: userCapabilitiesFor(actor, row) };
}
