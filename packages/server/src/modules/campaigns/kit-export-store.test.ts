import { createHash } from "node:crypto";
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { finishedKit, zipEntryNames } from "../../../test/support/kits";
import { S3RVER_CREDENTIALS, useS3rverWithBucket } from "../../../test/support/s3rver";
import { sweepStoredFiles } from "../storage/storage-sweep";
import { kitExportFileOwner } from "./kit-export-store";

const BUCKET = "content-studio-exports";
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("kit exports over the inline limit are kept in S3 for their requester", () => {
  const s3 = useS3rverWithBucket(BUCKET);
  let client: S3Client;
  let t: TestApp;
  let editor: Agent;
  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map(
      (o) => o.Key!,
    );

  beforeAll(async () => {
    client = s3.client;
    t = await buildTestApp({
      config: {
        generationRateLimit: 1000,
        storage: {
          // A kit's ZIP (a DOCX per asset) is far above 1 KiB.
          inlineLimitBytes: 1024,
          s3: {
            endpoint: s3.endpoint,
            bucket: BUCKET,
            region: "us-east-1",
            credentials: S3RVER_CREDENTIALS,
          },
          directory: undefined,
        },
      },
    });
    editor = await t.signInAs("editor");
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const doneKit = () => finishedKit(editor);

  it("redirects to an authorized download that is byte-identical to the stored object", async () => {
    const { briefId, kit } = await doneKit();
    const res = await editor.get(`/api/kits/${kit.id}/export.zip`);
    expect(res.statusCode, res.body).toBe(303);
    const location = String(res.headers.location);
    expect(location).toMatch(new RegExp(`^/api/kits/${kit.id}/exports/[0-9a-f-]{36}$`));

    const row = await t.db
      .selectFrom("kit_export")
      .selectAll()
      .where("kit_id", "=", kit.id)
      .executeTakeFirstOrThrow();
    expect(await keys()).toEqual([row.key]);
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: row.key }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(sha256(stored)).toBe(row.sha256);
    expect(stored.length).toBe(Number(row.size));

    const download = await editor.get(location);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename=".+-kit\.zip"$/);
    expect(Number(download.headers["content-length"])).toBe(stored.length);
    expect(download.rawPayload.equals(stored)).toBe(true);
    expect(await zipEntryNames(download.rawPayload)).toContain("index.csv");

    // Someone else who reads the kit exports it themselves; nobody signed out gets it.
    const viewer = await t.signInAs("viewer");
    const refused = await viewer.get(location);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      code: "forbidden",
      message: "This export was made for someone else. Export the kit yourself to download it.",
    });
    expect((await t.anonymous.get(location)).statusCode).toBe(401);
    const unknown = await editor.get(
      `/api/kits/${kit.id}/exports/00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.statusCode).toBe(404);
    // An admin may fetch it (support).
    expect((await (await t.signInAs("admin")).get(location)).statusCode).toBe(200);

    // Deleting the brief deletes its kits' stored exports.
    expect((await editor.delete(`/api/campaigns/${briefId}`)).statusCode).toBe(200);
    expect(await keys()).toEqual([]);
    expect((await editor.get(location)).statusCode).toBe(404);
  });

  it("expires an export after a day: the sweep forgets it and deletes its object", async () => {
    const { kit } = await doneKit();
    const res = await editor.get(`/api/kits/${kit.id}/export.zip`);
    expect(res.statusCode).toBe(303);
    expect(await keys()).toHaveLength(1);
    const owner = kitExportFileOwner(t.ctx);
    expect(await sweepStoredFiles(t.ctx.objectStore!, [owner], new Date())).toBe(0);
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect(await sweepStoredFiles(t.ctx.objectStore!, [owner], tomorrow)).toBe(1);
    expect(await keys()).toEqual([]);
    expect((await editor.get(String(res.headers.location))).statusCode).toBe(404);
  });
});
