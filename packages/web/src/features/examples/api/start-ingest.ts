import { IngestJobSchema, type StartIngestBody } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { getIngestJobQueryOptions } from "./get-ingest-job";

export const startIngest = (body: StartIngestBody) =>
  api.post("/api/examples/ingest", IngestJobSchema, body);

/**
 * Starts a background ingest from the server folder or the cloud location (editors and
 * admins). A second ingest of a source that is still running is refused with a 409.
 */
export const useStartIngest = () =>
  useApiMutation(startIngest, { set: (job) => getIngestJobQueryOptions(job.id).queryKey });
