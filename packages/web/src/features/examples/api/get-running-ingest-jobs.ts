import { IngestJobSchema, listOf } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { examplesKeys } from "../../../lib/query-keys";

/**
 * Read once per screen and scope: it answers "was an ingest already running when I arrived?",
 * so it neither refetches nor outlives the screen (a stale answer would revive a finished job).
 */
export const getRunningIngestJobsQueryOptions = (scope: string) =>
  apiQueryOptions(
    examplesKeys.runningIngestJobs(scope),
    "/api/examples/ingest/jobs",
    listOf(IngestJobSchema),
    {
      params: { running: "true" },
      staleTime: Infinity,
      gcTime: 0,
    },
  );

/** Ingests running right now (started here, in another tab or by someone else). */
export const useRunningIngestJobs = (scope: string, enabled: boolean) =>
  useQuery({ ...getRunningIngestJobsQueryOptions(scope), enabled });
