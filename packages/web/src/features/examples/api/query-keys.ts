/**
 * Every react-query key of this feature's data: its queries use them, and other features
 * invalidate this feature's data through them, never through a string of their own.
 */
export const exampleKeys = {
  all: ["examples"] as const,
  lists: ["examples", "list"] as const,
  list: (params: object) => [...exampleKeys.lists, params] as const,
  detail: (id: string) => [...exampleKeys.all, "detail", id] as const,
  ingestJob: (id: string | null) => [...exampleKeys.all, "ingest-job", id] as const,
  runningIngestJobs: (scope: string) =>
    [...exampleKeys.all, "ingest-jobs", "running", scope] as const,
  repositorySettings: ["settings", "example-repository"] as const,
};
