import { GlossaryTermSchema, type GlossaryTermInput } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { glossaryKeys } from "../../../lib/query-keys";

/** Adds a term, or replaces the fields of an existing one. */
export const saveGlossaryTerm = ({ id, input }: { id?: string; input: GlossaryTermInput }) =>
  api.save("/api/settings/glossary", id, GlossaryTermSchema, input);

export const useSaveGlossaryTerm = () => useRefreshingMutation(saveGlossaryTerm, glossaryKeys.all);
