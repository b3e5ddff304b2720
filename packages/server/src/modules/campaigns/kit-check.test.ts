import type { KitAssetKind, KitLanguage } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import type { JudgeFact } from "../quality/claims";
import {
  checkKitCell,
  KIT_CHECK_CODES,
  type KitCellAsset,
  type KitCheckInput,
  type KitOffer,
} from "./kit-check";
import { englishFigures } from "./kit-text";

const fact = (id: string, statement: string, value: number, unit: JudgeFact["unit"]) =>
  ({
    id,
    statement,
    value,
    valueMax: null,
    unit,
    subjectType: "solution",
    subjectId: "sol-cost-engine",
    expired: false,
    expiresOn: null,
  }) satisfies JudgeFact;

const QUOTING = fact(
  "fact-quoting",
  "Manufacturers using Cost Engine cut quoting time by 37%",
  37,
  "%",
);
const ACCURACY = fact(
  "fact-accuracy",
  "Should-cost models for machined parts are accurate within 5%",
  5,
  "%",
);
const ECO = fact(
  "fact-eco",
  "Cost Engine customers reduce engineering change orders by 28%",
  28,
  "%",
);

const COST_REVIEW: KitOffer = { name: "Cost Review", url: "https://example.com/cost-review" };
const OFFERS: KitOffer[] = [
  COST_REVIEW,
  { name: "Platform Demo", url: "https://example.com/demo" },
  { name: "ROI Calculator", url: "https://example.com/roi" },
];

const asset = (
  stepId: string,
  kind: KitAssetKind,
  language: KitLanguage,
  text: Partial<KitCellAsset["text"]>,
): KitCellAsset => ({
  stepId,
  asset: kind,
  language,
  text: { headline: "", introduction: "", body: "", conclusion: "", ...text },
});

/** A consistent English cell: cost engineers at contract manufacturers, consideration stage. */
const english = (): KitCellAsset[] => [
  asset("en-article", "article", "en", {
    headline: "Quote machined parts in hours, not weeks",
    introduction:
      "Cost engineers at contract manufacturers spend days rebuilding spreadsheets for every request for quote.",
    body:
      "<h2>Why quotes stall</h2>" +
      "<p>Our customers cut quoting time by 37% after moving their should-cost models into Cost Engine.</p>" +
      "<p>Should-cost models for machined parts are accurate within 5%, so estimators trust the first number they send.</p>" +
      '<p>Book a <a href="https://example.com/cost-review">Cost Review</a> to see the model run on your own parts.</p>',
    conclusion:
      "Start with the Cost Review: bring three drawings and leave with a should-cost for each.",
  }),
  asset("en-linkedin", "linkedin", "en", {
    body:
      "<p>Our customers cut quoting time by 37% with Cost Engine.</p>" +
      "<p>Should-cost models for machined parts are accurate within 5%.</p>" +
      '<p>Book a <a href="https://example.com/cost-review">Cost Review</a> with your own drawings.</p>',
  }),
  asset("en-x", "x", "en", {
    body: "Cut quoting time by 37% with Cost Engine. https://example.com/cost-review",
  }),
  asset("en-subjects", "email-subjects", "en", {
    body: "<ol><li>Quote machined parts in hours</li><li>Your should-cost, before the RFQ is due</li><li>Three drawings, one Cost Review</li></ol>",
  }),
  asset("en-newsletter", "newsletter", "en", {
    headline: "Quotes in hours, not weeks",
    body: "<p>Our customers cut quoting time by 37% once their should-cost models live in Cost Engine. Bring three drawings to a Cost Review and see it on your own parts.</p>",
  }),
  asset("en-image", "image-prompt", "en", {
    body: "A cost engineer at a workbench comparing a machined aluminium housing with a quote on a laptop, daylight, photographic.",
  }),
];

/** The same cell in German, figures in German notation. */
const german = (): KitCellAsset[] => [
  asset("de-article", "article", "de", {
    headline: "Angebote für Frästeile in Stunden statt Wochen",
    body:
      "<p>Unsere Kunden senken die Angebotszeit um 37 % mit Cost Engine.</p>" +
      "<p>Im Schnitt sparen Lohnfertiger so 1,2 Mio. € im Jahr und kalkulieren 2,5x schneller.</p>" +
      "<p>Buchen Sie einen Cost Review mit Ihren eigenen Zeichnungen.</p>",
  }),
  asset("de-linkedin", "linkedin", "de", {
    body:
      "<p>Unsere Kunden senken die Angebotszeit um 37%.</p>" +
      "<p>Lohnfertiger sparen 1,2 Mio. € im Jahr und kalkulieren 2,5x schneller mit Cost Engine.</p>" +
      "<p>Jetzt einen Cost Review buchen: https://example.com/cost-review</p>",
  }),
  asset("de-newsletter", "newsletter", "de", {
    body: "<p>37 % weniger Angebotszeit mit Cost Engine. Buchen Sie einen Cost Review.</p>",
  }),
];

