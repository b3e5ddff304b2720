import { listOf, TargetableItemSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { audienceKeys } from "../../../lib/query-keys";

export const getTargetableContent = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/audience/content", listOf(TargetableItemSchema), { signal });

export const getTargetableContentQueryOptions = () =>
  queryOptions({
    queryKey: audienceKeys.targetableContent(),
    queryFn: ({ signal }) => getTargetableContent({ signal }),
  });

/** Recent content items to find accounts for. */
export const useTargetableContent = () => useQuery(getTargetableContentQueryOptions());
