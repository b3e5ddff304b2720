import { GlossaryListSchema, type ListGlossaryQuery } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { glossaryKeys } from "../../../lib/query-keys";

export const getGlossaryQueryOptions = (params: ListGlossaryQuery) =>
  apiQueryOptions(glossaryKeys.list(params), "/api/settings/glossary", GlossaryListSchema, {
    params: { ...params },
    placeholderData: (previous) => previous,
  });

/** The glossary's terms, filtered by language and status, with what the caller may do. */
export const useGlossary = (params: ListGlossaryQuery) => useQuery(getGlossaryQueryOptions(params));
