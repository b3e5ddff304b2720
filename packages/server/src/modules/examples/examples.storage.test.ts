import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import type { IngestJob, NotReadyDetails } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildZip,
  exampleMarkdown,
  multipartBody,
  tempDir,
  waitForJob,
} from "../../../test/fixtures/examples";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { S3RVER_CREDENTIALS, useS3rverWithBucket } from "../../../test/support/s3rver";
import type { StorageConfig } from "../../config";
import { directoryStore } from "../storage/directory-store";
import { sweepStoredFiles } from "../storage/storage-sweep";
import { MAX_RUNNING_INGESTS } from "../../lib/ingest-slots";
import { uploadFileOwner } from "./ingest.jobs";
import { expectError } from "../../../test/support/responses";

const BUCKET = "content-studio-files";
/** A small inline limit, so that test files cross it without being large. */
const LIMIT = 64 * 1024;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Examples whose bodies carry random text, so that archives do not compress below the limit. */
function bulkyExamples(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `good/${prefix}-${i}.md`,
    data: `${exampleMarkdown({ title: `${prefix} ${i}` })}\n\nMarker-${prefix}-${i} ${randomBytes(
      12 * 1024,
    ).toString("base64")}\n`,
  }));
}

async function upload(agent: Agent, files: { name: string; data: string | Buffer }[]) {
  const form = new FormData();
  for (const file of files) {
    const data = typeof file.data === "string" ? file.data : (file.data as Uint8Array<ArrayBuffer>);
    form.append("files", new Blob([data]), file.name);
  }
  const { payload, headers } = await multipartBody(form);
  return agent.post("/api/examples/ingest/upload", payload, headers);
}

/**
 * A server whose ingest workers can be held busy: each download from the loopback mirror waits
 * until released, so an upload made meanwhile stays queued with what it staged.
 */
