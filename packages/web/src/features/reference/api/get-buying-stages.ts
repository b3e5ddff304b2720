import { BuyingStageSchema, listOf } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { referenceKeys } from "../../../lib/query-keys";

export const getBuyingStagesQueryOptions = () =>
  apiQueryOptions(referenceKeys.buyingStages, "/api/buying-stages", listOf(BuyingStageSchema), {
    staleTime: Infinity,
  });

/** Buying stage ids in journey order: awareness, consideration, decision. */
export const useBuyingStages = () => useQuery(getBuyingStagesQueryOptions());
