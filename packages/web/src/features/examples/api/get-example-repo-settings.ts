import {
  ExampleRepoSettingsResponseSchema,
  type ExampleRepoSettingsResponse,
} from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { examplesKeys } from "../../../lib/query-keys";

/**
 * The stored settings plus whether the server has S3 credentials (never the keys) and what the
 * caller may do (`can.edit`, `can.ingest`).
 */
export type ExampleRepoSettingsView = ExampleRepoSettingsResponse;

export const getExampleRepoSettings = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/settings/example-repository", ExampleRepoSettingsResponseSchema, { signal });

export const getExampleRepoSettingsQueryOptions = () =>
  queryOptions({
    queryKey: examplesKeys.repositorySettings,
    queryFn: ({ signal }) => getExampleRepoSettings({ signal }),
  });

/** Where examples are ingested from (defaults), stored on the server. */
export const useExampleRepoSettings = () => useQuery(getExampleRepoSettingsQueryOptions());
