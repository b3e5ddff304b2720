import type { SsoSettings } from "@content-studio/contract";
import { SsoSettingsSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getSsoSettings = ({ signal }: { signal?: AbortSignal } = {}): Promise<SsoSettings> =>
  api.get("/api/settings/sso", SsoSettingsSchema, { signal });

export const SSO_SETTINGS_QUERY_KEY = ["settings", "sso"] as const;

export const getSsoSettingsQueryOptions = () =>
  queryOptions({
    queryKey: SSO_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => getSsoSettings({ signal }),
  });

/** The single sign-on provider (never its client secret) and the callback URL (admins only). */
export const useSsoSettings = () => useQuery(getSsoSettingsQueryOptions());
