import type { ExampleCategory, NearestExample } from "@content-studio/contract";
import { tokenize } from "./text";

/** One benchmark example as the index sees it: its text is title + all four sections. */
export interface SimilarityDocument {
  id: string;
  title: string;
  category: ExampleCategory;
  text: string;
}

export interface RankOptions {
  /** Leave-one-out: never return this example (used when scoring an example against the rest). */
  excludeId?: string;
  category?: ExampleCategory;
}

/**
 * TF-IDF vectors (sublinear tf, smoothed idf, L2-normalised) over content-word stems, with an
 * inverted index so that a query touches only the postings of its own terms. Cosine similarity
 * of two normalised vectors is their dot product. Immutable once built.
 */
export class SimilarityIndex {
  /** Examples per category, for explaining a score. */
  readonly counts: Readonly<Record<ExampleCategory, number>>;

  private constructor(
    private readonly docs: readonly SimilarityDocument[],
    private readonly termIds: ReadonlyMap<string, number>,
    private readonly idf: Float64Array,
    private readonly postingDocs: readonly Int32Array[],
    private readonly postingWeights: readonly Float64Array[],
  ) {
    this.counts = {
      good: docs.filter((d) => d.category === "good").length,
      bad: docs.filter((d) => d.category === "bad").length,
    };
  }

  get size(): number {
    return this.docs.length;
  }

  /** Share of the indexed examples (0–1) whose text uses a term (a stem from `tokenize`). */
  documentShare(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined || this.docs.length === 0
      ? 0
      : this.postingDocs[id]!.length / this.docs.length;
  }

  /** The indexed text of an example (title and sections), for sentence-level comparison. */
  textOf(id: string): string | undefined {
    return this.docs.find((d) => d.id === id)?.text;
  }

  /** The category of an indexed example, or undefined when it is not in the index. */
  categoryOf(id: string): ExampleCategory | undefined {
    return this.docs.find((d) => d.id === id)?.category;
  }

  static build(documents: readonly SimilarityDocument[]): SimilarityIndex {
    // Sorted by id so the same set of examples always gives the same index.
    const sorted = [...documents].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const termFrequencies = sorted.map((d) => termFrequency(tokenize(d.text)));
    const df = new Map<string, number>();
    for (const tf of termFrequencies)
      for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);

