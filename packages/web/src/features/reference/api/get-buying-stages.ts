import { BuyingStageSchema, listOf } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { referenceKeys } from "../../../lib/query-keys";

export const getBuyingStages = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/buying-stages", listOf(BuyingStageSchema), { signal });

export const getBuyingStagesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.buyingStages,
    queryFn: ({ signal }) => getBuyingStages({ signal }),
    staleTime: Infinity,
  });

/** Buying stage ids in journey order: awareness, consideration, decision. */
export const useBuyingStages = () => useQuery(getBuyingStagesQueryOptions());
