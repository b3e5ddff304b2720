import { SeoAnalysisSchema, type SeoAnalysisBody } from "@content-studio/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contentKeys } from "../../../lib/query-keys";

export const analyzeSeo = (body: SeoAnalysisBody, { signal }: { signal?: AbortSignal } = {}) =>
  api.post("/api/seo-analysis", SeoAnalysisSchema, body, { signal });

/**
 * The analysis is a pure function of the text, so it is cached like a read: `key` names the
 * content and its revision, and the keyword is part of the key.
 */
export const analyzeSeoQueryOptions = (key: string, body: SeoAnalysisBody) =>
  queryOptions({
    queryKey: contentKeys.seoAnalysis(key, body.primaryKeyword ?? ""),
    queryFn: ({ signal }) => analyzeSeo(body, { signal }),
    staleTime: Infinity,
  });

/** Keyword placement, density, a meta description and the readability grade of the content. */
export const useSeoAnalysis = (key: string, body: SeoAnalysisBody) =>
  useQuery({ ...analyzeSeoQueryOptions(key, body), placeholderData: keepPreviousData });
