import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  CLOUD_SOURCE_NEEDS,
  EXAMPLE_REPO_DEFAULTS,
  type ExampleList,
  type ExampleRepoSettingsResponse,
  type IngestJob,
} from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  exampleMarkdown,
  ingestAndWait,
  MALFORMED_FILES,
  reasonsByPath,
  tempDir,
  waitForJob,
  writeTree,
} from "../../../test/fixtures/examples";
import { buildTestAppAs, type Agent, type TestApp } from "../../../test/helper";
import { prepareExamplesOnStart } from "./examples.startup";
import * as runs from "./examples.repository";
import { INGEST_QUEUE, IngestInterrupted, runIngest } from "./ingest.service";
import { listLocalFolder } from "./sources/local-folder";
import { expectError } from "../../../test/support/responses";

const GOOD_FILES = {
  "good/ecos.md": exampleMarkdown({ title: "ECOs down 40%" }),
  "good/nested/deeper/pilot.md": exampleMarkdown({ title: "Pilot scoping", persona: "CTO" }),
  "good/margin.markdown": exampleMarkdown({ title: "Margin", industry: null }),
  "bad/buzzwords.md": exampleMarkdown({ title: "Buzzwords", tags: "AI, synergy" }),
  "bad/hard-sell.md": exampleMarkdown({ title: "Hard sell", persona: "vp of engineering" }),
};

