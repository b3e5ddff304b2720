import { KitSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { briefPath, getBriefQueryOptions } from "./get-brief";
import { getKitQueryOptions } from "./get-kit";

/** "Generate kit": starts a kit from the brief (owner or admin). */
export const startKit = (briefId: string) => api.post(`${briefPath(briefId)}/kits`, KitSchema);

export const useStartKit = () =>
  useApiMutation(startKit, {
    set: (kit) => getKitQueryOptions(kit.id).queryKey,
    refresh: (kit) => [getBriefQueryOptions(kit.briefId).queryKey],
  });
