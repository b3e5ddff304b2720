import fs from "node:fs";
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
import { startIngest } from "./ingest.service";
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

describe("running ingests are capped per server", () => {
  let t: TestApp;
  let editor: Agent;
  beforeAll(async () => {
    t = await buildTestApp();
    editor = await t.signInAs("editor");
  });
  afterAll(() => t.close());

  it("refuses a further ingest with a 429 while the cap is reached, and takes it once a slot frees", async () => {
    const gates: (() => void)[] = [];
    const held: IngestJob[] = [];
    for (let i = 0; i < MAX_RUNNING_INGESTS; i++) {
      held.push(
        await startIngest(t.ctx, null, {
          origin: "manual",
          sourceKey: `held:${i}`,
          list: () =>
            new Promise((resolve) => gates.push(() => resolve({ entries: [], failures: [] }))),
        }),
      );
    }
    const form = new FormData();
    form.append("files", new Blob([exampleMarkdown({ title: "Queued" })]), "later/good/a.md");
    const { payload, headers } = await multipartBody(form);
    const refused = await editor.post("/api/examples/ingest/upload", payload, headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("15");
    expect(refused.headers["x-request-id"]).toBeTruthy();
    expect(refused.json()).toEqual({
      success: false,
      code: "rate_limited",
      message: `${MAX_RUNNING_INGESTS} ingests are already running. Please try again in a moment.`,
      details: { retryAfterSeconds: 15 },
    });
    const fromFolder = await editor.post("/api/examples/ingest", { source: "local" });
    expect(fromFolder.statusCode).toBe(429);

    gates.shift()?.();
    await t.ctx.jobs.wait(held[0]!.id);
    const accepted = await editor.post("/api/examples/ingest/upload", payload, headers);
    expect(accepted.statusCode, accepted.body).toBe(202);
    const job = await waitForJob(editor, accepted.json<{ data: IngestJob }>().data.id);
    expect(job).toMatchObject({ status: "succeeded", added: 1 });
    for (const open of gates) open();
    await t.ctx.jobs.wait(held[1]!.id);
  });
});
