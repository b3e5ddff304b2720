import type { Role } from "@content-studio/contract";
import { definePolicy } from "../../lib/policy";

export type GlossaryAction = "manage";

/** The glossary: admins add, edit, delete and import terms; editors and viewers read it. */
export const glossaryPolicy = definePolicy<GlossaryAction>({
  actions: ["manage"],
  minRole: { manage: "admin" } satisfies Record<GlossaryAction, Role>,
});
