// Development loop for the quality check: scores the labelled pieces of ../shared/judge-dev (or
// the folder given as the first argument) and the shipped examples, one line a piece, then the
// separation figures. `node bench/judge-dev.mjs [folder]`. The bench (quality.bench.mjs)
// reports the same figures with targets.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const here = path.dirname(fileURLToPath(import.meta.url));
const { judgeFigures } = await tsImport(
  "../packages/server/src/modules/quality/judge-evaluation.ts",
  import.meta.url,
);
const dir = path.resolve(process.argv[2] ?? path.join(here, "../../shared/judge-dev"));
const { judgeDev, shipped } = judgeFigures(dir);
for (const r of [...judgeDev.results, ...shipped.results]) {
  console.log(
    `${r.meets ? "MEET" : "fail"} ${r.overall.toFixed(3)} ${r.namesFlaw ? "ok " : "-- "} ${r.path.padEnd(52)} expect ${r.expect.join(",").padEnd(30)} got ${r.codes.join(",")}`,
  );
}
for (const [name, s] of Object.entries({ judgeDev, shipped })) {
  const { results: _results, ...figures } = s;
  console.log(name, JSON.stringify(figures));
}
