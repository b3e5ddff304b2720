import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { StorageConfig } from "../../config";
import { assertKey, StorageUnavailable, type ObjectStore } from "./object-store";

/** How long a call may wait for a connection before the store counts as unreachable. */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * An S3-compatible bucket (AWS, MinIO, s3rver...). The endpoint is the operator's (from the
 * environment), so it is not held to the private-address rules that user-entered URLs are.
 * One client for the process: its connections are kept alive, so the readiness probe's
 * HeadBucket is one round trip. Objects are written with one PutObject each: the largest file
 * is a 100 MiB upload, far below PutObject's 5 GiB.
 */
export function s3Store(s3: NonNullable<StorageConfig["s3"]>): ObjectStore {
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    maxAttempts: 2,
    // Plain PUTs with a Content-Length: the default aws-chunked checksum trailers are not
    // understood by every S3-compatible store.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
  });
  const Bucket = s3.bucket;
  const unavailable = (error: unknown) =>
    new StorageUnavailable("The file storage (S3) did not answer.", { cause: error });
  return {
    kind: "s3",
    async put(key, body, { size, contentType }) {
      assertKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      } catch (error) {
        body.destroy();
        throw unavailable(error);
      }
    },
    async get(key, range) {
      assertKey(key);
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    },
    async head(key) {
      assertKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        if (status === 404) return undefined;
        throw unavailable(error);
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key)
            yield { key: object.Key, lastModified: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check(timeoutMs) {
      await client.send(new HeadBucketCommand({ Bucket }), {
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
    },
    close() {
      client.destroy();
    },
  };
}
