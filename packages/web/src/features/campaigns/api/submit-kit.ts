import { KitSubmitResultSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getKitQueryOptions, kitPath } from "./get-kit";

/** Submits the chosen steps' items for approval (every done one when `stepIds` is omitted). */
export const submitKit = ({ kitId, stepIds }: { kitId: string; stepIds?: string[] }) =>
  api.post(`${kitPath(kitId)}/submit`, KitSubmitResultSchema, stepIds ? { stepIds } : {});

export const useSubmitKit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKit,
    // The items' statuses changed: the kit shows them.
    onSuccess: (_result, { kitId }) =>
      queryClient.invalidateQueries({ queryKey: getKitQueryOptions(kitId).queryKey }),
  });
};
