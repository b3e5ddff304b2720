import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import type { IngestJob } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildZip,
  exampleMarkdown,
  multipartBody,
  waitForJob,
} from "../../../test/fixtures/examples";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { MAX_RUNNING_INGESTS } from "../../lib/ingest-slots";
import { receiveUpload, type UploadPart } from "./sources/upload";

async function* partsOf(
  files: { name: string; data: string | Buffer }[],
): AsyncGenerator<UploadPart> {
  for (const file of files) {
    yield {
      kind: "file",
      fileName: file.name,
      data: (async function* () {
        const bytes = Buffer.from(file.data);
        // In pieces, as a socket delivers them.
        for (let at = 0; at < bytes.length; at += 64 * 1024)
          yield bytes.subarray(at, at + 64 * 1024);
      })(),
      truncated: () => false,
    };
  }
}

describe("upload streaming", () => {
  it("keeps the parts on disk, reads them back, and deletes them when the listing closes", async () => {
    const received = await receiveUpload(
      partsOf([
        { name: "team/good/a.md", data: exampleMarkdown({ title: "A" }) },
        { name: "team/bad/big.md", data: "x".repeat(1024 * 1024 + 1) },
      ]),
      100 * 1024 * 1024,
    );
    expect(received.name).toBe("team");
    expect(fs.readdirSync(received.dir).sort()).toEqual(["file-0", "file-1"]);
    // The oversized file stopped being written at the cap.
    expect(fs.statSync(`${received.dir}/file-1`).size).toBeLessThanOrEqual(1024 * 1024);
    const listing = await received.list();
    expect(listing.failures).toEqual([{ path: "team/bad/big.md", reason: "larger than 1 MiB" }]);
    expect(listing.entries.map((e) => e.path)).toEqual(["team/good/a.md"]);
    expect(Buffer.from(await listing.entries[0]!.read()).toString()).toContain("title: ");
    await listing.close?.();
    expect(fs.existsSync(received.dir)).toBe(false);
  });

  it("reads a zip's entries from disk only when asked, and deletes the file on close", async () => {
    const zip = await buildZip([
      { name: "good/a.md", data: exampleMarkdown({ title: "A" }) },
      { name: "bad/b.md", data: exampleMarkdown({ title: "B" }) },
    ]);
    const received = await receiveUpload(partsOf([{ name: "set.zip", data: zip }]), 1e8);
    expect(received.name).toBe("set");
    const listing = await received.list();
    expect(listing.entries.map((e) => [e.path, e.size])).toEqual([
      ["good/a.md", Buffer.byteLength(exampleMarkdown({ title: "A" }))],
      ["bad/b.md", Buffer.byteLength(exampleMarkdown({ title: "B" }))],
    ]);
    const second = Buffer.from(await listing.entries[1]!.read()).toString();
    expect(second).toBe(exampleMarkdown({ title: "B" }));
    await listing.close?.();
    expect(fs.existsSync(received.dir)).toBe(false);
  });

  it("refuses more than the upload limit and leaves nothing behind", async () => {
    const parts = partsOf([{ name: "x.zip", data: Buffer.alloc(300 * 1024) }]);
    const dirs = () =>
      fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith("content-studio-ingest-"));
    const before = new Set(dirs());
    await expect(receiveUpload(parts, 200 * 1024)).rejects.toMatchObject({ kind: "too_large" });
    expect(dirs().filter((d) => !before.has(d))).toEqual([]);
  });
});

describe("ingest runs wait for a free worker", () => {
  let t: TestApp;
  let editor: Agent;
  let mirror: http.Server;
  let origin: string;
  /** Downloads held open until released (each answers with a one-file zip). */
  const held: (() => void)[] = [];
  let zip: Buffer;
  beforeAll(async () => {
    zip = await buildZip([{ name: "good/held.md", data: exampleMarkdown({ title: "Held" }) }]);
    mirror = http.createServer((req, res) => {
      held.push(() => res.writeHead(200, { "content-type": "application/zip" }).end(zip));
    });
    await new Promise<void>((resolve) => mirror.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;
    t = await buildTestApp({ config: { fetchAllowOrigins: [origin] } });
    editor = await t.signInAs("editor");
  });
  afterAll(async () => {
    await t.close();
    mirror.closeAllConnections();
    await new Promise((resolve) => mirror.close(resolve));
  });

  const stagedPaths = async (runId: string) =>
    (
      await t.db
        .selectFrom("ingest_upload_part")
        .select("path")
        .where("run_id", "=", runId)
        .execute()
    ).map((part) => part.path);
  const statusOf = async (id: string) =>
    (await editor.get(`/api/examples/ingest/jobs/${id}`)).json<{ data: IngestJob }>().data.status;

  it(`runs at most ${MAX_RUNNING_INGESTS} at once in a server; the next one waits queued, then runs`, async () => {
    const started: IngestJob[] = [];
    for (let i = 0; i < MAX_RUNNING_INGESTS; i++) {
      const res = await editor.post("/api/examples/ingest", {
        source: "cloud",
        url: `${origin}/held-${i}.zip`,
      });
      expect(res.statusCode, res.body).toBe(202);
      started.push(res.json<{ data: IngestJob }>().data);
    }
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(MAX_RUNNING_INGESTS);
    for (const job of started) expect(await statusOf(job.id)).toBe("running");

    // An upload is accepted at once; it waits for a worker, staged in the database.
    const form = new FormData();
    form.append("files", new Blob([exampleMarkdown({ title: "Queued" })]), "later/good/a.md");
    const { payload, headers } = await multipartBody(form);
    const accepted = await editor.post("/api/examples/ingest/upload", payload, headers);
    expect(accepted.statusCode, accepted.body).toBe(202);
    const queued = accepted.json<{ data: IngestJob }>().data;
    expect(queued.status).toBe("queued");
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a worker poll goes by
    expect(await statusOf(queued.id)).toBe("queued");
    expect(await stagedPaths(queued.id)).toEqual(["later/good/a.md"]);

    held.shift()?.();
    const done = await waitForJob(editor, queued.id);
    expect(done).toMatchObject({ status: "succeeded", added: 1 });
    // The staged upload went with the run's last write.
    expect(await stagedPaths(queued.id)).toEqual([]);
    while (held.length > 0) held.shift()?.();
    for (const job of started) {
      expect(await waitForJob(editor, job.id)).toMatchObject({ status: "succeeded" });
    }
  });

  it("stages an uploaded archive in the database and reads it back whole", async () => {
    const big = Array.from({ length: 40 }, (_, i) => ({
      name: `good/big-${i}.md`,
      // Incompressible enough that the archive spans several 1 MiB chunks.
      data: exampleMarkdown({ title: `Big ${i}` }) + randomBytes(40 * 1024).toString("base64"),
    }));
    const archive = await buildZip(big);
    expect(archive.length).toBeGreaterThan(2 * 1024 * 1024);
    const form = new FormData();
    form.append("files", new Blob([archive as Uint8Array<ArrayBuffer>]), "big-set.zip");
    const { payload, headers } = await multipartBody(form);
    const res = await editor.post("/api/examples/ingest/upload", payload, headers);
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitForJob(editor, res.json<{ data: IngestJob }>().data.id);
    expect(done).toMatchObject({
      status: "succeeded",
      added: 40,
      errors: 0,
      sourceKey: "upload:big-set",
    });
  });
});
