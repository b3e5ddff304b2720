import { KitSubmitResultSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { getKitQueryOptions, kitPath } from "./get-kit";

/** Submits the chosen steps' items for approval (every done one when `stepIds` is omitted). */
export const submitKit = ({ kitId, stepIds }: { kitId: string; stepIds?: string[] }) =>
  api.post(`${kitPath(kitId)}/submit`, KitSubmitResultSchema, stepIds ? { stepIds } : {});

export const useSubmitKit = () =>
  useApiMutation(submitKit, {
    // The items' statuses changed: the kit shows them.
    refresh: (_result, { kitId }) => [getKitQueryOptions(kitId).queryKey],
  });
