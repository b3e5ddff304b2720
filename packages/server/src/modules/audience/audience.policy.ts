import { roleAtLeast, type Role } from "@content-studio/contract";
import { definePolicy } from "../../lib/policy";

export type AudienceAction = "import";
export type IntentUploadAction = "commit";

/** What the policy needs to know about an upload waiting for confirmation. */
export interface PolicyUpload {
  created_by: string | null;
}

/** Intent data as a whole: editors and admins import it; viewers read it. */
export const audiencePolicy = definePolicy<AudienceAction>({
  actions: ["import"],
  minRole: { import: "editor" } satisfies Record<AudienceAction, Role>,
});

/** An upload waiting for confirmation is confirmed by whoever uploaded it, or by an admin. */
export const intentUploadPolicy = definePolicy<IntentUploadAction, PolicyUpload>({
  actions: ["commit"],
  minRole: { commit: "editor" } satisfies Record<IntentUploadAction, Role>,
  // Whose upload it is decides (403), not its state.
  permits: (_action, upload, actor) =>
    upload.created_by === actor.id || roleAtLeast(actor.role, "admin"),
  forbiddenMessages: { commit: "Only the person who uploaded this file can confirm it." },
});
