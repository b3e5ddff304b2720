import { definePolicy } from "../../lib/policy";

export type AiAction = "changeProvider";

/** Everyone signed in sees which provider and model generate; only admins change them. */
export const aiPolicy = definePolicy<AiAction>({
  actions: ["changeProvider"],
  minRole: { changeProvider: "admin" },
});
