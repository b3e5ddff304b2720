import { IngestJobSchema, isIngestUnfinished } from "@content-studio/contract";
import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { examplesKeys } from "../../../lib/query-keys";

/** How often a running job is polled for progress. */
const INGEST_POLL_MS = 500;

export const getIngestJob = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/api/examples/ingest/jobs/${encodeURIComponent(id)}`, IngestJobSchema, { signal });

export const getIngestJobQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: examplesKeys.ingestJob(id),
    queryFn: id ? ({ signal }) => getIngestJob(id, { signal }) : skipToken,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && isIngestUnfinished(query.state.data) ? INGEST_POLL_MS : false,
  });

/** An ingest job, polled every 500 ms while it runs. */
export const useIngestJob = (id: string | null) => useQuery(getIngestJobQueryOptions(id));
