import net from "node:net";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { CLOUD_SOURCE_NEEDS, type ExampleList } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  exampleMarkdown,
  ingestAndWait,
  MALFORMED_FILES,
  reasonsByPath,
} from "../../../test/fixtures/examples";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { S3RVER_CREDENTIALS, useS3rverWithBucket } from "../../../test/support/s3rver";
import { writeSetting } from "../settings/settings.repository";
import { EXAMPLE_REPO_SETTING } from "../settings/stored-settings";
import { expectError } from "../../../test/support/responses";

const BUCKET = "content-examples";
/** More than one listing page (1,000 keys) of valid files. */
const GOOD_COUNT = 1_010;

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

describe("ingest from S3", () => {
  const s3 = useS3rverWithBucket(BUCKET);
  let t: TestApp;
  let admin: Agent;
  let editor: Agent;

  const settings = () => ({
    repositorySource: "cloud",
    exampleRepoPath: "./examples",
    cloudRepoUrl: `s3://${BUCKET}/bench/`,
    s3Endpoint: s3.endpoint,
    s3Region: "us-east-1",
  });

  beforeAll(async () => {
    const { client } = s3;
    const objects: [string, string | Buffer][] = [
      ...Array.from({ length: GOOD_COUNT }, (_, i): [string, string] => [
        `bench/${i % 2 ? "bad" : "good"}/file-${String(i).padStart(4, "0")}.md`,
        exampleMarkdown({ title: `S3 example ${i}` }),
      ]),
      ...Object.entries(MALFORMED_FILES).map(([p, f]): [string, string | Buffer] => [
        `bench/${p}`,
        f.content,
      ]),
      ["bench/good/readme.txt", "not markdown"],
      ["other/good/outside-prefix.md", exampleMarkdown({ title: "Outside the prefix" })],
    ];
    await mapLimit(objects, 16, ([Key, Body]) =>
      client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body })),
    );
    client.destroy();

    // The fake S3 listens on loopback: it is reachable only because its origin is allow-listed.
    t = await buildTestApp({
      config: { s3Credentials: { ...S3RVER_CREDENTIALS }, fetchAllowOrigins: [s3.endpoint] },
    });
    admin = await t.signInAs("admin");
    editor = await t.signInAs("editor");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("saves the repository settings (admins only) and never returns the secret", async () => {
    expect((await editor.put("/api/settings/example-repository", settings())).statusCode).toBe(403);
    const res = await admin.put("/api/settings/example-repository", settings());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { ...settings(), s3CredentialsConfigured: true, can: { edit: true, ingest: true } },
    });
    // An editor reads the settings and may ingest from them, but not change them.
    const read = await editor.get("/api/settings/example-repository");
    expect(read.json()).toEqual({
      success: true,
      data: { ...settings(), s3CredentialsConfigured: true, can: { edit: false, ingest: true } },
    });
    expect(read.body).not.toContain(S3RVER_CREDENTIALS.secretAccessKey);

    const nul = await admin.put("/api/settings/example-repository", {
      ...settings(),
      exampleRepoPath: "./exa\u0000mples",
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ message: "Text cannot contain NUL characters." });

    const bad = await admin.put("/api/settings/example-repository", {
      ...settings(),
      cloudRepoUrl: "ftp://bucket/x",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: "validation_error",
      message: "Use s3://bucket/prefix or an https:// URL of a .zip or .tar.gz archive.",
    });
  });

  it("ingests every markdown object below the prefix, across listing pages", async () => {
    const job = await ingestAndWait(editor, { source: "cloud" });
    expect(job).toMatchObject({
      origin: "s3",
      sourceKey: `s3://${BUCKET}/bench/`,
      status: "succeeded",
      total: GOOD_COUNT + Object.keys(MALFORMED_FILES).length,
      added: GOOD_COUNT,
      updated: 0,
      unchanged: 0,
      errors: Object.keys(MALFORMED_FILES).length,
    });
    const reasons = reasonsByPath(job);
    for (const [p, { reason }] of Object.entries(MALFORMED_FILES)) {
      if (typeof reason === "string") expect(reasons[p], p).toBe(reason);
      else expect(reasons[p], p).toMatch(reason);
    }
    const list = await editor.get("/api/examples?source=cloud&pageSize=1");
    expect(list.json<{ data: ExampleList }>().data.total).toBe(GOOD_COUNT);

    const again = await ingestAndWait(editor, { source: "cloud" });
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: GOOD_COUNT });
    // Two ingests of a thousand objects each: at a load of 12 the first took over 20 s.
  }, 120_000);

  it("refuses without credentials (in words, before a job), fails the job with wrong ones or a missing bucket", async () => {
    const configured = t.ctx.config.s3Credentials;
    try {
      t.ctx.config.s3Credentials = undefined;
      expect((await editor.get("/api/settings/example-repository")).json()).toMatchObject({
        data: { s3CredentialsConfigured: false },
      });
      const refused = await editor.post("/api/examples/ingest", { source: "cloud" });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: "conflict",
        message: CLOUD_SOURCE_NEEDS.no_s3_access_key.full,
      });

      t.ctx.config.s3Credentials = { accessKeyId: "WRONG", secretAccessKey: "WRONG" };
      expect(await ingestAndWait(editor, { source: "cloud" })).toMatchObject({
        status: "failed",
        message: "The S3 credentials were refused.",
      });
    } finally {
      t.ctx.config.s3Credentials = configured;
    }
    expect(
      await ingestAndWait(editor, { source: "cloud", url: "s3://no-such-bucket/x/" }),
    ).toMatchObject({ status: "failed", message: "The bucket 'no-such-bucket' does not exist." });
  });

  it("refuses an S3 endpoint on a loopback, private or link-local address when it is saved", async () => {
    const cases: [string, string][] = [
      [
        "http://127.0.0.1:9000",
        "S3 endpoint: The URL points to a private or loopback address, which is not allowed.",
      ],
      [
        "https://169.254.169.254",
        "S3 endpoint: The URL points to a private or loopback address, which is not allowed.",
      ],
      [
        "https://[::1]:9000",
        "S3 endpoint: The URL points to a private or loopback address, which is not allowed.",
      ],
      [
        "https://10.0.0.8",
        "S3 endpoint: The URL points to a private or loopback address, which is not allowed.",
      ],
      // After DNS: localhost is 127.0.0.1.
      [
        "https://localhost:9000",
        "S3 endpoint: The S3 endpoint resolves to a private or loopback address, which is not allowed.",
      ],
      ["http://s3.example.com", "S3 endpoint: Only https:// URLs are allowed."],
    ];
    for (const [s3Endpoint, message] of cases) {
      const res = await admin.put("/api/settings/example-repository", {
        ...settings(),
        s3Endpoint,
      });
      expectError(
        res,
        400,
        {
          code: "validation_error",
          message,
          details: { issues: [{ path: "body.s3Endpoint", message }] },
        },
        s3Endpoint,
      );
    }
    // Nothing was saved: the allow-listed fake is still the endpoint.
    const read = await admin.get("/api/settings/example-repository");
    expect(read.json()).toMatchObject({ data: { s3Endpoint: s3.endpoint } });
  });

  it("checks the endpoint's address again when an ingest connects (DNS may have changed)", async () => {
    // A name that passes the literal checks and now resolves to loopback, where something listens.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const { port } = listener.address() as net.AddressInfo;
    try {
      // Stored as it could have been saved while the name still resolved to a public address.
      await writeSetting(
        t.db,
        EXAMPLE_REPO_SETTING,
        { ...settings(), s3Endpoint: `https://localhost:${port}` },
        null,
      );
      expect(await ingestAndWait(editor, { source: "cloud" })).toMatchObject({
        status: "failed",
        message: "The S3 endpoint resolves to a private or loopback address, which is not allowed.",
        added: 0,
      });
      expect(connections).toBe(0);

      // A literal address stored before the rule existed is refused before a job starts.
      await writeSetting(
        t.db,
        EXAMPLE_REPO_SETTING,
        { ...settings(), s3Endpoint: "http://169.254.169.254" },
        null,
      );
      const res = await editor.post("/api/examples/ingest", { source: "cloud" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation_error",
        details: { issues: [{ path: "body.s3Endpoint" }] },
      });
    } finally {
      listener.close();
      await writeSetting(t.db, EXAMPLE_REPO_SETTING, settings(), null);
    }
  });

  it("refuses a malformed s3 URL before starting a job", async () => {
    const res = await editor.post("/api/examples/ingest", { source: "cloud", url: "s3://A_B/x" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "Use s3://bucket/prefix for an S3 location." });
  });
});
