import { describe, expect, it } from "vitest";
import { SimilarityIndex } from "./similarity";
import { stem, tokenize } from "./text";

const docs = [
  {
    id: "ecos",
    title: "Late ECOs",
    category: "good" as const,
    text: "Late engineering change orders after design freeze erode aerospace program margins.",
  },
  {
    id: "pilot",
    title: "Pilot plan",
    category: "good" as const,
    text: "Scope a 60-day pilot on one EV subsystem with clear success metrics.",
  },
  {
    id: "buzz",
    title: "Buzzwords",
    category: "bad" as const,
    text: "Unlock revolutionary synergies with game-changing, cutting-edge platforms.",
  },
];

describe("tokenize", () => {
  it("lower-cases, drops stop words, stems and folds abbreviations", () => {
    expect(tokenize("The Engineering Change Orders were estimated")).toEqual([
      "eco",
      stem("estimated"),
    ]);
    expect(tokenize("ECOs")).toEqual(["eco"]);
    expect(stem("estimates")).toBe(stem("estimating"));
    expect(stem("estimated")).toBe(stem("estimate"));
  });
});

describe("SimilarityIndex", () => {
  const index = SimilarityIndex.build(docs);

  it("ranks the closest example first with cosine similarity in 0–1", () => {
    const nearest = index.nearest(tokenize("How late engineering change orders hurt margins"), 3);
    expect(nearest[0]).toMatchObject({ id: "ecos", title: "Late ECOs", category: "good" });
    expect(nearest[0]!.similarity).toBeGreaterThan(0);
    expect(nearest[0]!.similarity).toBeLessThanOrEqual(1);
    expect(nearest.map((n) => n.id)).not.toContain("buzz");
  });

  it("gives an example a similarity of 1 with itself", () => {
    expect(index.similarityOf(docs[0]!.text, docs[0]!.text)).toBeCloseTo(1, 10);
    expect(index.nearest(tokenize(docs[2]!.text), 1)[0]).toMatchObject({ id: "buzz" });
    expect(index.nearest(tokenize(docs[2]!.text), 1)[0]!.similarity).toBeCloseTo(1, 10);
  });

  it("leaves one out and filters by category", () => {
    const text = tokenize(docs[0]!.text);
    expect(index.nearest(text, 3, { excludeId: "ecos" }).map((n) => n.id)).not.toContain("ecos");
    expect(
      index.nearest(tokenize("synergies and pilots"), 3, { category: "bad" }).map((n) => n.id),
    ).toEqual(["buzz"]);
  });

  it("returns nothing for text with no known words, and handles an empty index", () => {
    expect(index.nearest(tokenize("zebra quokka"), 3)).toEqual([]);
    const empty = SimilarityIndex.build([]);
    expect(empty.size).toBe(0);
    expect(empty.nearest(tokenize("anything"), 3)).toEqual([]);
  });

  it("selects the same top k as a full ranking, overall and per category", () => {
    const many = SimilarityIndex.build(
      Array.from({ length: 60 }, (_, i) => ({
        id: `e${String(i).padStart(2, "0")}`,
        title: `Example ${i}`,
        category: i % 3 === 0 ? ("bad" as const) : ("good" as const),
        // Repeated texts give exact ties, which must break by id.
        text: [docs[i % 3]!.text, docs[(i + 1) % 3]!.text.repeat(i % 4)].join(" "),
      })),
    );
    const q = tokenize("late engineering change orders, a pilot and revolutionary synergies");
    const ranked = many.rank(q);
    expect(many.nearest(q, 7)).toEqual(ranked.slice(0, 7));
    const n = many.neighbours(q, 5, "e03");
    expect(n.overall).toEqual(many.rank(q, { excludeId: "e03" }).slice(0, 5));
    expect(n.good).toEqual(ranked.filter((r) => r.category === "good").slice(0, 5));
    expect(n.bad).toEqual(many.rank(q, { category: "bad", excludeId: "e03" }).slice(0, 5));
  });

  it("does not depend on the order of the examples", () => {
    const reversed = SimilarityIndex.build([...docs].reverse());
    const q = tokenize("pilot success metrics for late ECOs");
    expect(reversed.rank(q)).toEqual(index.rank(q));
  });
});
