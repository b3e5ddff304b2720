import { IntentDatasetSchema, type CommitImportBody } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { audienceKeys, contentKeys } from "../../../lib/query-keys";

export const commitIntentImport = ({ importId, mode }: { importId: string } & CommitImportBody) =>
  api.post(`/api/audience/imports/${encodeURIComponent(importId)}/commit`, IntentDatasetSchema, {
    mode,
  });

/** Stores a previewed upload; every view computed from intent data reloads. */
export const useCommitIntentImport = () =>
  useRefreshingMutation(commitIntentImport, audienceKeys.all, contentKeys.generationData);
