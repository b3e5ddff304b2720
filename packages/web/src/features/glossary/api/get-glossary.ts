import type { GlossaryList, ListGlossaryQuery } from "@content-studio/contract";
import { GlossaryListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getGlossary = (
  params: ListGlossaryQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<GlossaryList> =>
  api.get("/api/settings/glossary", GlossaryListSchema, { params: { ...params }, signal });

export const GLOSSARY_QUERY_KEY = ["settings", "glossary"] as const;

export const getGlossaryQueryOptions = (params: ListGlossaryQuery) =>
  queryOptions({
    queryKey: [...GLOSSARY_QUERY_KEY, params],
    queryFn: ({ signal }) => getGlossary(params, { signal }),
    placeholderData: (previous) => previous,
  });

/** The glossary's terms, filtered by language and status, with what the caller may do. */
export const useGlossary = (params: ListGlossaryQuery) => useQuery(getGlossaryQueryOptions(params));
