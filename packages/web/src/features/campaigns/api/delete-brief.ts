import { NullAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { briefPath, getBriefQueryOptions } from "./get-brief";
import { getBriefsQueryOptions } from "./get-briefs";

export const deleteBrief = (id: string) => api.delete(briefPath(id), NullAnswerSchema);

export const useDeleteBrief = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBrief,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: getBriefQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: getBriefsQueryOptions().queryKey });
    },
  });
};
