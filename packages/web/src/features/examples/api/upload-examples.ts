import { IngestJobSchema, type IngestJob } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { getIngestJobQueryOptions } from "./get-ingest-job";

/** What the browser uploads: the files of one folder (named by their relative paths), or one archive. */
export interface ExamplesUpload {
  /** Shown as the upload's source name; defaults to the folder's name on the server. */
  name?: string;
  files: { file: File; path: string }[];
}

export const uploadExamples = ({ name, files }: ExamplesUpload): Promise<IngestJob> => {
  const form = new FormData();
  if (name) form.append("name", name);
  // The path (e.g. "examples/good/a.md") is the file name: the category comes from it.
  for (const { file, path } of files) form.append("files", file, path);
  return api.post("/api/examples/ingest/upload", IngestJobSchema, form);
};

/** Ingests a folder or a .zip/.tar.gz chosen in the browser, as a background job. */
export const useUploadExamples = () =>
  useApiMutation(uploadExamples, { set: (job) => getIngestJobQueryOptions(job.id).queryKey });
