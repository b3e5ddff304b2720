import { ROLES, type Role, type User } from "@content-studio/contract";
import type { UserRow } from "../../db/types";

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
