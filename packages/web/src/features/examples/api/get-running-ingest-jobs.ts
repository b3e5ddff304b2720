import { IngestJobSchema, listOf } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { examplesKeys } from "../../../lib/query-keys";

export const getRunningIngestJobs = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/examples/ingest/jobs", listOf(IngestJobSchema), {
    params: { running: "true" },
    signal,
  });

/**
 * Read once per screen and scope: it answers "was an ingest already running when I arrived?",
 * so it neither refetches nor outlives the screen (a stale answer would revive a finished job).
 */
export const getRunningIngestJobsQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: examplesKeys.runningIngestJobs(scope),
    queryFn: ({ signal }) => getRunningIngestJobs({ signal }),
    staleTime: Infinity,
    gcTime: 0,
  });

/** Ingests running right now (started here, in another tab or by someone else). */
export const useRunningIngestJobs = (scope: string, enabled: boolean) =>
  useQuery({ ...getRunningIngestJobsQueryOptions(scope), enabled });