const input = (assets: KitCellAsset[], overrides: Partial<KitCheckInput> = {}): KitCheckInput => ({
  assets,
  industryId: "ind-contract-manufacturing",
  facts: [QUOTING, ACCURACY],
  offer: COST_REVIEW,
  profileOffers: OFFERS,
  productNames: ["Cost Engine", "Should-Cost Studio"],
  ...overrides,
});

/** The cell with one asset's text changed. */
const edit = (
  assets: KitCellAsset[],
  stepId: string,
  change: (text: KitCellAsset["text"]) => Partial<KitCellAsset["text"]>,
) =>
  assets.map((a) => (a.stepId === stepId ? { ...a, text: { ...a.text, ...change(a.text) } } : a));

const codesBy = (findings: Map<string, { code: string }[]>) =>
  Object.fromEntries([...findings].map(([id, list]) => [id, list.map((f) => f.code)]));

/** A case of checkKitCell where the step `stepId` spells the product name "Cost Engine" as `spelling`. */
const misspelt = (name: string, stepId: string, spelling: string) => ({
  name,
  code: "kit.product-spelling" as const,
  stepId,
  body: (body: string) => body.replace("Cost Engine", spelling),
  fix: { from: spelling, to: "Cost Engine" },
});

describe("checkKitCell", () => {
  it("finds nothing in a consistent cell, in English and in German", () => {
    const findings = checkKitCell(input([...english(), ...german()]));
    expect([...findings.keys()].sort()).toEqual(
      [...english(), ...german()].map((a) => a.stepId).sort(),
    );
    for (const [stepId, list] of findings) expect({ stepId, list }).toEqual({ stepId, list: [] });
  });

  const cases: {
    name: string;
    code: (typeof KIT_CHECK_CODES)[number];
    stepId: string;
    /** The change to the step's body, in the consistent cell of its language. */
    body: (body: string) => string;
    overrides?: Partial<KitCheckInput>;
    message?: RegExp;
    fix?: { from: string; to: string };
  }[] = [
    {
      name: "a short asset's figure differs from the fact the article states",
      code: "kit.number-mismatch",
      stepId: "en-linkedin",
      body: (body) => body.replace("37%", "40%"),
      message: /40%.*37%/,
    },
    {
      name: "a figure the article does not contain",
      code: "kit.number-mismatch",
      stepId: "en-newsletter",
      body: (body) => body.replace("</p>", " Estimators quote 3x more parts each week.</p>"),
      message: /3x/,
    },
    {
      name: "a German figure the German article does not contain",
      code: "kit.number-mismatch",
      stepId: "de-linkedin",
      body: (body) => body.replace("37%", "40 %"),
      message: /40%.*37%/,
    },
    {
      name: "a brief fact the article does not use",
      code: "kit.fact-mismatch",
      stepId: "en-newsletter",
      body: (body) =>
        `${body}<p>Cost Engine customers reduce engineering change orders by 28%.</p>`,
      overrides: { facts: [QUOTING, ACCURACY, ECO] },
      message: /engineering change orders/,
    },
    {
      name: "a fact that is not among the brief's facts",
      code: "kit.fact-mismatch",
      stepId: "en-linkedin",
      body: (body) =>
        `${body}<p>Cost Engine customers reduce engineering change orders by 28%.</p>`,
      overrides: { otherFacts: [ECO] },
      message: /not among the brief's facts/,
    },
    {
      name: "the newsletter without the stage's offer",
      code: "kit.offer-missing",
      stepId: "en-newsletter",
      body: (body) =>
        body.replace(" Bring three drawings to a Cost Review and see it on your own parts.", ""),
      message: /Cost Review/,
    },
    {
      name: "an X post naming another offer of the profile",
      code: "kit.offer-mismatch",
      stepId: "en-x",
      body: (body) => body.replace("cost-review", "demo"),
      message: /Platform Demo/,
    },
    misspelt("a product name run together", "en-linkedin", "CostEngine"),
    misspelt("a product name hyphenated", "en-x", "Cost-Engine"),
    misspelt("a product name in the wrong case, in the article", "en-article", "Cost engine"),
    misspelt("a German product name spaced otherwise", "de-newsletter", "Cost-engine"),
    {
      name: "a superlative the article does not make",
      code: "kit.unsupported-claim",
      stepId: "en-linkedin",
      body: (body) =>
        `${body}<p>It is the most accurate cost estimation software on the market.</p>`,
      message: /most accurate/,
    },
  ];

  it("has a case for every code", () => {
    expect([...new Set(cases.map((c) => c.code))].sort()).toEqual([...KIT_CHECK_CODES].sort());
  });

  it.each(cases)("$code: $name", (c) => {
    const cell = c.stepId.startsWith("de-") ? german() : english();
    const assets = edit(cell, c.stepId, (t) => ({ body: c.body(t.body) }));
    const findings = checkKitCell(input(assets, c.overrides));
    const codes = codesBy(findings);
    const others = Object.entries(codes).filter(([id]) => id !== c.stepId);
    expect(others.filter(([, list]) => list.length > 0)).toEqual([]);
    const own = findings.get(c.stepId) ?? [];
    expect(own.map((f) => f.code)).toEqual([c.code]);
    if (c.message) expect(own[0]!.message).toMatch(c.message);
    if (c.fix) expect(own[0]!.fix).toEqual(c.fix);
  });

  it("holds every asset of the cell to the claim it makes, not just the first", () => {
    const assets = edit(
      edit(english(), "en-linkedin", (t) => ({ body: t.body.replace("37%", "40%") })),
      "en-newsletter",
      (t) => ({ body: t.body.replace("37%", "40%") }),
    );
    const codes = codesBy(checkKitCell(input(assets)));
    expect(codes["en-linkedin"]).toEqual(["kit.number-mismatch"]);
    expect(codes["en-newsletter"]).toEqual(["kit.number-mismatch"]);
    expect(codes["en-article"]).toEqual([]);
  });

  it("compares assets within a language only", () => {
    // German copy consistent with itself and saying 3x where English says nothing of the kind;
    // an English post with the German figure is held to the English article alone.
    const de = german().map((a) => ({
      ...a,
      text: { ...a.text, body: a.text.body.replace(/2,5x/g, "3x") },
    }));
    const en = edit(english(), "en-linkedin", (t) => ({
      body: t.body.replace("</p>", " Estimators quote 3x faster.</p>"),
    }));
    const codes = codesBy(checkKitCell(input([...en, ...de])));
    expect(Object.entries(codes).filter(([, list]) => list.length > 0)).toEqual([
      ["en-linkedin", ["kit.number-mismatch"]],
    ]);
  });

  it("does not count lower-case common nouns or addresses as misspelt product names", () => {
    const assets = edit(english(), "en-article", (t) => ({
      conclusion: `${t.conclusion} A cost engine alone is not a process; see https://example.com/cost-engine for how teams adopt it.`,
    }));
    expect(codesBy(checkKitCell(input(assets)))["en-article"]).toEqual([]);
  });

  it("asks nothing of a stage without an offer, but still flags a profile offer", () => {
    const quiet = checkKitCell(
      input(english(), { offer: null, profileOffers: OFFERS.filter((o) => o !== COST_REVIEW) }),
    );
    expect(Object.values(codesBy(quiet)).flat()).toEqual([]);
    const named = checkKitCell(input(english(), { offer: null }));
    expect(codesBy(named)["en-newsletter"]).toEqual(["kit.offer-mismatch"]);
  });

  it("skips the comparison for a language without its article", () => {
    const assets = english().filter((a) => a.asset !== "article");
    const codes = codesBy(
      checkKitCell(
        input(edit(assets, "en-linkedin", (t) => ({ body: t.body.replace("37%", "40%") }))),
      ),
    );
    expect(codes["en-linkedin"]).toEqual([]);
  });
});

describe("englishFigures", () => {
  it.each([
    ["de", "um 37 % gesenkt", "um 37 % gesenkt"],
    ["de", "1.200 Angebote, 37,5 Prozent", "1200 Angebote, 37.5 %"],
    ["de", "1,2 Mio. € im Jahr", "€1.2m im Jahr"],
    ["fr", "1 200 devis, 37,5 pour cent", "1200 devis, 37.5 %"],
    ["es", "1.200 ofertas, 37,5 por ciento", "1200 ofertas, 37.5 %"],
    ["en", "1,200 quotes, 37.5%", "1,200 quotes, 37.5%"],
    ["ja", "見積時間を37％短縮", "見積時間を37%短縮"],
  ] as const)("%s: %s", (language, text, expected) => {
    expect(englishFigures(text, language)).toBe(expected);
  });
});
