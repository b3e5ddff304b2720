import fs from "node:fs";
import path from "node:path";
import { VECTOR_DIMENSIONS } from "./word-vectors-build";

/**
 * The near-synonym graph of the word-vector table, derived once at install time (beside the
 * compact table, see word-vectors-build.ts): for every word ranked `from` to `to` (frequency
 * rank), the other words of that range whose cosine similarity reaches `threshold`. Passage
 * comparison then looks neighbours up instead of comparing every pair of words at each check
 * (it was the check's hottest path: about a quarter of its time).
 *
 * All pairs of the range are compared: first by 256-bit sign sketches (random hyperplanes from a
 * seeded generator), then, if the sketches are close enough to reach the threshold, exactly (a
 * float dot product). The sketch test keeps all but about one in 5,000 pairs at the threshold
 * itself, and practically all more similar pairs. About 6 s on one core here.
 */
export const SYNONYM_GRAPH = { threshold: 0.65, from: 300, to: 30_000 } as const;

/** Bumped when the build changes what it finds, so an old file is rebuilt. */
const GRAPH_VERSION = 1;

/** The graph's file: its parameters are in the name, so changing one rebuilds it. */
export function synonymGraphPath(dir: string): string {
  const { threshold, from, to } = SYNONYM_GRAPH;
  return path.join(
    dir,
    `synonyms-v${GRAPH_VERSION}-${Math.round(threshold * 100)}-${from}-${to}.bin`,
  );
}

/**
 * The graph as compressed rows: `offsets[r - from] .. offsets[r - from + 1]` index the
 * neighbours (ranks, ascending) of the word ranked `r`.
 */
export interface SynonymGraph {
  offsets: Uint32Array;
  neighbours: Uint16Array;
}

/** File layout: Uint32 count of rows, Uint32 offsets (rows + 1), Uint16 neighbours. */
export function readSynonymGraph(file: string): SynonymGraph {
  const bytes = fs.readFileSync(file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const rows = new Uint32Array(buffer, 0, 1)[0]!;
  const offsets = new Uint32Array(buffer, 4, rows + 1);
  const neighbours = new Uint16Array(buffer, 4 + 4 * (rows + 1), offsets[rows]);
  return { offsets, neighbours };
}

/** 32-bit words of a sign sketch (256 hyperplanes). */
const SKETCH_WORDS = 8;

/** The sketch's hyperplanes: fixed normal vectors from a seeded generator (same every run). */
function hyperplanes(): Float32Array {
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
  return out;
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

/** Set bits of every 16-bit value: a table look-up is the fastest popcount in V8. */
const POPCOUNT = (() => {
  const table = new Uint8Array(1 << 16);
  for (let v = 1; v < table.length; v++) table[v] = (v & 1) + table[v >>> 1]!;
  return table;
})();

/** Set bits of a 32-bit value. */
function pop(v: number): number {
  return POPCOUNT[v & 0xffff]! + POPCOUNT[v >>> 16]!;
}

/** Rows `from`..`to` of the Int8 table as unit floats, and each row's sign sketch. */
function prepareRows(data: Int8Array, rows: number) {
  const floats = new Float32Array(rows * VECTOR_DIMENSIONS);
  for (let k = 0; k < floats.length; k++) floats[k] = data[k]! / 127;
  const planes = hyperplanes();
  const sketches = new Int32Array(rows * SKETCH_WORDS);
  for (let row = 0; row < rows; row++) {
    const base = row * VECTOR_DIMENSIONS;
    for (let bit = 0; bit < SKETCH_WORDS * 32; bit++) {
      const plane = bit * VECTOR_DIMENSIONS;
      let side = 0;
      for (let d = 0; d < VECTOR_DIMENSIONS; d++) side += floats[base + d]! * planes[plane + d]!;
      if (side >= 0) sketches[row * SKETCH_WORDS + (bit >>> 5)]! |= 1 << (bit & 31);
    }
  }
  return { floats, sketches };
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

/** Neighbours (within the threshold) of row `i` among the rows after it. */
function laterNeighbours(
  i: number,
  to: number,
  floats: Float32Array,
  sketches: Int32Array,
  maxDistance: number,
  threshold: number,
  found: (j: number) => void,
): void {
  const x = i * SKETCH_WORDS;
  const a0 = sketches[x]!;
  const a1 = sketches[x + 1]!;
  const a2 = sketches[x + 2]!;
  const a3 = sketches[x + 3]!;
  const a4 = sketches[x + 4]!;
  const a5 = sketches[x + 5]!;
  const a6 = sketches[x + 6]!;
  const a7 = sketches[x + 7]!;
  for (let j = i + 1; j < to; j++) {
    const y = j * SKETCH_WORDS;
    let bits =
      pop(a0 ^ sketches[y]!) +
      pop(a1 ^ sketches[y + 1]!) +
      pop(a2 ^ sketches[y + 2]!) +
      pop(a3 ^ sketches[y + 3]!);
    if (bits > maxDistance) continue;
    bits +=
      pop(a4 ^ sketches[y + 4]!) +
      pop(a5 ^ sketches[y + 5]!) +
      pop(a6 ^ sketches[y + 6]!) +
      pop(a7 ^ sketches[y + 7]!);
    if (bits > maxDistance) continue;
    if (dotFloat(floats, i * VECTOR_DIMENSIONS, j * VECTOR_DIMENSIONS) >= threshold) found(j);
  }
}

/** Builds the graph of `data` (the compact Int8 table, rows in rank order). */
export function buildSynonymGraph(data: Int8Array, rowCount: number): SynonymGraph {
  const { threshold, from } = SYNONYM_GRAPH;
  const to = Math.min(SYNONYM_GRAPH.to, rowCount);
  const { floats, sketches } = prepareRows(data, to);
  const maxDistance = sketchDistanceFor(threshold);
  const lists: number[][] = Array.from({ length: Math.max(0, to - from) }, () => []);
  for (let i = from; i < to; i++) {
    laterNeighbours(i, to, floats, sketches, maxDistance, threshold, (j) => {
      // Rows are visited in order, so each list fills in ascending order.
      lists[i - from]!.push(j);
      lists[j - from]!.push(i);
    });
  }
  const offsets = new Uint32Array(lists.length + 1);
  for (let r = 0; r < lists.length; r++) offsets[r + 1] = offsets[r]! + lists[r]!.length;
  const neighbours = new Uint16Array(offsets[lists.length]!);
  for (let r = 0; r < lists.length; r++) neighbours.set(lists[r]!, offsets[r]);
  return { offsets, neighbours };
}

/** Writes the graph to `file` atomically (a reader never sees half a file). */
export function writeSynonymGraph(file: string, graph: SynonymGraph): void {
  const rows = graph.offsets.length - 1;
  const out = Buffer.alloc(4 + 4 * (rows + 1) + 2 * graph.neighbours.length);
  out.writeUInt32LE(rows, 0);
  Buffer.from(graph.offsets.buffer, graph.offsets.byteOffset, graph.offsets.byteLength).copy(
    out,
    4,
  );
  Buffer.from(
    graph.neighbours.buffer,
    graph.neighbours.byteOffset,
    graph.neighbours.byteLength,
  ).copy(out, 4 + 4 * (rows + 1));
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, out);
  fs.renameSync(temporary, file);
}
