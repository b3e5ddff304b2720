import { SsoSettingsSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { ssoKeys } from "../../../lib/query-keys";

export const getSsoSettingsQueryOptions = () =>
  apiQueryOptions(ssoKeys.settings, "/api/settings/sso", SsoSettingsSchema);

/** The single sign-on provider (never its client secret) and the callback URL (admins only). */
export const useSsoSettings = () => useQuery(getSsoSettingsQueryOptions());
