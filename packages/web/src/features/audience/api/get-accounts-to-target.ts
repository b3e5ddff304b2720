import { AccountsToTargetSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { audienceKeys } from "../../../lib/query-keys";

export const getAccountsToTargetQueryOptions = (id: string) =>
  apiQueryOptions(
    audienceKeys.accountsToTarget(id),
    `/api/audience/content/${encodeURIComponent(id)}/accounts`,
    AccountsToTargetSchema,
  );

/** The accounts whose surging topics and stage a content item matches. */
export const useAccountsToTarget = (id: string | null) =>
  useQuery({ ...getAccountsToTargetQueryOptions(id ?? ""), enabled: id !== null });
