import {
  ExampleListSchema,
  type ContentType,
  type ExampleCategory,
  type RepositorySource,
} from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { examplesKeys } from "../../../lib/query-keys";

/** The list query as sent (`ListExamplesQuerySchema`): `tags` is comma-separated. */
export interface ExamplesParams {
  source: RepositorySource;
  category?: ExampleCategory;
  contentType?: ContentType;
  personaId?: string;
  industryId?: string;
  tags?: string;
  /** Free text over title, headline and body. */
  q?: string;
  page: number;
  pageSize: number;
}

export const getExamplesQueryOptions = (params: ExamplesParams) =>
  apiQueryOptions(examplesKeys.list(params), "/api/examples", ExampleListSchema, {
    params: { ...params },
    // While another page or filter loads, keep the rows of the same source on screen.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as ExamplesParams | undefined)?.source === params.source
        ? previous
        : undefined,
  });

/** One page of examples of a source, filtered. */
export const useExamples = (params: ExamplesParams) => useQuery(getExamplesQueryOptions(params));
