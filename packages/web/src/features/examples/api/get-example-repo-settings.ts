import {
  ExampleRepoSettingsResponseSchema,
  type ExampleRepoSettingsResponse,
} from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { examplesKeys } from "../../../lib/query-keys";

/**
 * The stored settings plus whether the server has S3 credentials (never the keys) and what the
 * caller may do (`can.edit`, `can.ingest`).
 */
export type ExampleRepoSettingsView = ExampleRepoSettingsResponse;

export const getExampleRepoSettingsQueryOptions = () =>
  apiQueryOptions(
    examplesKeys.repositorySettings,
    "/api/settings/example-repository",
    ExampleRepoSettingsResponseSchema,
  );

/** Where examples are ingested from (defaults), stored on the server. */
export const useExampleRepoSettings = () => useQuery(getExampleRepoSettingsQueryOptions());