async function appWithHeldWorkers(storage: Partial<StorageConfig>) {
  const held: (() => void)[] = [];
  const zip = await buildZip([{ name: "good/held.md", data: exampleMarkdown({ title: "Held" }) }]);
  const mirror = http.createServer((_req, res) => {
    held.push(() => res.writeHead(200, { "content-type": "application/zip" }).end(zip));
  });
  await new Promise<void>((resolve) => mirror.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;
  const t = await buildTestApp({
    config: {
      fetchAllowOrigins: [origin],
      storage: { inlineLimitBytes: LIMIT, s3: undefined, directory: undefined, ...storage },
    },
  });
  const editor = await t.signInAs("editor");
  let holds = 0;
  /** Occupies every ingest worker until the returned function releases them. */
  const holdWorkers = async () => {
    const runs: string[] = [];
    for (let i = 0; i < MAX_RUNNING_INGESTS; i++) {
      const res = await editor.post("/api/examples/ingest", {
        source: "cloud",
        url: `${origin}/held-${holds++}.zip`,
      });
      expect(res.statusCode, res.body).toBe(202);
      runs.push(res.json<{ data: IngestJob }>().data.id);
    }
    await expect.poll(() => held.length, { timeout: 20_000 }).toBe(MAX_RUNNING_INGESTS);
    return async () => {
      while (held.length > 0) held.shift()?.();
      for (const id of runs) await waitForJob(editor, id);
    };
  };
  const close = async () => {
    await t.close();
    mirror.closeAllConnections();
    await new Promise((resolve) => mirror.close(resolve));
  };
  return { t, editor, holdWorkers, close };
}

const stagedOf = (t: TestApp, runId: string) =>
  Promise.all([
    t.db
      .selectFrom("ingest_upload_object")
      .select(["key", "size", "sha256", "content_type"])
      .where("run_id", "=", runId)
      .execute(),
    t.db
      .selectFrom("ingest_upload_part")
      .select(["path", "bytes", "object_offset", "object_size"])
      .where("run_id", "=", runId)
      .orderBy("seq")
      .execute(),
  ]);

/** The SHA-256 the ingest recorded for the example with this title: its file's bytes, read back. */
const storedHashOf = async (t: TestApp, title: string) =>
  (
    await t.db
      .selectFrom("example")
      .select("content_hash")
      .where("title", "=", title)
      .executeTakeFirstOrThrow()
  ).content_hash;

describe("uploads over the inline limit go to S3", () => {
  const s3 = useS3rverWithBucket(BUCKET);
  let client: S3Client;
  let app: Awaited<ReturnType<typeof appWithHeldWorkers>>;
  let t: TestApp;
  let editor: Agent;
  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map(
      (o) => o.Key,
    );

  beforeAll(async () => {
    client = s3.client;
    app = await appWithHeldWorkers({
      s3: {
        endpoint: s3.endpoint,
        bucket: BUCKET,
        region: "us-east-1",
        credentials: S3RVER_CREDENTIALS,
      },
    });
    ({ t, editor } = app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it("keeps an archive's bytes in the bucket and only their reference in the run, and the ingest reads them back", async () => {
    const files = bulkyExamples("s3zip", 8);
    const archive = await buildZip(files);
    expect(archive.length).toBeGreaterThan(LIMIT);
    const release = await app.holdWorkers();
    const res = await upload(editor, [{ name: "bulky.zip", data: archive }]);
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json<{ data: IngestJob }>().data;

    const [objects, parts] = await stagedOf(t, run.id);
    expect(objects).toHaveLength(1);
    expect(objects[0]!.key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    expect(objects).toEqual([
      {
        key: objects[0]!.key,
        size: archive.length,
        sha256: sha256(archive),
        content_type: "application/octet-stream",
      },
    ]);
    expect(parts).toEqual([]);
    expect(await keys()).toEqual([objects[0]!.key]);

    await release();
    expect(await waitForJob(editor, run.id)).toMatchObject({
      status: "succeeded",
      added: 8,
      errors: 0,
    });
    for (const [i, file] of files.entries()) {
      expect(await storedHashOf(t, `s3zip ${i}`)).toBe(sha256(Buffer.from(file.data)));
    }
    // The run is finished: its object and its reference are gone.
    await expect.poll(keys).toEqual([]);
    expect((await stagedOf(t, run.id))[0]).toEqual([]);
  });

  it("keeps a folder's files as ranges of one object", async () => {
    const files = bulkyExamples("s3dir", 6).map((f) => ({ ...f, name: `team/${f.name}` }));
    const release = await app.holdWorkers();
    const res = await upload(editor, files);
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json<{ data: IngestJob }>().data;
    const [objects, parts] = await stagedOf(t, run.id);
    const whole = Buffer.concat(files.map((f) => Buffer.from(f.data)));
    expect(objects).toMatchObject([{ size: whole.length, sha256: sha256(whole) }]);
    expect(parts.map((p) => [p.path, p.bytes, Number(p.object_offset), p.object_size])).toEqual(
      files.map((f, i) => [
        f.name,
        null,
        files.slice(0, i).reduce((sum, g) => sum + Buffer.byteLength(g.data), 0),
        Buffer.byteLength(f.data),
      ]),
    );
    await release();
    expect(await waitForJob(editor, run.id)).toMatchObject({ status: "succeeded", added: 6 });
    for (const [i, file] of files.entries()) {
      expect(await storedHashOf(t, `s3dir ${i}`)).toBe(sha256(Buffer.from(file.data)));
    }
    await expect.poll(keys).toEqual([]);
  });

  it("keeps an upload at or below the limit in the database, as before", async () => {
    const files = [{ name: "small/good/a.md", data: exampleMarkdown({ title: "Small one" }) }];
    const release = await app.holdWorkers();
    const res = await upload(editor, files);
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json<{ data: IngestJob }>().data;
    const [objects, parts] = await stagedOf(t, run.id);
    expect(objects).toEqual([]);
    expect(parts).toMatchObject([{ path: "small/good/a.md", object_offset: null }]);
    expect(Buffer.from(parts[0]!.bytes!).toString()).toBe(files[0]!.data);
    expect(await keys()).toEqual([]);
    await release();
    expect(await waitForJob(editor, run.id)).toMatchObject({ status: "succeeded", added: 1 });
  });

  it("sweeps objects no unfinished run reads, after an hour's grace", async () => {
    const release = await app.holdWorkers();
    const res = await upload(editor, bulkyExamples("kept", 8));
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json<{ data: IngestJob }>().data;
    const [[kept]] = await stagedOf(t, run.id);
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: "uploads/orphan", Body: "left behind" }),
    );
    const sweep = (now: Date) =>
      sweepStoredFiles(t.ctx.objectStore!, [uploadFileOwner(t.ctx)], now);
    expect(await sweep(new Date())).toBe(0);
    expect(await sweep(new Date(Date.now() + 2 * 3_600_000))).toBe(1);
    expect(await keys()).toEqual([kept!.key]);
    await release();
    await waitForJob(editor, run.id);
    await expect.poll(keys).toEqual([]);
  });

  it("is ready while the bucket answers", async () => {
    const res = await t.anonymous.get("/api/health/ready");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { checks: { fileStore: "ok" } } });
  });

  it("with S3 down, refuses an upload over the limit with a 503 and saves nothing; not ready", async () => {
    const exited = new Promise((resolve) => s3.child.once("exit", resolve));
    s3.child.kill("SIGTERM");
    await exited;
    const runsBefore = await t.db.selectFrom("ingest_run").select("id").execute();

    const res = await upload(editor, bulkyExamples("down", 8));
    expectError(res, 503, {
      code: "service_unavailable",
      message:
        "The file storage is not available right now, so nothing was saved. Try again shortly.",
    });
    expect(await t.db.selectFrom("ingest_run").select("id").execute()).toEqual(runsBefore);
    expect(await t.db.selectFrom("ingest_upload_object").select("key").execute()).toEqual([]);

    // Below the limit nothing needs S3.
    const small = await upload(editor, [
      { name: "down-small/good/a.md", data: exampleMarkdown({ title: "While down" }) },
    ]);
    expect(small.statusCode, small.body).toBe(202);
    await waitForJob(editor, small.json<{ data: IngestJob }>().data.id);

    const ready = await t.anonymous.get("/api/health/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json<{ message: string; details: NotReadyDetails }>()).toMatchObject({
      message: "Not ready: the file store did not answer within 1 s.",
      details: { failed: ["fileStore"], checks: { database: "ok", fileStore: "failed" } },
    });
  });
});

