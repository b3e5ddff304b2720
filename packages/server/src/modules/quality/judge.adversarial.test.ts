import { QUALITY_GATE_CAP, describeFinding, type QualityReport } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import {
  ADVERSARIAL,
  COMPETENT,
  JUDGE_FIXTURES,
  type JudgeFixture,
} from "../../../test/fixtures/judge";
import { judgeFixtureScorer, rocAuc } from "../../../test/support/judge";

/** 'meets' the standard: above 0.7. */
const meets = (r: QualityReport) => r.overall > 0.7;

/**
 * Held-out validation: fixtures written before the rules (test/fixtures/judge), one or more per
 * way the old check was fooled, plus competent copy for several audiences, including an industry
 * that exists only in this test's reference data.
 */
describe("quality judge on the adversarial fixtures", () => {
  const score = judgeFixtureScorer();
  const reports = new Map(JUDGE_FIXTURES.map((f) => [f.id, score(f)]));
  const of = (id: string) => reports.get(id)!;

  it("separates competent from adversarial copy with ROC AUC of at least 0.95", () => {
    const good = COMPETENT.map((f) => of(f.id).overall);
    const bad = ADVERSARIAL.map((f) => of(f.id).overall);
    const auc = rocAuc(good, bad);
    console.log(
      `quality judge adversarial: ROC AUC ${auc.toFixed(3)} over ${good.length} competent and ${bad.length} adversarial pieces; ` +
        `lowest competent ${Math.min(...good)}, highest adversarial ${Math.max(...bad)}`,
    );
    expect(auc).toBeGreaterThanOrEqual(0.95);
  });

  it("lets no adversarial piece meet the standard", () => {
    const meeting = ADVERSARIAL.filter((f) => meets(of(f.id))).map((f) => f.id);
    expect(meeting).toEqual([]);
    for (const f of ADVERSARIAL) expect(of(f.id).overall).toBeLessThanOrEqual(QUALITY_GATE_CAP);
  });

  it("lets every competent piece meet the standard, including the industry added as data", () => {
    for (const f of COMPETENT)
      expect({ id: f.id, meets: meets(of(f.id)) }).toEqual({ id: f.id, meets: true });
    expect(of("good-meddev-vp-awareness").cappedBy).toEqual([]);
  });

  it("names the failure of each adversarial piece with a coded finding", () => {
    const expected: Record<NonNullable<JudgeFixture["failure"]>, string[]> = {
      "keyword-salad": ["keyword_stuffing"],
      "invented-figures": ["unsupported_claim", "contradicted_claim"],
      "wrong-industry": ["industry_mismatch"],
      "wrong-persona": ["persona_mismatch", "persona_not_addressed"],
      "wrong-stage": ["stage_mismatch"],
      "off-topic": [
        "off_topic",
        "topic_too_vague",
        "topic_is_instruction",
        "persona_not_addressed",
      ],
      padding: ["restated_point"],
      "copy-paste": ["copied_between_sections"],
      disparaging: ["disparaging_claim", "absolute_claim"],
      "hard-sell": ["hard_sell"],
    };
    for (const f of ADVERSARIAL) {
      const codes = of(f.id).cappedBy;
      expect({ id: f.id, named: codes.some((c) => expected[f.failure!].includes(c)) }).toEqual({
        id: f.id,
        named: true,
      });
    }
  });

  it("lists invented figures: third-party figures unsourced, the vendor's own unsupported", () => {
    const claims = of("invented-hightech-cto-consideration").claims;
    const survey = claims.find((c) => c.text.startsWith("68%"));
    expect(survey).toMatchObject({ kind: "survey", status: "unsourced" });
    expect(survey?.sentence).toContain("A 2025 survey of 412 engineering executives");
    expect(claims.find((c) => c.text.startsWith("$4.2 million"))).toMatchObject({
      kind: "currency",
      status: "unsourced",
    });
    expect(claims.find((c) => c.text.startsWith("3.4 times"))).toMatchObject({
      kind: "multiplier",
      status: "unsourced",
    });
    // "Our analysis of …": the vendor's own figure needs an approved fact.
    expect(claims.find((c) => c.text.startsWith("81%"))).toMatchObject({ status: "unsupported" });
    expect(
      claims.some(
        (c) => c.kind === "named_customer" && c.text.startsWith("Brightline Electronics"),
      ),
    ).toBe(true);
    // A figure on the subject of an approved fact, with another number, contradicts it.
    const ecos = of("invented-auto-vp-decision").claims.find((c) => c.text.startsWith("73%"));
    expect(ecos).toMatchObject({ status: "contradicted", factId: "fact-catalogue-m1" });
    const vendorClaims = of("invented-auto-vp-decision").claims.map((c) => c.kind);
    expect(vendorClaims).toEqual(
      expect.arrayContaining(["count", "guarantee", "superlative", "certification"]),
    );
  });

  it("binds the competent pieces' figures to the approved facts", () => {
    const claim = of("good-aero-vp-awareness").claims.find((c) => c.text.startsWith("35-45%"));
    expect(claim).toMatchObject({ status: "supported", factId: "fact-catalogue-m1" });
  });

  it("renders every finding through the contract's describeFinding", () => {
    for (const r of reports.values()) {
      for (const f of r.criteria.flatMap((c) => c.findings)) {
        expect(describeFinding(f)).toMatch(/\S/);
      }
    }
  });
});
