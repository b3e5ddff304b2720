import { definePolicy } from "../../lib/policy";

export type ReferenceAction = "editCompanyProfile";

/**
 * Everyone signed in reads the reference data and the company profile; only admins change the
 * profile (name, description, solutions, key metrics, offers, banned phrases).
 */
export const referencePolicy = definePolicy<ReferenceAction>({
  actions: ["editCompanyProfile"],
  minRole: { editCompanyProfile: "admin" },
});
