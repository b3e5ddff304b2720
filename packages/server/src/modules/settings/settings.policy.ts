import { definePolicy } from "../../lib/policy";

export type SettingsAction = "editGenerationSettings" | "editBannedPhrases";

/** Everyone signed in reads the generation defaults and the banned phrases; only admins change them. */
export const settingsPolicy = definePolicy<SettingsAction>({
  actions: ["editGenerationSettings", "editBannedPhrases"],
  minRole: { editGenerationSettings: "admin", editBannedPhrases: "admin" },
});
