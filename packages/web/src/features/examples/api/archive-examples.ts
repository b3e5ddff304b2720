import { ArchivedCountSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { examplesKeys } from "../../../lib/query-keys";

export const archiveExamples = (ids: string[]) =>
  api.post("/api/examples/archive", ArchivedCountSchema, { ids });

/** Archives examples whose files have disappeared from their source (editors and admins). */
export const useArchiveExamples = () => useRefreshingMutation(archiveExamples, examplesKeys.lists);
