import { GlossaryListSchema, type ListGlossaryQuery } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { glossaryKeys } from "../../../lib/query-keys";

export const getGlossary = (params: ListGlossaryQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/settings/glossary", GlossaryListSchema, { params: { ...params }, signal });

export const getGlossaryQueryOptions = (params: ListGlossaryQuery) =>
  queryOptions({
    queryKey: glossaryKeys.list(params),
    queryFn: ({ signal }) => getGlossary(params, { signal }),
    placeholderData: (previous) => previous,
  });

/** The glossary's terms, filtered by language and status, with what the caller may do. */
export const useGlossary = (params: ListGlossaryQuery) => useQuery(getGlossaryQueryOptions(params));
