import { SsoSettingsSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { ssoKeys } from "../../../lib/query-keys";

export const getSsoSettings = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/settings/sso", SsoSettingsSchema, { signal });

export const getSsoSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ssoKeys.settings,
    queryFn: ({ signal }) => getSsoSettings({ signal }),
  });

/** The single sign-on provider (never its client secret) and the callback URL (admins only). */
export const useSsoSettings = () => useQuery(getSsoSettingsQueryOptions());