    const termIds = new Map<string, number>();
    const idf: number[] = [];
    const n = sorted.length;
    for (const [term, count] of df) {
      termIds.set(term, idf.length);
      idf.push(Math.log((1 + n) / (1 + count)) + 1);
    }
    const docs: number[][] = idf.map(() => []);
    const weights: number[][] = idf.map(() => []);
    termFrequencies.forEach((tf, docIndex) => {
      let norm = 0;
      const entries: [number, number][] = [];
      for (const [term, count] of tf) {
        const id = termIds.get(term)!;
        const w = (1 + Math.log(count)) * idf[id]!;
        entries.push([id, w]);
        norm += w * w;
      }
      const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (const [id, w] of entries) {
        docs[id]!.push(docIndex);
        weights[id]!.push(w * scale);
      }
    });
    return new SimilarityIndex(
      sorted,
      termIds,
      Float64Array.from(idf),
      docs.map((d) => Int32Array.from(d)),
      weights.map((w) => Float64Array.from(w)),
    );
  }

  /**
   * Every example with a positive cosine similarity to the tokens, most similar first (ties by
   * id). Tokens come from `tokenize`; terms the index has never seen carry no weight.
   */
  rank(tokens: readonly string[], options: RankOptions = {}): NearestExample[] {
    const scores = this.scores(tokens);
    if (!scores) return [];
    const ranked: number[] = [];
    for (let i = 0; i < scores.length; i++) if (this.accepts(i, scores, options)) ranked.push(i);
    return ranked.sort((a, b) => this.order(a, b, scores)).map((i) => this.present(i, scores));
  }

  /** The k most similar examples (optionally of one category); cheaper than `rank` for small k. */
  nearest(tokens: readonly string[], k: number, options: RankOptions = {}): NearestExample[] {
    const scores = this.scores(tokens);
    return scores ? this.top(scores, k, (i) => this.accepts(i, scores, options)) : [];
  }

  /** The k nearest overall and the k nearest of each category, from one pass over the postings. */
  neighbours(
    tokens: readonly string[],
    k: number,
    excludeId?: string,
  ): { overall: NearestExample[]; good: NearestExample[]; bad: NearestExample[] } {
    const scores = this.scores(tokens);
    if (!scores) return { overall: [], good: [], bad: [] };
    const of = (category?: ExampleCategory) =>
      this.top(scores, k, (i) => this.accepts(i, scores, { excludeId, category }));
    return { overall: of(), good: of("good"), bad: of("bad") };
  }

  /** Cosine similarity of the tokens to every example (undefined when no term is known). */
  private scores(tokens: readonly string[]): Float64Array | undefined {
    let norm = 0;
    const queryWeights: [number, number][] = [];
    for (const [term, count] of termFrequency(tokens)) {
      const id = this.termIds.get(term);
      if (id === undefined) continue;
      const w = (1 + Math.log(count)) * this.idf[id]!;
      queryWeights.push([id, w]);
      norm += w * w;
    }
    if (norm === 0) return undefined;
    const scale = 1 / Math.sqrt(norm);
    const scores = new Float64Array(this.docs.length);
    for (const [id, w] of queryWeights) {
      const postingDocs = this.postingDocs[id]!;
      const postingWeights = this.postingWeights[id]!;
      const ws = w * scale;
      for (let i = 0; i < postingDocs.length; i++)
        scores[postingDocs[i]!]! += ws * postingWeights[i]!;
    }
    return scores;
  }

  private accepts(i: number, scores: Float64Array, options: RankOptions): boolean {
    const doc = this.docs[i]!;
    return (
      scores[i]! > 0 &&
      doc.id !== options.excludeId &&
      (!options.category || doc.category === options.category)
    );
  }

  /** Higher similarity first; equal similarities by id, so results never depend on build order. */
  private order(a: number, b: number, scores: Float64Array): number {
    const byScore = scores[b]! - scores[a]!;
    if (byScore !== 0) return byScore;
    const ia = this.docs[a]!.id;
    const ib = this.docs[b]!.id;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  }

  /** Partial selection of the k best accepted examples (insertion into a k-long list). */
  private top(scores: Float64Array, k: number, accept: (i: number) => boolean): NearestExample[] {
    const best: number[] = [];
    if (k <= 0) return [];
    for (let i = 0; i < scores.length; i++) {
      if (!accept(i)) continue;
      if (best.length === k && this.order(i, best[k - 1]!, scores) >= 0) continue;
      if (best.length === k) best.pop();
      let pos = best.length;
      best.push(i);
      while (pos > 0 && this.order(best[pos]!, best[pos - 1]!, scores) < 0) {
        [best[pos], best[pos - 1]] = [best[pos - 1]!, best[pos]!];
        pos--;
      }
    }
    return best.map((i) => this.present(i, scores));
  }

  private present(i: number, scores: Float64Array): NearestExample {
    const { id, title, category } = this.docs[i]!;
    return { id, title, category, similarity: Math.min(1, scores[i]!) };
  }

  /** Cosine similarity of two texts under this index's idf weights (for tests and tools). */
  similarityOf(a: string, b: string): number {
    const va = this.vector(tokenize(a));
    const vb = this.vector(tokenize(b));
    let dot = 0;
    for (const [id, w] of va) dot += w * (vb.get(id) ?? 0);
    return dot;
  }

  private vector(tokens: readonly string[]): Map<number, number> {
    const v = new Map<number, number>();
    let norm = 0;
    for (const [term, count] of termFrequency(tokens)) {
      const id = this.termIds.get(term);
      if (id === undefined) continue;
      const w = (1 + Math.log(count)) * this.idf[id]!;
      v.set(id, w);
      norm += w * w;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (const [id, w] of v) v.set(id, w * scale);
    return v;
  }
}

function termFrequency(tokens: readonly string[]): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
  return tf;
}

/** The index text of an example: title, headline, introduction, body (markdown) and conclusion. */
export function exampleIndexText(e: {
  title: string;
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
}): string {
  return [e.title, e.headline, e.introduction, e.body, e.conclusion].join("\n");
}
