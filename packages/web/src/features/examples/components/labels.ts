import type { ExampleCategory, IngestJob, RepositorySource } from "@content-studio/contract";
import { ApiError } from "../../../lib/api-client";

export const CATEGORY_LABELS: Record<ExampleCategory, string> = {
  good: "Good Example",
  bad: "Bad Example",
};

export const SOURCE_LABELS: Record<RepositorySource, string> = { cloud: "Cloud", local: "Local" };

/** Content type as the table shows it: dashes replaced by spaces. */
export const contentTypeText = (contentType: string): string => contentType.replace(/-/g, " ");

/** `1 example` / `2 examples`. */
export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;

/** Whether the server answered (with an error) rather than the request failing outright. */
const isUnsuccessfulResponse = (error: unknown): boolean =>
  error instanceof ApiError && error.status !== 0;

/** An unsuccessful answer vs. an exception (network down, unreadable). */
export const examplesErrorMessage = (error: unknown): string =>
  isUnsuccessfulResponse(error)
    ? "Failed to fetch examples"
    : "Error fetching examples. Please try again.";

export const exampleDetailErrorMessage = (error: unknown): string =>
  isUnsuccessfulResponse(error)
    ? "Failed to fetch example details"
    : "Error fetching example details. Please try again.";

/**
 * The product's wording, except that a refusal the server explains (409 already running, 400 path
 * outside the root, 413 too large, 403) shows the server's own message.
 */
export const ingestErrorMessage = (error: unknown): string => {
  if (!isUnsuccessfulResponse(error)) return "Error ingesting examples. Please try again.";
  const { status, message } = error as ApiError;
  return status >= 400 && status < 500 && status !== 401 ? message : "Failed to ingest examples";
};

/** Why a finished job failed: the spec's wording, with the server's reason when it gave one. */
export const failedJobMessage = (job: IngestJob): string =>
  job.message ? `Failed to ingest examples: ${job.message}` : "Failed to ingest examples";

/** The success line: new, updated and errors, plus unchanged. */
export const ingestSummary = (job: IngestJob): string =>
  `Ingestion complete: ${plural(job.added, "new example")} added, ${plural(
    job.updated,
    "example",
  )} updated, ${job.unchanged} unchanged, ${plural(job.errors, "error")}.`;

/** Which list a job's examples land in. */
export const sourceOfJob = (job: IngestJob): RepositorySource =>
  job.origin === "s3" || job.origin === "url" ? "cloud" : "local";

/** `850 KB`, `32.4 MB`. */
export const formatBytes = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
