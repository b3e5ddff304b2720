import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ExampleList, IngestJob } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import {
  buildTarGz,
  buildZip,
  exampleMarkdown,
  multipartBody,
  reasonsByPath,
  waitForJob,
  type ArchiveEntry,
} from "../../../test/fixtures/examples";
import { type Agent, useTestAppAs } from "../../../test/helper";
import { readArchive } from "./sources/archive";

const HUGE = exampleMarkdown({ body: "y".repeat(1024 * 1024 + 10) });

/** Good files, every kind of unsafe entry, an oversized file and an ignored one. */
const HOSTILE_ENTRIES: ArchiveEntry[] = [
  { name: "good/a.md", data: exampleMarkdown({ title: "Archive A" }) },
  { name: "repo/bad/b.md", data: exampleMarkdown({ title: "Archive B" }) },
  { name: "../evil.md", data: exampleMarkdown({ title: "Evil" }) },
  { name: "good/../../evil2.md", data: exampleMarkdown({ title: "Evil 2" }) },
  { name: "/abs.md", data: exampleMarkdown({ title: "Absolute" }) },
  { name: "good/huge.md", data: HUGE },
  { name: "good/readme.txt", data: "ignored" },
];

const HOSTILE_REASONS = {
  "../evil.md": "unsafe archive entry: path traversal ('..')",
  "good/../../evil2.md": "unsafe archive entry: path traversal ('..')",
  "/abs.md": "unsafe archive entry: absolute path",
  "good/huge.md": "larger than 1 MiB",
};

/** Nothing an archive names may ever appear on disk. */
function expectNothingWritten() {
  for (const p of [
    "/abs.md",
    "/evil.md",
    path.join(process.cwd(), "..", "evil.md"),
    path.join(process.cwd(), "evil.md"),
    path.join(os.tmpdir(), "evil.md"),
    path.join(os.tmpdir(), "evil2.md"),
    "/etc/passwd.md",
  ]) {
    expect(fs.existsSync(p), p).toBe(false);
  }
}

