import { definePolicy } from "../../lib/policy";

export type QualityAction = "editBannedPhrases";

/** Everyone signed in runs quality checks and reads the banned phrases; only admins change them. */
export const qualityPolicy = definePolicy<QualityAction>({
  actions: ["editBannedPhrases"],
  minRole: { editBannedPhrases: "admin" },
});
