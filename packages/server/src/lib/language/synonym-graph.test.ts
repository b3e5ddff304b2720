import { describe, expect, it } from "vitest";
import { buildSynonymGraph, SYNONYM_GRAPH } from "./synonym-graph-build";
import { wordVectors } from "./word-vectors";
import { VECTOR_DIMENSIONS } from "./word-vectors-build";

/** Exact cosine of two rows of an Int8 table of unit vectors. */
function cosine(data: Int8Array, i: number, j: number): number {
  let dot = 0;
  for (let d = 0; d < VECTOR_DIMENSIONS; d++) {
    dot += data[i * VECTOR_DIMENSIONS + d]! * data[j * VECTOR_DIMENSIONS + d]!;
  }
  return dot / (127 * 127);
}

/** A seeded table of `rows` unit vectors with clusters, so that near neighbours exist. */
function syntheticTable(rows: number): Int8Array {
  let seed = 7;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32 - 0.5;
  };
  const centres = Array.from({ length: 40 }, () =>
    Array.from({ length: VECTOR_DIMENSIONS }, random),
  );
  const data = new Int8Array(rows * VECTOR_DIMENSIONS);
  for (let r = 0; r < rows; r++) {
    const centre = centres[r % centres.length]!;
    const noise = 0.15 + (r % 7) * 0.08;
    const v = centre.map((c) => c + noise * random());
    const norm = Math.hypot(...v);
    for (let d = 0; d < VECTOR_DIMENSIONS; d++) {
      data[r * VECTOR_DIMENSIONS + d] = Math.round((v[d]! / norm) * 127);
    }
  }
  return data;
}

describe("the near-synonym graph", () => {
  it("finds the pairs an exact comparison finds, and no pair below the threshold", () => {
    const rows = SYNONYM_GRAPH.from + 900;
    const data = syntheticTable(rows);
    const graph = buildSynonymGraph(data, rows);
    const from: number = SYNONYM_GRAPH.from;
    const threshold: number = SYNONYM_GRAPH.threshold;
    let exact = 0;
    let found = 0;
    const belowThreshold: string[] = [];
    for (let i = from; i < rows; i++) {
      const listed = new Set(
        graph.neighbours.subarray(graph.offsets[i - from], graph.offsets[i - from + 1]),
      );
      for (let j = from; j < rows; j++) {
        if (j === i) continue;
        const similarity = cosine(data, i, j);
        // Float rounding of the exact comparison only.
        if (listed.has(j) && similarity < threshold - 0.001) belowThreshold.push(`${i}-${j}`);
        if (similarity >= threshold + 0.001) {
          exact++;
          if (listed.has(j)) found++;
        }
      }
    }
    expect(belowThreshold).toEqual([]);
    // The synthetic clusters have many pairs above the threshold, and the sketch pre-test lets
    // practically all of them through (by design it may miss about 1 in 5,000 at the threshold).
    expect(exact).toBeGreaterThan(5_000);
    expect(found / exact).toBeGreaterThan(0.999);
  });

  it("is symmetric and sorted, and empty outside its range", () => {
    const rows = SYNONYM_GRAPH.from + 400;
    const graph = buildSynonymGraph(syntheticTable(rows), rows);
    const from: number = SYNONYM_GRAPH.from;
    const row = (r: number) =>
      Array.from(graph.neighbours.subarray(graph.offsets[r - from], graph.offsets[r - from + 1]));
    for (let r = from; r < rows; r++) {
      const list = row(r);
      expect(list).toEqual([...list].sort((a, b) => a - b));
      for (const n of list) expect(row(n)).toContain(r);
    }
    expect(graph.offsets.length).toBe(rows - from + 1);
  });

  it("as installed, links words of one meaning and not words of different ones", () => {
    const vectors = wordVectors();
    const synonyms = (word: string) => {
      const rank = vectors.rank(word)!;
      return new Set(Array.from(vectors.synonymsOfRank(rank)));
    };
    const rank = (word: string) => vectors.rank(word)!;
    expect(synonyms("suppliers").has(rank("vendors"))).toBe(true);
    expect(synonyms("vendors").has(rank("suppliers"))).toBe(true);
    expect(synonyms("suppliers").has(rank("aircraft"))).toBe(false);
    // Among the most frequent words nothing has synonyms: they must match as they are.
    expect(vectors.synonymsOfRank(10).length).toBe(0);
    for (const word of ["suppliers", "tooling", "machining", "castings"]) {
      for (const near of synonyms(word)) {
        expect(vectors.similarityOfRanks(rank(word), near)).toBeGreaterThan(
          SYNONYM_GRAPH.threshold - 0.001,
        );
      }
    }
  });
});