describe("uploads over the inline limit without S3 go to DATA_DIR", () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof appWithHeldWorkers>>;
  beforeAll(async () => {
    dir = tempDir("cs-storage-dir-");
    app = await appWithHeldWorkers({ directory: path.join(dir, "objects") });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const filesIn = (sub: string) =>
    fs.existsSync(path.join(dir, "objects", sub))
      ? fs.readdirSync(path.join(dir, "objects", sub))
      : [];

  it("writes the archive to a file, reads it back, and deletes it when the run ends", async () => {
    const { t, editor } = app;
    const files = bulkyExamples("dirzip", 8);
    const archive = await buildZip(files);
    const release = await app.holdWorkers();
    const res = await upload(editor, [{ name: "bulky.zip", data: archive }]);
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json<{ data: IngestJob }>().data;
    const [[object]] = await stagedOf(t, run.id);
    expect(filesIn("uploads")).toEqual([object!.key.split("/")[1]]);
    expect(fs.readFileSync(path.join(dir, "objects", object!.key))).toEqual(archive);
    // No temporary file is left beside it.
    expect(filesIn(".incoming")).toEqual([]);
    // Ready does not ask a directory anything.
    expect((await t.anonymous.get("/api/health/ready")).json()).toMatchObject({
      data: { checks: { fileStore: "not_configured" } },
    });

    await release();
    expect(await waitForJob(editor, run.id)).toMatchObject({ status: "succeeded", added: 8 });
    expect(await storedHashOf(t, "dirzip 5")).toBe(sha256(Buffer.from(files[5]!.data)));
    await expect.poll(() => filesIn("uploads")).toEqual([]);
  });
});

describe("the directory store", () => {
  it("never shows a half-written file, and refuses keys it did not make", async () => {
    const root = tempDir("cs-store-");
    try {
      const store = directoryStore(root);
      const failing = Readable.from(
        (async function* () {
          yield Buffer.from("first half");
          throw new Error("the client went away");
        })(),
      );
      await expect(
        store.put("uploads/broken", failing, { size: 20, contentType: "text/plain" }),
      ).rejects.toThrow("could not be written");
      expect(await store.head("uploads/broken")).toBeUndefined();
      expect(fs.readdirSync(path.join(root, ".incoming"))).toEqual([]);

      await store.put("uploads/whole", Readable.from([Buffer.from("0123456789")]), {
        size: 10,
        contentType: "text/plain",
      });
      expect(await store.head("uploads/whole")).toEqual({ size: 10 });
      const range: Buffer[] = [];
      for await (const chunk of await store.get("uploads/whole", { start: 2, end: 5 })) {
        range.push(chunk as Buffer);
      }
      expect(Buffer.concat(range).toString()).toBe("2345");

      for (const key of ["../escape", "uploads/../../etc/passwd", "/abs", "Uploads/X", ""]) {
        await expect(store.head(key)).rejects.toThrow("Not a storage key");
      }
      await store.delete("uploads/whole");
      expect(await store.head("uploads/whole")).toBeUndefined();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
