import { ExampleDetailSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { examplesKeys } from "../../../lib/query-keys";

export const getExample = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/api/examples/${encodeURIComponent(id)}`, ExampleDetailSchema, { signal });

export const getExampleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: examplesKeys.detail(id),
    queryFn: ({ signal }) => getExample(id, { signal }),
  });

/** One example with its sections; `bodyHtml` is sanitised by the server (and again on render). */
export const useExample = (id: string) => useQuery(getExampleQueryOptions(id));
