// Server memory while 6 editors upload the same kind of archive at once: a 222 KB zip of 199
// markdown files of about 1 MiB each (built here), on the BUILT server with PGlite. Uploads
// refused with 429 (the per-server ingest cap) are sent again after Retry-After, so every
// upload is ingested. RSS is sampled every 50 ms from /proc.
import fs from "node:fs";
import path from "node:path";
import yazl from "yazl";
import { repoRoot, serverEntry } from "../e2e/lib/server.mjs";
import { round, rssDuringParallelPosts, sleep, startSignedIn } from "./lib/measure.mjs";

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
  const { server, cookie } = await startSignedIn(ADMIN);
  try {
    const { idle, peak, after, seconds, refused } = await rssDuringParallelPosts({
      server,
      cookie,
      path: "/api/examples/ingest/upload",
      count: UPLOADS,
      form: (n) => {
        const form = new FormData();
        form.append("name", `bench-upload-${n}`);
        form.append("file", new Blob([new Uint8Array(archive)]), `bench-${n}.zip`);
        return form;
      },
      accepted: async (res, body, n) => {
        if (res.status !== 202) throw new Error(`upload answered ${res.status}`);
        const { id } = /** @type {{ data: { id: string } }} */ (body).data;
        for (;;) {
          const jr = await fetch(`${server.apiUrl}/api/examples/ingest/jobs/${id}`, {
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
      },
    });
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
