import http from "node:http";
import https from "node:https";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { EXAMPLE_MAX_FILE_BYTES, INGEST_MAX_ENTRIES } from "@content-studio/contract";
import { isMarkdownPath } from "../example-file";
import { publicOnlyLookup } from "./remote-archive";
import { SourceError, type SourceEntry, type SourceListing } from "./source";

export interface S3Location {
  bucket: string;
  prefix: string;
}

export interface S3Options {
  endpoint: string | undefined;
  /** The endpoint's origin is allow-listed (EXAMPLES_FETCH_ALLOW_ORIGINS): private addresses allowed. */
  trusted: boolean;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

export function parseS3Url(url: string): S3Location {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!m) throw new SourceError("Use s3://bucket/prefix for an S3 location.");
  const prefix = (m[2] ?? "").replace(/^\/+/, "");
  return { bucket: m[1]!, prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix };
}

function s3Client(
  options: S3Options,
  credentials: NonNullable<S3Options["credentials"]>,
  maxAttempts: number,
): S3Client {
  const lookup = publicOnlyLookup(options.trusted, "The S3 endpoint");
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    credentials,
    maxAttempts,
    // Every connection checks the address it reaches after DNS, like the archive download.
    requestHandler: {
      httpAgent: new http.Agent({ keepAlive: true, lookup }),
      httpsAgent: new https.Agent({ keepAlive: true, lookup }),
    },
  });
}

/**
 * Whether the bucket answers a one-key listing below the prefix within `timeoutMs` (one
 * attempt, no retries): what the readiness probe asks of a configured S3 store. Throws a
 * SourceError when it does not.
 */
export async function probeS3(
  location: S3Location,
  options: S3Options,
  timeoutMs: number,
): Promise<void> {
  if (!options.credentials) throw new SourceError("No S3 access key is configured.");
  const client = s3Client(options, options.credentials, 1);
  try {
    await client.send(
      new ListObjectsV2Command({
        Bucket: location.bucket,
        Prefix: location.prefix || undefined,
        MaxKeys: 1,
      }),
      { abortSignal: AbortSignal.timeout(timeoutMs) },
    );
  } catch (error) {
    throw new SourceError(
      `The S3 bucket '${location.bucket}' did not answer (${(error as { name?: string }).name ?? "error"}).`,
      { cause: error },
    );
  } finally {
    client.destroy();
  }
}

/** Lists the markdown objects below the prefix of an S3-compatible bucket. */
export async function listS3(location: S3Location, options: S3Options): Promise<SourceListing> {
  if (!options.credentials) {
    throw new SourceError(
      "The server has no access key for S3, so it cannot read the bucket (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set).",
    );
  }
  const client = s3Client(options, options.credentials, 3);
  const entries: SourceEntry[] = [];
  const failures: { path: string; reason: string }[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: location.bucket,
          Prefix: location.prefix || undefined,
          ContinuationToken: token,
        }),
        { abortSignal: AbortSignal.timeout(30_000) },
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key ?? "";
        const path = key.slice(location.prefix.length);
        if (!path || !isMarkdownPath(path) || path.split("/").some((s) => s.startsWith(".")))
          continue;
        if (entries.length >= INGEST_MAX_ENTRIES) {
          throw new SourceError(
            `The bucket holds more than ${INGEST_MAX_ENTRIES.toLocaleString("en-US")} markdown files.`,
          );
        }
        const size = object.Size ?? 0;
        if (size > EXAMPLE_MAX_FILE_BYTES) {
          failures.push({ path, reason: "larger than 1 MiB" });
          continue;
        }
        entries.push({
          path,
          size,
          read: async () => {
            const res = await client.send(
              new GetObjectCommand({ Bucket: location.bucket, Key: key }),
              {
                abortSignal: AbortSignal.timeout(30_000),
              },
            );
            const bytes = await res.Body?.transformToByteArray();
            return bytes ?? new Uint8Array();
          },
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } catch (error) {
    if (error instanceof SourceError) throw error;
    const name = (error as { name?: string }).name ?? "";
    throw new SourceError(
      name === "NoSuchBucket"
        ? `The bucket '${location.bucket}' does not exist.`
        : name === "AccessDenied" ||
            name === "InvalidAccessKeyId" ||
            name === "SignatureDoesNotMatch"
          ? "The S3 credentials were refused."
          : "The S3 bucket could not be reached.",
    );
  }
  return { entries, failures };
}
