import { NullAnswerSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { briefPath, getBriefQueryOptions } from "./get-brief";
import { getBriefsQueryOptions } from "./get-briefs";

export const deleteBrief = (id: string) => api.delete(briefPath(id), NullAnswerSchema);

export const useDeleteBrief = () =>
  useApiMutation(deleteBrief, {
    remove: (_, id) => getBriefQueryOptions(id).queryKey,
    refresh: () => [getBriefsQueryOptions().queryKey],
  });
