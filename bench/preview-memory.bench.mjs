// Server memory while one editor previews the same 200,000-row intent CSV six times at once
// (the Content Studio template layout, about 17 MB, built here), on the BUILT server with
// PGlite. Previews refused with 429 (the ingest cap they share with example ingests) are sent
// again after Retry-After, so every preview is parsed. RSS is sampled every 50 ms from /proc.
import { startServer } from "../e2e/lib/server.mjs";
import { ensureBuild } from "./lib/build.mjs";
import { round, sampleRss, signInCookie, sleep, waitForStartupIngest } from "./lib/measure.mjs";

const ADMIN = { email: "bench-preview@example.com", password: "Preview-Memory-2026" };
const PREVIEWS = 6;
const ROWS = 200_000;

/** A template-layout file of ROWS accounts, each with three keywords. */
function buildCsv() {
  const stages = ["awareness", "consideration", "decision"];
  const lines = ["Company Name,Domain,Industry,Intent Score,Buying Stage,Personas,Keywords"];
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `Account ${i},account-${i}.example,Aerospace,${40 + (i % 60)},${stages[i % 3]},vp-engineering,` +
        `"should cost:${50 + (i % 50)};design to cost:${40 + (i % 40)};digital thread:${30 + (i % 30)}"`,
    );
  }
  return Buffer.from(lines.join("\n") + "\n");
}

export async function run() {
  ensureBuild("preview-memory");
  const csv = buildCsv();
  console.log(`preview-memory: ${ROWS} rows, ${round(csv.length / 1024 / 1024)} MiB`);
  const server = await startServer({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn" },
  });
  try {
    const cookie = await signInCookie(server.apiUrl, ADMIN);
    await waitForStartupIngest(server.apiUrl, cookie);
    const rss = sampleRss(server.pid);

    let refused = 0;
    const started = performance.now();
    const previewOne = async (/** @type {number} */ n) => {
      for (;;) {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(csv)]), `bench-${n}.csv`);
        const res = await fetch(`${server.apiUrl}/api/audience/imports/preview`, {
          method: "POST",
          headers: { cookie, origin: server.apiUrl },
          body: form,
        });
        const body = /** @type {{ data: { counts: { accounts: number } } }} */ (await res.json());
        if (res.status === 429) {
          refused += 1;
          await sleep(Number(res.headers.get("retry-after") ?? "5") * 1000);
          continue;
        }
        if (res.status !== 200) throw new Error(`preview answered ${res.status}`);
        if (body.data.counts.accounts !== ROWS) {
          throw new Error(`preview ${n}: ${body.data.counts.accounts} accounts`);
        }
        return;
      }
    };
    await Promise.all(Array.from({ length: PREVIEWS }, (_, n) => previewOne(n)));
    const seconds = (performance.now() - started) / 1000;
    // Memory given back: the allocators settle, then RSS is read again.
    const { idle, peak, after } = await rss.stop();
    console.log(
      `preview-memory: idle ${round(idle)} MiB, peak ${round(peak)} MiB, after ${round(after)} MiB, ` +
        `${PREVIEWS} previews in ${round(seconds)} s (${refused} answers were 429 + retry)`,
    );
    return [
      {
        metric: "preview.6_parallel_rss_peak",
        value: round(peak),
        unit: "MiB",
        target: "< 1000 MiB",
      },
      {
        metric: "preview.rss_after_minus_idle",
        value: round(after - idle),
        unit: "MiB",
        target: "<= 150 MiB",
      },
      { metric: "preview.6_parallel_seconds", value: round(seconds), unit: "s", target: "report" },
    ];
  } finally {
    await server.stop();
  }
}
