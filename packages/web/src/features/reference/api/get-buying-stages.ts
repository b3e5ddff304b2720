import type { BuyingStage } from "@content-studio/contract";
import { BuyingStageSchema, listOf } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getBuyingStages = ({ signal }: { signal?: AbortSignal } = {}): Promise<
  BuyingStage[]
> => api.get("/api/buying-stages", listOf(BuyingStageSchema), { signal });

export const getBuyingStagesQueryOptions = () =>
  queryOptions({
    queryKey: ["reference", "buying-stages"],
    queryFn: ({ signal }) => getBuyingStages({ signal }),
    staleTime: Infinity,
  });

/** Buying stage ids in journey order: awareness, consideration, decision. */
export const useBuyingStages = () => useQuery(getBuyingStagesQueryOptions());
