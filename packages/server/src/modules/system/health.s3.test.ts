import type { NotReadyDetails } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helper";
import { S3RVER_CREDENTIALS, useS3rverWithBucket } from "../../../test/support/s3rver";
import { writeSetting } from "../settings/settings.repository";
import { EXAMPLE_REPO_SETTING } from "../settings/stored-settings";

const BUCKET = "ready-examples";

describe("readiness with the example repository's S3 store", () => {
  const s3 = useS3rverWithBucket(BUCKET);
  let t: TestApp;
  const useCloud = (bucket: string, repositorySource = "cloud") =>
    writeSetting(
      t.db,
      EXAMPLE_REPO_SETTING,
      {
        repositorySource,
        exampleRepoPath: "./examples",
        cloudRepoUrl: `s3://${bucket}/bench/`,
        s3Endpoint: s3.endpoint,
        s3Region: "us-east-1",
      },
      null,
    );

  beforeAll(async () => {
    const { client } = s3;
    client.destroy();
    // The fake S3 listens on loopback: reachable only because its origin is allow-listed.
    t = await buildTestApp({
      config: { s3Credentials: { ...S3RVER_CREDENTIALS }, fetchAllowOrigins: [s3.endpoint] },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("is ready while the configured bucket answers", async () => {
    await useCloud(BUCKET);
    const res = await t.anonymous.get("/api/health/ready");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { checks: { storage: "ok" } } });
  });

  it("does not ask S3 while Cloud is not the chosen source", async () => {
    await useCloud("no-such-bucket", "local");
    const res = await t.anonymous.get("/api/health/ready");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { checks: { storage: "not_configured" } } });
  });

  it("answers 503 naming storage when the bucket does not answer, and when S3 is down", async () => {
    await useCloud("no-such-bucket");
    const missing = await t.anonymous.get("/api/health/ready");
    expect(missing.statusCode).toBe(503);
    expect(missing.json<{ message: string; details: NotReadyDetails }>()).toMatchObject({
      message: "Not ready: the example repository's S3 store did not answer.",
      details: { failed: ["storage"], checks: { database: "ok", storage: "failed" } },
    });

    await useCloud(BUCKET);
    expect((await t.anonymous.get("/api/health/ready")).statusCode).toBe(200);
    const exited = new Promise((resolve) => s3.child.once("exit", resolve));
    s3.child.kill("SIGTERM");
    await exited;
    const down = await t.anonymous.get("/api/health/ready");
    expect(down.statusCode).toBe(503);
    expect(down.json<{ details: NotReadyDetails }>().details.failed).toEqual(["storage"]);
  });
});
