import { KitSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { briefPath, getBriefQueryOptions } from "./get-brief";
import { getKitQueryOptions } from "./get-kit";

/** "Generate kit": starts a kit from the brief (owner or admin). */
export const startKit = (briefId: string) => api.post(`${briefPath(briefId)}/kits`, KitSchema);

export const useStartKit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startKit,
    onSuccess: async (kit) => {
      queryClient.setQueryData(getKitQueryOptions(kit.id).queryKey, kit);
      await queryClient.invalidateQueries({ queryKey: getBriefQueryOptions(kit.briefId).queryKey });
    },
  });
};
