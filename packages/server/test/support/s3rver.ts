import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll } from "vitest";
import { tempDir } from "../fixtures/examples";
import { standIn } from "../helper";

/** s3rver in a child process run with --openssl-legacy-provider (see STACK.md). */
export async function startS3rver(
  directory: string,
): Promise<{ endpoint: string; child: ChildProcess }> {
  const script = path.resolve(import.meta.dirname, "../fixtures/s3rver-child.mjs");
  const child = spawn(process.execPath, ["--openssl-legacy-provider", script, directory], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited with code ${code}`)));
  });
  return { endpoint: `http://127.0.0.1:${port}`, child };
}

/** The credentials s3rver accepts. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** A running s3rver with a bucket made, and a client for it (destroy it when done). */
export interface S3rverWithBucket {
  endpoint: string;
  child: ChildProcess;
  client: S3Client;
}

/** Starts s3rver on `directory` and makes `bucket` in it. */
export async function startS3rverWithBucket(
  directory: string,
  bucket: string,
): Promise<S3rverWithBucket> {
  const s3 = await startS3rver(directory);
  const client = new S3Client({
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return { ...s3, client };
}

/**
 * `const s3 = useS3rverWithBucket("bucket")` in a describe block: s3rver on a fresh temporary
 * folder with `bucket` made, started in a beforeAll (call it before the hooks that use it) and
 * stopped, its client destroyed and its folder removed, in an afterAll. A stand-in (see standIn).
 */
export function useS3rverWithBucket(bucket: string): S3rverWithBucket {
  let directory: string | undefined;
  let s3: S3rverWithBucket | undefined;
  beforeAll(async () => {
    directory = tempDir(`cs-s3rver-${bucket}-`);
    s3 = await startS3rverWithBucket(directory, bucket);
  }, 60_000);
  afterAll(() => {
    s3?.client.destroy();
    if (s3?.child.exitCode === null) s3.child.kill("SIGTERM");
    if (directory !== undefined) fs.rmSync(directory, { recursive: true, force: true });
  });
  return standIn(() => s3, "the s3rver");
}