describe("ingest from a server folder", () => {
  let t: TestApp;
  let editor: Agent;
  let viewer: Agent;
  let root: string;
  let outside: string;
  let repo: string;

  beforeAll(async () => {
    root = tempDir("cs-root-");
    outside = tempDir("cs-outside-");
    repo = path.join(root, "repo");
    writeTree(repo, GOOD_FILES);
    writeTree(
      repo,
      Object.fromEntries(Object.entries(MALFORMED_FILES).map(([p, f]) => [p, f.content])),
    );
    // Ignored without a word: not markdown, hidden.
    writeTree(repo, {
      "good/notes.txt": "not markdown",
      "good/.draft.md": "---\n",
      ".git/good/x.md": "---\n",
    });
    // Outside the root, reached through symlinks.
    writeTree(outside, { "good/secret.md": exampleMarkdown({ title: "Secret" }) });
    fs.symlinkSync(path.join(outside, "good/secret.md"), path.join(repo, "good/link-out.md"));
    fs.symlinkSync(path.join(repo, "good/ecos.md"), path.join(repo, "bad/link-in.md"));
    fs.symlinkSync(outside, path.join(root, "linked-folder"));
    fs.symlinkSync(path.join(outside, "good/secret.md"), path.join(root, "linked-file.md"));
    writeTree(root, { "other/good/one.md": exampleMarkdown({ title: "Other one" }) });

    [t, editor, viewer] = await buildTestAppAs(["editor", "viewer"], {
      config: { examplesRoot: root },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  /** A run recorded as queued with no job (the test drives it by hand). */
  const queuedRun = async (sourceKey: string) => {
    const run = await runs.createIngestRun(t.db, {
      id: randomUUID(),
      origin: "local",
      sourceKey,
      source: { kind: "local", relative: "." },
      startedBy: null,
    });
    if (!run) throw new Error(`${sourceKey} has an unfinished run`);
    return run;
  };

  const list = async (query = "") => {
    const res = await viewer.get(`/api/examples?pageSize=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ExampleList }>().data;
  };

  it("ingests the good files and gives each bad one its reason", async () => {
    const res = await editor.post("/api/examples/ingest", { source: "local", path: repo });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<{ data: IngestJob }>().data;
    expect(started).toMatchObject({ origin: "local", sourceKey: "local:repo", status: "queued" });

    const job = await waitForJob(viewer, started.id);
    const expectedFailures = {
      ...Object.fromEntries(
        Object.entries(MALFORMED_FILES).map(([p, f]) => [p, f.reason] as const),
      ),
      "good/link-out.md": "unsafe path: symlink points outside the examples root",
    };
    expect(job).toMatchObject({
      status: "succeeded",
      total: 17,
      processed: 17,
      added: 6, // 5 files + the symlink to a file inside the root
      updated: 0,
      unchanged: 0,
      errors: 11,
      missing: [],
      message: null,
    });
    expect(job.finishedAt).not.toBeNull();
    const reasons = reasonsByPath(job);
    expect(Object.keys(reasons).sort()).toEqual(Object.keys(expectedFailures).sort());
    for (const [p, reason] of Object.entries(expectedFailures)) {
      if (typeof reason === "string") expect(reasons[p], p).toBe(reason);
      else expect(reasons[p], p).toMatch(reason);
    }

    const { items, total } = await list("&source=local");
    expect(total).toBe(6);
    expect(items.map((i) => i.sourcePath).sort()).toEqual(
      [...Object.keys(GOOD_FILES), "bad/link-in.md"].sort(),
    );
    const pilot = items.find((i) => i.sourcePath === "good/nested/deeper/pilot.md");
    expect(pilot).toMatchObject({
      title: "Pilot scoping",
      category: "good",
      personaId: "cto",
      persona: "CTO",
      industryId: "industrial",
      industry: "Industrial",
      origin: "local",
      sourceKey: "local:repo",
      archived: false,
    });
    expect(items.find((i) => i.sourcePath === "bad/link-in.md")?.category).toBe("bad");
    expect(items.find((i) => i.sourcePath === "good/margin.markdown")?.industry).toBeNull();
    expect(items.find((i) => i.title === "Buzzwords")?.tags).toEqual(["ai", "synergy"]);
  });

  it("reports every file unchanged on a second run", async () => {
    const job = await ingestAndWait(editor, { source: "local", path: repo });
    expect(job).toMatchObject({ status: "succeeded", added: 0, updated: 0, unchanged: 6 });
    expect(job.errors).toBe(11);
    expect((await list("&source=local")).total).toBe(6);
  });

  it("updates an edited file and only that one", async () => {
    fs.writeFileSync(
      path.join(repo, "good/ecos.md"),
      exampleMarkdown({ title: "ECOs down 45%", tags: ["eco"] }),
    );
    const job = await ingestAndWait(editor, { source: "local", path: repo });
    expect(job).toMatchObject({ added: 0, updated: 2, unchanged: 4, errors: 11 });
    const { items } = await list("&source=local&q=45%25");
    expect(items.map((i) => i.sourcePath).sort()).toEqual(["bad/link-in.md", "good/ecos.md"]);
    expect(items[0]?.tags).toEqual(["eco"]);
  });

  it("reports a deleted file as missing, and archives it on request", async () => {
    fs.rmSync(path.join(repo, "bad/hard-sell.md"));
    const job = await ingestAndWait(editor, { source: "local", path: repo });
    expect(job).toMatchObject({ added: 0, updated: 0, unchanged: 5 });
    expect(job.missing).toEqual([
      { id: expect.any(String) as unknown, path: "bad/hard-sell.md", title: "Hard sell" },
    ]);
    const id = job.missing[0]!.id;
    expect((await list()).items.some((i) => i.id === id)).toBe(true);

    expect((await viewer.post("/api/examples/archive", { ids: [id] })).statusCode).toBe(403);
    const res = await editor.post("/api/examples/archive", { ids: [id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { archived: 1 } });
    // Archiving twice changes nothing.
    expect((await editor.post("/api/examples/archive", { ids: [id] })).json()).toEqual({
      success: true,
      data: { archived: 0 },
    });

    expect((await list()).items.some((i) => i.id === id)).toBe(false);
    const withArchived = await list("&includeArchived=true");
    expect(withArchived.items.find((i) => i.id === id)).toMatchObject({ archived: true });
    expect((await viewer.get(`/api/examples/${id}`)).json()).toMatchObject({
      data: { id, archived: true },
    });

    // An archived file is no longer reported missing; when it comes back it is live again.
    expect((await ingestAndWait(editor, { source: "local", path: repo })).missing).toEqual([]);
    fs.writeFileSync(
      path.join(repo, "bad/hard-sell.md"),
      exampleMarkdown({ title: "Hard sell", persona: "vp of engineering" }),
    );
    const back = await ingestAndWait(editor, { source: "local", path: repo });
    expect(back).toMatchObject({ added: 0, updated: 1, unchanged: 5 });
    expect((await list()).items.find((i) => i.id === id)).toMatchObject({ archived: false });
  });

  it("refuses a second ingest of the same source while one is unfinished", async () => {
    // A run of this source waiting for a worker (its job not sent yet).
    const waiting = await runs.createIngestRun(t.db, {
      id: randomUUID(),
      origin: "local",
      sourceKey: "local:repo",
      source: { kind: "local", relative: "repo" },
      startedBy: null,
    });
    expect(waiting).toMatchObject({ status: "queued" });
    const res = await editor.post("/api/examples/ingest", { source: "local", path: repo });
    expectError(res, 409, {
      code: "conflict",
      message:
        "An ingest from this source is already running. Wait for it to finish, then try again.",
    });
    const unfinished = await viewer.get("/api/examples/ingest/jobs?running=true");
    expect(unfinished.json<{ data: IngestJob[] }>().data.map((j) => j.id)).toEqual([waiting!.id]);

    // Another source is not blocked.
    const other = await ingestAndWait(editor, {
      source: "local",
      path: path.join(root, "other"),
    });
    expect(other).toMatchObject({ sourceKey: "local:other", status: "succeeded", added: 1 });

    // Its job arrives: the engine runs it, and the source is free again.
    await t.ctx.jobEngine.send(t.db, INGEST_QUEUE, { runId: waiting!.id });
    expect((await waitForJob(viewer, waiting!.id)).status).toBe("succeeded");
    const again = await editor.post("/api/examples/ingest", { source: "local", path: repo });
    expect(again.statusCode).toBe(202);
    await waitForJob(viewer, again.json<{ data: IngestJob }>().data.id);
  });

  it.each([
    ["../", "The folder '../' is outside the allowed examples root."],
    ["/etc", "The folder '/etc' is outside the allowed examples root."],
    ["<root>/repo/../..", "The folder '<root>/repo/../..' is outside the allowed examples root."],
    [
      "<root>/linked-folder",
      "The folder '<root>/linked-folder' is outside the allowed examples root.",
    ],
    [
      "<root>/linked-file.md",
      "The folder '<root>/linked-file.md' is outside the allowed examples root.",
    ],
    // Outside the root every refusal reads the same: existing, missing, a file, unreadable.
    ["/no/such/folder", "The folder '/no/such/folder' is outside the allowed examples root."],
    ["/etc/hostname", "The folder '/etc/hostname' is outside the allowed examples root."],
    ["/proc/1/root", "The folder '/proc/1/root' is outside the allowed examples root."],
    ["<root>/../nope", "The folder '<root>/../nope' is outside the allowed examples root."],
    [
      "<root>/linked-folder/nope",
      "The folder '<root>/linked-folder/nope' is outside the allowed examples root.",
    ],
    ["<root>/repo/good/ecos.md", "'<root>/repo/good/ecos.md' is not a folder."],
    ["<root>/nope", "The folder '<root>/nope' does not exist inside the examples root."],
  ])("refuses the folder %s with a 400", async (requested, message) => {
    const p = requested.replace("<root>", root);
    const res = await editor.post("/api/examples/ingest", { source: "local", path: p });
    expectError(res, 400, {
      code: "validation_error",
      message: message.replace("<root>", root),
    });
  });

  it("opens on Local while Cloud is not set up, and refuses a Cloud ingest in words before any job", async () => {
    const settings = await viewer.get("/api/settings/example-repository");
    expect(settings.json<{ data: ExampleRepoSettingsResponse }>().data).toMatchObject({
      repositorySource: "local",
      cloudRepoUrl: EXAMPLE_REPO_DEFAULTS.cloudRepoUrl,
    });
    const jobsBefore = await t.db.selectFrom("ingest_run").select("id").execute();
    const res = await editor.post("/api/examples/ingest", { source: "cloud" });
    expectError(res, 409, {
      code: "conflict",
      message: CLOUD_SOURCE_NEEDS.not_set_up.full,
    });
    expect(await t.db.selectFrom("ingest_run").select("id").execute()).toHaveLength(
      jobsBefore.length,
    );
  });

  it("lets viewers watch jobs but not start them", async () => {
    const res = await viewer.post("/api/examples/ingest", { source: "local", path: repo });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
    expect((await t.anonymous.post("/api/examples/ingest", { source: "local" })).statusCode).toBe(
      401,
    );
    const jobs = await viewer.get("/api/examples/ingest/jobs");
    expect(jobs.statusCode).toBe(200);
    expect(jobs.json<{ data: IngestJob[] }>().data.length).toBeGreaterThan(0);
    expect((await viewer.get("/api/examples/ingest/jobs/nope")).json()).toMatchObject({
      code: "not_found",
    });
  });

  it("saves the rest of a batch when one row cannot be written", async () => {
    // A persona removed after the run has resolved names: those rows break a foreign key.
    const dir = path.join(root, "fallback");
    writeTree(dir, {
      "good/one.md": exampleMarkdown({ title: "Fallback one" }),
      "good/orphan.md": exampleMarkdown({ title: "Orphan", persona: "product-manager" }),
      "bad/two.md": exampleMarkdown({ title: "Fallback two" }),
    });
    const run = await queuedRun("local:fallback");
    await runIngest(
      t.db,
      run.id,
      null,
      {
        origin: "local",
        sourceKey: "local:fallback",
        list: async () => {
          const listing = await listLocalFolder(root, "fallback");
          const [first, ...rest] = listing.entries;
          const removePersona = async () => {
            await t.db.deleteFrom("persona").where("id", "=", "product-manager").execute();
            return first!.read();
          };
          return { ...listing, entries: [{ ...first!, read: removePersona }, ...rest] };
        },
      },
      new AbortController().signal,
    );
    const done = await waitForJob(viewer, run.id);
    expect(done).toMatchObject({ status: "succeeded", added: 2, errors: 1 });
    expect(reasonsByPath(done)).toEqual({ "good/orphan.md": "could not be saved" });
  });

  it("leaves a run cut off while its source is still being listed for the engine to run again", async () => {
    const run = await queuedRun("https://slow.example/never.zip");
    const stopping = new AbortController();
    const attempt = runIngest(
      t.db,
      run.id,
      null,
      {
        origin: "url",
        sourceKey: "https://slow.example/never.zip",
        list: () => new Promise(() => {}), // a download that never ends
      },
      stopping.signal,
    );
    const started = Date.now();
    setTimeout(() => stopping.abort(), 50);
    await expect(attempt).rejects.toBeInstanceOf(IngestInterrupted);
    expect(Date.now() - started).toBeLessThan(5000);
    // Nothing recorded as failed: the job's next attempt starts the run over.
    expect(await runs.findIngestRun(t.db, run.id)).toMatchObject({
      status: "queued",
      message: null,
      finished_at: null,
    });
    await runs.failUnfinishedRun(t.db, run.id, "test over");
  });

  it("does not stop the server when the sample folder cannot be ingested", async () => {
    const configured = t.ctx.config.examplesRoot;
    const messages: string[] = [];
    try {
      t.ctx.config.examplesRoot = path.join(repo, "good/ecos.md"); // a file, not a folder
      await prepareExamplesOnStart(t.ctx, (m) => messages.push(m));
    } finally {
      t.ctx.config.examplesRoot = configured;
    }
    expect(messages).toEqual([
      `The sample examples in ${path.join(repo, "good/ecos.md")} were not ingested: '${path.join(repo, "good/ecos.md")}' is not a folder.`,
    ]);
  });
});
