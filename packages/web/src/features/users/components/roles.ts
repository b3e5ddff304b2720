import { ROLES, type Role } from "@content-studio/contract";

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  editor: "Editor",
  viewer: "Viewer",
};

/** The role a form value names, or `fallback` for anything else. */
export function toRole(value: unknown, fallback: Role = "viewer"): Role {
  return ROLES.find((role) => role === value) ?? fallback;
}
