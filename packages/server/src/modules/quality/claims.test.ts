import { describe, expect, it } from "vitest";
import { bindClaims, extractClaims, type ExtractOptions, type JudgeFact } from "./claims";
import { SEED_FACTS } from "./shipped-examples";

/** Claims of one body text, bound to the seed's approved facts. */
function claimsOf(text: string, options: ExtractOptions = {}, facts: JudgeFact[] = SEED_FACTS) {
  return bindClaims(
    extractClaims([{ name: "body", text }], { ownNames: ["NCS Generate"], ...options }),
    facts,
    {
      industryId: "aerospace",
      referenceFigures: new Set(),
      referenceLabel: "reference",
    },
  );
}

const ECO_FACT = "fact-catalogue-m1"; // "Customers see a 35-45% reduction in engineering change orders."

describe("claims bound by meaning", () => {
  it("binds the fact's figure said the fact's way, in other words", () => {
    expect(
      claimsOf("Our customers report 35-45% fewer ECOs once estimates reach the design review."),
    ).toEqual([expect.objectContaining({ status: "supported", factId: ECO_FACT })]);
  });

  it("binds an approved fact quoted word for word, always", () => {
    for (const fact of SEED_FACTS.filter((f) => f.value !== null)) {
      const [claim] = claimsOf(`As the Proof Library records it: ${fact.statement}`);
      expect(claim).toMatchObject({ status: "supported", factId: fact.id });
    }
  });

  it("calls the fact's figure on the opposite direction misattributed", () => {
    expect(
      claimsOf("Our customers see a 35-45% increase in engineering change orders in year one."),
    ).toEqual([
      expect.objectContaining({ status: "misattributed", factId: ECO_FACT, differs: "direction" }),
    ]);
  });

  it("calls the fact's figure used as a share of something else misattributed", () => {
    expect(claimsOf("Analysts say 35-45% of ECOs are caused by manufacturability.")).toEqual([
      expect.objectContaining({ status: "misattributed", factId: ECO_FACT }),
    ]);
  });

  it("calls the fact's figure moved to another subject misattributed", () => {
    const accuracy = SEED_FACTS.find((f) => f.statement.includes("machined parts"))!;
    const [claim] = claimsOf(
      "NCS Generate estimates for wire harnesses and printed circuit assemblies land within 8% of the quotes that contract manufacturers accept.",
    );
    expect(claim).toMatchObject({
      status: "misattributed",
      factId: accuracy.id,
      differs: "subject",
    });
  });

  it("calls another figure on the fact's subject contradicted", () => {
    expect(claimsOf("Our customers cut engineering change orders by 70%.")).toEqual([
      expect.objectContaining({ status: "contradicted", factId: ECO_FACT }),
    ]);
  });

  it("does not read sizes, illustrative worked numbers, negations or sample sizes as claims", () => {
    const illustrative = (s: string) => s.includes("assumed") || s.includes("illustrative");
    expect(
      claimsOf(
        [
          "The plate measures 600 × 400 × 12 mm and weighs about 22 kg.",
          "With illustrative figures: at an assumed $85 an hour, the second setup adds $14 a part.",
          "That does not mean you will pay 35% less.",
          "We surveyed 240 plant managers in May.",
        ].join("\n"),
        { illustrative },
      ).filter((c) => c.status !== "unsourced"),
    ).toEqual([]);
  });

  it("honours negation of a guarantee", () => {
    expect(claimsOf("It is an opportunity to investigate, not a guaranteed saving.")).toEqual([]);
    expect(claimsOf("We guarantee savings within 90 days.")).toEqual([
      expect.objectContaining({ kind: "guarantee", status: "unsupported" }),
    ]);
  });

  it("keeps a third party's figure visible as unsourced, and the vendor's own as unsupported", () => {
    expect(
      claimsOf("An industry association found that 61% of plants still quote by hand."),
    ).toEqual([expect.objectContaining({ status: "unsourced" })]);
    expect(claimsOf("Our platform cuts quoting time by 61%.")).toEqual([
      expect.objectContaining({ status: "unsupported" }),
    ]);
  });

  it("uses a fact's stored structure when it has one", () => {
    const facts = SEED_FACTS.map((f) =>
      f.id === ECO_FACT
        ? {
            ...f,
            structure: {
              measure: "warranty returns",
              metric: "count",
              direction: "reduction" as const,
            },
          }
        : f,
    );
    // The statement says change orders, but the stored structure says warranty returns.
    const [claim] = claimsOf("Our customers see 35-45% fewer warranty returns.", {}, facts);
    expect(claim).toMatchObject({ status: "supported", factId: ECO_FACT });
  });
});
