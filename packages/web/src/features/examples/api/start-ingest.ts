import { IngestJobSchema, type StartIngestBody } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getIngestJobQueryOptions } from "./get-ingest-job";

export const startIngest = (body: StartIngestBody) =>
  api.post("/api/examples/ingest", IngestJobSchema, body);

/**
 * Starts a background ingest from the server folder or the cloud location (editors and
 * admins). A second ingest of a source that is still running is refused with a 409.
 */
export const useStartIngest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startIngest,
    onSuccess: (job) => queryClient.setQueryData(getIngestJobQueryOptions(job.id).queryKey, job),
  });
};
