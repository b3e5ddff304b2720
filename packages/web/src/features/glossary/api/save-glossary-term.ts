import {
  type GlossaryTerm,
  type GlossaryTermInput,
  GlossaryTermSchema,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { glossaryKeys } from "./query-keys";

/** Adds a term, or replaces the fields of an existing one. */
export const saveGlossaryTerm = ({
  id,
  input,
}: {
  id?: string;
  input: GlossaryTermInput;
}): Promise<GlossaryTerm> =>
  id
    ? api.put(`/api/settings/glossary/${encodeURIComponent(id)}`, input, {
        schema: GlossaryTermSchema,
      })
    : api.post("/api/settings/glossary", input, { schema: GlossaryTermSchema });

export const useSaveGlossaryTerm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGlossaryTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
  });
};
