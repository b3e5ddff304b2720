import { listOf, TargetableItemSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { audienceKeys } from "../../../lib/query-keys";

export const getTargetableContentQueryOptions = () =>
  apiQueryOptions(
    audienceKeys.targetableContent(),
    "/api/audience/content",
    listOf(TargetableItemSchema),
  );

/** Recent content items to find accounts for. */
export const useTargetableContent = () => useQuery(getTargetableContentQueryOptions());