describe("archives and uploads", () => {
  const [, editor, viewer] = useTestAppAs(["editor", "viewer"]);

  const upload = async (form: FormData, agent: Agent = editor) => {
    const { payload, headers } = await multipartBody(form);
    return agent.post("/api/examples/ingest/upload", payload, headers);
  };
  const uploadAndWait = async (form: FormData) => {
    const res = await upload(form);
    expect(res.statusCode, res.body).toBe(202);
    return waitForJob(viewer, res.json<{ data: IngestJob }>().data.id);
  };
  const archiveForm = (name: string, data: Buffer) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(data)]), name);
    return form;
  };
  const titlesOf = async (sourceKey: string) => {
    const res = await viewer.get("/api/examples?pageSize=100");
    return res
      .json<{ data: ExampleList }>()
      .data.items.filter((i) => i.sourceKey === sourceKey)
      .map((i) => i.title)
      .sort();
  };

  /**
   * A hostile archive (HOSTILE_ENTRIES and its own `linkReasons` entries) uploaded as `name`: its
   * two good files are in, the rest reported with their reasons, and nothing written outside.
   */
  const expectHostileIngested = async (
    name: string,
    archive: Buffer,
    counts: { errors: number; total: number },
    linkReasons: Record<string, string>,
  ) => {
    const sourceKey = `upload:${name.replace(/\.(zip|tar\.gz)$/, "")}`;
    const job = await uploadAndWait(archiveForm(name, archive));
    expect(job).toMatchObject({
      origin: "upload",
      sourceKey,
      status: "succeeded",
      added: 2,
      ...counts,
    });
    expect(reasonsByPath(job)).toEqual({ ...HOSTILE_REASONS, ...linkReasons });
    expect(await titlesOf(sourceKey)).toEqual(["Archive A", "Archive B"]);
    expectNothingWritten();
  };

  it("ingests the safe files of a hostile zip and reports the rest", async () => {
    const zip = await buildZip([
      ...HOSTILE_ENTRIES,
      { name: "good/link.md", data: "../../../../etc/passwd", mode: 0o120777 },
      { name: "__MACOSX/good/._a.md", data: "resource fork" },
    ]);
    await expectHostileIngested(
      "hostile.zip",
      zip,
      { errors: 5, total: 7 },
      {
        "good/link.md": "unsafe archive entry: symbolic link",
      },
    );
  });

  it("does the same for a hostile .tar.gz", async () => {
    const tgz = await buildTarGz([
      { name: "good/", type: "directory" },
      ...HOSTILE_ENTRIES,
      { name: "good/link.md", type: "symlink", linkname: "/etc/passwd" },
      { name: "good/hard.md", type: "link", linkname: "good/a.md" },
    ]);
    await expectHostileIngested(
      "hostile-tar.tar.gz",
      tgz,
      { errors: 6, total: 8 },
      {
        "good/link.md": "unsafe archive entry: symbolic link",
        "good/hard.md": "unsafe archive entry: hard link",
      },
    );
  });

  it("refuses a zip with more than 10,000 entries before reading any", async () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => ({ name: `good/${i}.md`, data: "" }));
    const zip = await buildZip(entries);
    const job = await uploadAndWait(archiveForm("many.zip", zip));
    expect(job).toMatchObject({
      status: "failed",
      message: "The archive has more than 10,000 entries.",
      added: 0,
      errors: 0,
    });
    expect(await titlesOf("upload:many")).toEqual([]);
  });

  it("refuses a .tar.gz with more than 10,000 entries", async () => {
    // Every entry counts, whatever it is: text files are passed over without being written out
    // (10,000 markdown files would each be, and took over 30 s at a load of 10).
    const entries = Array.from({ length: 10_001 }, (_, i) => ({ name: `misc/${i}.txt`, data: "" }));
    await expect(readArchive(await buildTarGz(entries))).rejects.toThrow(
      "The archive has more than 10,000 entries.",
    );
  });

  it("refuses what is not an archive, and damaged archives", async () => {
    await expect(readArchive(Buffer.from("plain text"))).rejects.toThrow(
      "The archive is not a .zip or .tar.gz file.",
    );
    const zip = await buildZip([{ name: "good/a.md", data: exampleMarkdown() }]);
    await expect(readArchive(zip.subarray(0, zip.length - 30))).rejects.toThrow(
      "The .zip archive is damaged.",
    );
    const tgz = await buildTarGz([{ name: "good/a.md", data: exampleMarkdown() }]);
    await expect(readArchive(tgz.subarray(0, 20))).rejects.toThrow(
      "The .tar.gz archive is damaged.",
    );
  });

  it("ingests a folder uploaded as files with relative paths", async () => {
    const form = new FormData();
    form.append("name", "my-folder");
    const file = (name: string, text: string | Buffer) =>
      form.append("files", new Blob([new Uint8Array(Buffer.from(text))]), name);
    file("my-folder/good/a.md", exampleMarkdown({ title: "Folder A" }));
    file("my-folder/bad/b.md", exampleMarkdown({ title: "Folder B" }));
    file("my-folder/misc/c.md", exampleMarkdown({ title: "Folder C" }));
    file("../escape/good/d.md", exampleMarkdown({ title: "Escape" }));
    file("my-folder/good/huge.md", HUGE);
    const job = await uploadAndWait(form);
    expect(job).toMatchObject({
      origin: "upload",
      sourceKey: "upload:my-folder",
      status: "succeeded",
      added: 2,
      errors: 3,
    });
    expect(reasonsByPath(job)).toEqual({
      "my-folder/misc/c.md": "not under good/ or bad/",
      "../escape/good/d.md": "unsafe archive entry: path traversal ('..')",
      "my-folder/good/huge.md": "larger than 1 MiB",
    });
    expect(await titlesOf("upload:my-folder")).toEqual(["Folder A", "Folder B"]);

    // The same folder again: unchanged.
    const again = new FormData();
    again.append(
      "files",
      new Blob([exampleMarkdown({ title: "Folder A" })]),
      "my-folder/good/a.md",
    );
    const second = await uploadAndWait(again);
    expect(second).toMatchObject({
      added: 0,
      unchanged: 1,
      missing: [{ path: "my-folder/bad/b.md" }],
    });
  });

  it("takes loose good/ and bad/ files, named by the name field", async () => {
    const form = new FormData();
    form.append("name", "loose files");
    form.append("files", new Blob([exampleMarkdown({ title: "Loose A" })]), "good/a.md");
    form.append("files", new Blob([exampleMarkdown({ title: "Loose B" })]), "bad/b.md");
    const job = await uploadAndWait(form);
    expect(job).toMatchObject({ sourceKey: "upload:loose-files", added: 2, errors: 0 });
    const res = await viewer.get("/api/examples?pageSize=100&q=loose");
    const items = res.json<{ data: ExampleList }>().data.items;
    expect(items.map((i) => [i.sourcePath, i.category, i.origin]).sort()).toEqual([
      ["bad/b.md", "bad", "upload"],
      ["good/a.md", "good", "upload"],
    ]);
  });

  it("reports a path given twice instead of counting it twice", async () => {
    const form = new FormData();
    form.append("files", new Blob([exampleMarkdown({ title: "Twice 1" })]), "twice/good/a.md");
    form.append("files", new Blob([exampleMarkdown({ title: "Twice 2" })]), "twice/good/a.md");
    const job = await uploadAndWait(form);
    expect(job).toMatchObject({ added: 1, errors: 1 });
    expect(reasonsByPath(job)).toEqual({ "twice/good/a.md": "duplicate path in the source" });
    expect(await titlesOf("upload:twice")).toEqual(["Twice 1"]);
  });

  it("refuses empty, mixed and non-multipart uploads, and viewers", async () => {
    const empty = await upload(fieldOnly());
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: "The upload contained no files." });

    const mixed = new FormData();
    mixed.append("files", new Blob([exampleMarkdown()]), "x/good/a.md");
    mixed.append("file", new Blob([new Uint8Array(await buildZip([]))]), "x.zip");
    const res = await upload(mixed);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "Upload either one archive or the files of one folder.",
    });

    const json = await editor.post("/api/examples/ingest/upload", { files: [] });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ message: "Upload a folder or a .zip file." });

    const form = new FormData();
    form.append("files", new Blob([exampleMarkdown()]), "v/good/a.md");
    expect((await upload(form, viewer)).statusCode).toBe(403);
  });
});

function fieldOnly(): FormData {
  const form = new FormData();
  form.append("name", "nothing");
  return form;
}
