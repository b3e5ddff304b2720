// Server memory while one editor previews the same 200,000-row intent CSV six times at once
// (the Content Studio template layout, about 17 MB, built here), on the BUILT server with
// PGlite. Previews refused with 429 (the ingest cap they share with example ingests) are sent
// again after Retry-After, so every preview is parsed. RSS is sampled every 50 ms from /proc.
import { ensureBuild } from "./lib/build.mjs";
import { round, rssDuringParallelPosts, startSignedIn } from "./lib/measure.mjs";

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
  const { server, cookie } = await startSignedIn(ADMIN);
  try {
    const { idle, peak, after, seconds, refused } = await rssDuringParallelPosts({
      server,
      cookie,
      path: "/api/audience/imports/preview",
      count: PREVIEWS,
      form: (n) => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(csv)]), `bench-${n}.csv`);
        return form;
      },
      accepted: (res, body, n) => {
        if (res.status !== 200) throw new Error(`preview answered ${res.status}`);
        const { counts } = /** @type {{ data: { counts: { accounts: number } } }} */ (body).data;
        if (counts.accounts !== ROWS) throw new Error(`preview ${n}: ${counts.accounts} accounts`);
      },
    });
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
