import {
  GlossaryTermSchema,
  type GlossaryTerm,
  type GlossaryTermInput,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { glossaryKeys } from "../../../lib/query-keys";

/** Adds a term, or replaces the fields of an existing one. */
export const saveGlossaryTerm = ({
  id,
  input,
}: {
  id?: string;
  input: GlossaryTermInput;
}): Promise<GlossaryTerm> =>
  id
    ? api.put(`/api/settings/glossary/${encodeURIComponent(id)}`, GlossaryTermSchema, input)
    : api.post("/api/settings/glossary", GlossaryTermSchema, input);

export const useSaveGlossaryTerm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGlossaryTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
  });
};
