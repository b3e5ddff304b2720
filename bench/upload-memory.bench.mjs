// Server memory while 6 editors upload the same kind of archive at once: a 222 KB zip of 199
// markdown files of about 1 MiB each (built here), on the BUILT server with PGlite. Uploads
// refused with 429 (the per-server ingest cap) are sent again after Retry-After, so every
// upload is ingested. RSS is sampled every 50 ms from /proc.
import fs from "node:fs";
import path from "node:path";
import yazl from "yazl";
import { repoRoot, serverEntry, startServer } from "../e2e/lib/server.mjs";
import { round, sampleRss, signInCookie, sleep, waitForStartupIngest } from "./lib/measure.mjs";

const ADMIN = { email: "bench-upload@example.com", password: "Orbital-Tooling-2026" };
const UPLOADS = 6;
const ENTRIES = 199;
const ENTRY_BYTES = 1_040_000;

/** A valid example file of about ENTRY_BYTES: a sample's front matter and a long, repetitive body. */
function bigExample(/** @type {number} */ i) {
  const sample = fs.readFileSync(
    path.join(
      repoRoot,
      "examples/good",
      fs.readdirSync(path.join(repoRoot, "examples/good"))[0] ?? "",
    ),
    "utf8",
  );
  const head = sample
    .replace(/^title: "(.*)"$/m, `title: "Large example ${i}"`)
    .split("## Body")[0];
  const paragraph =
    "Should-cost models give engineering and procurement one number to discuss before tooling is released. ";
  let body = "";
  while (body.length < ENTRY_BYTES - head.length - 200) body += paragraph;
  return `${head}## Body\n\n${body}\n\n## Conclusion\n\nBook a walkthrough.\n`;
}

async function buildArchive() {
  const zip = new yazl.ZipFile();
  for (let i = 0; i < ENTRIES; i++) {
    zip.addBuffer(Buffer.from(bigExample(i)), `${i % 2 ? "bad" : "good"}/large-${i}.md`, {
      compressionLevel: 9,
    });
  }
  zip.end();
  const chunks = [];
  for await (const chunk of /** @type {AsyncIterable<Buffer>} */ (zip.outputStream))
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function run() {
  if (!fs.existsSync(serverEntry)) throw new Error("run `npm run build` first");
  const archive = await buildArchive();
  console.log(
    `upload-memory: archive ${Math.round(archive.length / 1024)} KB, ${ENTRIES} entries of ${ENTRY_BYTES} bytes`,
  );
  const server = await startServer({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn" },
  });
  try {
    const cookie = await signInCookie(server.apiUrl, ADMIN);
    await waitForStartupIngest(server.apiUrl, cookie);
    const rss = sampleRss(server.pid);

    let refused = 0;
    const started = performance.now();
    const uploadOne = async (/** @type {number} */ n) => {
      for (;;) {
        const form = new FormData();
        form.append("name", `bench-upload-${n}`);
        form.append("file", new Blob([new Uint8Array(archive)]), `bench-${n}.zip`);
        const res = await fetch(`${server.apiUrl}/api/examples/ingest/upload`, {
          method: "POST",
          headers: { cookie, origin: server.apiUrl },
          body: form,
        });
        const body = /** @type {{ data: { id: string } }} */ (await res.json());
        if (res.status === 429) {
          refused += 1;
          await sleep(Number(res.headers.get("retry-after") ?? "5") * 1000);
          continue;
        }
        if (res.status !== 202) throw new Error(`upload answered ${res.status}`);
        for (;;) {
          const jr = await fetch(`${server.apiUrl}/api/examples/ingest/jobs/${body.data.id}`, {
            headers: { cookie },
          });
          const job =
            /** @type {{ data: { status: string, added: number, updated: number, unchanged: number, errors: number } }} */ (
              await jr.json()
            ).data;
          if (job.status !== "running" && job.status !== "queued") {
            if (job.status !== "succeeded" || job.errors !== 0)
              throw new Error(`upload ${n}: ${JSON.stringify(job)}`);
            return;
          }
          await sleep(250);
        }
      }
    };
    await Promise.all(Array.from({ length: UPLOADS }, (_, n) => uploadOne(n)));
    const seconds = (performance.now() - started) / 1000;
    // Memory given back: the allocators settle, then RSS is read again.
    const { idle, peak, after } = await rss.stop();
    console.log(
      `upload-memory: idle ${round(idle)} MiB, peak ${round(peak)} MiB, after ${round(after)} MiB, ` +
        `${UPLOADS} uploads ingested in ${round(seconds)} s (${refused} answers were 429 + retry)`,
    );
    return [
      {
        metric: "upload.6_parallel_rss_peak",
        value: round(peak),
        unit: "MiB",
        target: "< 800 MiB",
      },
      {
        metric: "upload.rss_after_minus_idle",
        value: round(after - idle),
        unit: "MiB",
        target: "<= 100 MiB",
      },
      { metric: "upload.6_parallel_seconds", value: round(seconds), unit: "s", target: "report" },
    ];
  } finally {
    await server.stop();
  }
}
