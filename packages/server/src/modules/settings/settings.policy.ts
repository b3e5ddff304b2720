import { definePolicy } from "../../lib/policy";

export type SettingsAction = "editGenerationSettings";

/** Everyone signed in reads the generation defaults; only admins change them. */
export const settingsPolicy = definePolicy<SettingsAction>({
  actions: ["editGenerationSettings"],
  minRole: { editGenerationSettings: "admin" },
});
