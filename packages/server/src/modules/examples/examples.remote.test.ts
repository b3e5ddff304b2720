import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ExampleList } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTarGz,
  buildZip,
  exampleMarkdown,
  ingestAndWait,
  reasonsByPath,
} from "../../../test/fixtures/examples";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import {
  DEFAULT_FETCH_POLICY,
  fetchRemoteArchive,
  isPublicAddress,
} from "./sources/remote-archive";

const ARCHIVE_FILES = [
  { name: "bench/good/remote-a.md", data: exampleMarkdown({ title: "Remote A" }) },
  { name: "bench/bad/remote-b.md", data: exampleMarkdown({ title: "Remote B" }) },
  { name: "bench/bad/broken.md", data: exampleMarkdown({ persona: "Nobody" }) },
];

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 with a route table. */
async function startServer(routes: Record<string, Handler>) {
  const server = http.createServer((req, res) => {
    const handler = routes[req.url ?? ""];
    if (handler) return handler(req, res);
    res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const send =
  (body: Buffer, type: string): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
  };
const redirect =
  (location: string): Handler =>
  (_req, res) => {
    res.writeHead(302, { location }).end();
  };

describe("ingest from an archive URL", () => {
  let t: TestApp;
  let editor: Agent;
  let mirror: Awaited<ReturnType<typeof startServer>>;
  let other: Awaited<ReturnType<typeof startServer>>;
  const requests: string[] = [];

  beforeAll(async () => {
    const zip = await buildZip(ARCHIVE_FILES);
    const tgz = await buildTarGz(ARCHIVE_FILES);
    other = await startServer({
      "/x.zip": (req, res) => {
        requests.push(`other ${req.url}`);
        send(zip, "application/zip")(req, res);
      },
    });
    const otherPort = new URL(other.origin).port;
    mirror = await startServer({
      "/x.zip": send(zip, "application/zip"),
      "/x.tar.gz": send(tgz, "application/gzip"),
      "/moved.zip": redirect("/x.zip"),
      "/to-other-port.zip": redirect(`http://127.0.0.1:${otherPort}/x.zip`),
      "/to-other-port-https.zip": redirect(`https://127.0.0.1:${otherPort}/x.zip`),
      "/to-localhost.zip": redirect(`https://localhost:${otherPort}/x.zip`),
      "/to-metadata.zip": redirect("http://169.254.169.254/latest/meta-data/"),
      "/huge.zip": (_req, res) => {
        res.writeHead(200, { "content-length": String(101 * 1024 * 1024) });
        res.write("PK"); // and never the rest
      },
      "/endless.zip": (_req, res) => {
        res.writeHead(200, { "content-type": "application/zip" });
        res.write(Buffer.alloc(256 * 1024)); // no length declared, and never ended
      },
      "/silent.zip": () => {
        // Never answers.
      },
      "/text.zip": send(Buffer.from("just text"), "text/plain"),
    });
    t = await buildTestApp({ config: { fetchAllowOrigins: [mirror.origin] } });
    editor = await t.signInAs("editor");
  });
  afterAll(async () => {
    await t.close();
    await mirror.close();
    await other.close();
  });

  it("ingests a .zip from an allowed origin", async () => {
    const url = `${mirror.origin}/x.zip`;
    const job = await ingestAndWait(editor, { source: "cloud", url });
    expect(job).toMatchObject({
      origin: "url",
      sourceKey: url,
      status: "succeeded",
      added: 2,
      errors: 1,
      total: 3,
    });
    expect(reasonsByPath(job)).toEqual({ "bench/bad/broken.md": "unknown persona 'Nobody'" });
    const list = await editor.get("/api/examples?source=cloud&pageSize=100");
    const items = list.json<{ data: ExampleList }>().data.items;
    expect(items.map((i) => [i.title, i.category, i.origin]).sort()).toEqual([
      ["Remote A", "good", "url"],
      ["Remote B", "bad", "url"],
    ]);
    // The same archive again: unchanged.
    expect(await ingestAndWait(editor, { source: "cloud", url })).toMatchObject({
      added: 0,
      unchanged: 2,
    });
  });

  it("ingests a .tar.gz, and follows a redirect inside the allowed origin", async () => {
    const tgz = await ingestAndWait(editor, { source: "cloud", url: `${mirror.origin}/x.tar.gz` });
    expect(tgz).toMatchObject({ status: "succeeded", added: 2, errors: 1 });
    const moved = await ingestAndWait(editor, {
      source: "cloud",
      url: `${mirror.origin}/moved.zip`,
    });
    expect(moved).toMatchObject({ status: "succeeded", added: 2, errors: 1 });
  });

  it.each([
    [
      "/to-other-port.zip",
      "The URL points to a private or loopback address, which is not allowed.",
    ],
    [
      "/to-other-port-https.zip",
      "The URL points to a private or loopback address, which is not allowed.",
    ],
    [
      "/to-localhost.zip",
      "The URL resolves to a private or loopback address, which is not allowed.",
    ],
    ["/to-metadata.zip", "The URL points to a private or loopback address, which is not allowed."],
  ])("refuses a redirect %s to a private address", async (route, message) => {
    const job = await ingestAndWait(editor, { source: "cloud", url: `${mirror.origin}${route}` });
    expect(job).toMatchObject({ status: "failed", message, added: 0, total: 0 });
    expect(requests).toEqual([]);
  });

  it("refuses a download whose declared size is over the limit", async () => {
    const job = await ingestAndWait(editor, { source: "cloud", url: `${mirror.origin}/huge.zip` });
    expect(job).toMatchObject({
      status: "failed",
      message: "The archive is larger than the 100 MiB download limit.",
    });
  });

  it("reports a missing or unreadable archive as the job's failure", async () => {
    expect(
      await ingestAndWait(editor, { source: "cloud", url: `${mirror.origin}/nothing.zip` }),
    ).toMatchObject({
      status: "failed",
      message: "The server answered HTTP 404 for the archive URL.",
    });
    expect(
      await ingestAndWait(editor, { source: "cloud", url: `${mirror.origin}/text.zip` }),
    ).toMatchObject({ status: "failed", message: "The archive is not a .zip or .tar.gz file." });
  });

  it.each([
    [
      `http://127.0.0.1:1/x.zip`,
      "The URL points to a private or loopback address, which is not allowed.",
    ],
    ["http://localhost:1/x.zip", "Only https:// URLs are allowed."],
    ["http://example.com/x.zip", "Only https:// URLs are allowed."],
    [
      "https://10.0.0.8/x.zip",
      "The URL points to a private or loopback address, which is not allowed.",
    ],
    [
      "https://[::1]/x.zip",
      "The URL points to a private or loopback address, which is not allowed.",
    ],
    ["https://user:pw@example.com/x.zip", "URLs with credentials are not allowed."],
    [
      "ftp://example.com/x.zip",
      "Use s3://bucket/prefix or an https:// URL of a .zip or .tar.gz archive.",
    ],
  ])("refuses %s before starting a job", async (url, message) => {
    const res = await editor.post("/api/examples/ingest", { source: "cloud", url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: false, code: "validation_error", message });
  });

  it("refuses the test server itself when its origin is not allowed", async () => {
    const res = await editor.post("/api/examples/ingest", {
      source: "cloud",
      url: `${other.origin}/x.zip`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/private or loopback/);
    expect(requests).toEqual([]);
  });

  it("caps a body without a declared length, and a server that never answers", async () => {
    const policy = { ...DEFAULT_FETCH_POLICY, allowedOrigins: [mirror.origin] };
    await expect(
      fetchRemoteArchive(`${mirror.origin}/endless.zip`, { ...policy, maxBytes: 100_000 }),
    ).rejects.toThrow("The archive is larger than the 100 MiB download limit.");
    const started = Date.now();
    await expect(
      fetchRemoteArchive(`${mirror.origin}/silent.zip`, { ...policy, timeoutMs: 300 }),
    ).rejects.toThrow("The download took too long.");
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(
      fetchRemoteArchive(`${mirror.origin}/moved.zip`, { ...policy, maxRedirects: 0 }),
    ).rejects.toThrow("Too many redirects.");
  });
});

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", false],
    ["127.8.9.10", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::1", false],
    ["::", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["fe80::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["not an address", false],
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["::ffff:8.8.8.8", true],
    ["2606:4700:4700::1111", true],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
