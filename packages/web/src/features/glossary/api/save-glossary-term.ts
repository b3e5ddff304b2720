import {
  GlossaryTermSchema,
  type GlossaryTerm,
  type GlossaryTermInput,
} from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
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

export const useSaveGlossaryTerm = () => useRefreshingMutation(saveGlossaryTerm, glossaryKeys.all);
