import {
  BUYING_STAGES,
  CONTENT_TYPES,
  DEFAULT_BANNED_PHRASES,
  REPURPOSE_LIMITS,
  type BuyingStage,
} from "@content-studio/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { COMPANY_CATALOG, INDUSTRIES, PERSONAS } from "../../db/seed/reference-data";
import { xLength } from "@content-studio/contract";
import { RepurposedContentSchema, DraftContentSchema } from "../content/schemas";
import { matcherFor } from "../quality/phrases";
import { scoreContent, type ScoringContext } from "../quality/scorer";
import { loadShippedExamples, seedContext, shippedIndex } from "../quality/shipped-examples";
import { extractStatistics, parseMetric, withinRange } from "../quality/statistics";
import { htmlBlocks, normaliseForMatch, stripTags } from "../quality/text";
import { composeDraft } from "./builtin-draft";
import { refineDraft } from "./builtin-refine";
import { composeRepurposed } from "./builtin-repurpose";
import { cleanList, hasFigure, withoutFigures } from "./builtin-text";
import { BuiltinWriter } from "./builtin-writer";
import { WriterError, type BriefExample, type ContentBrief, type DraftContent } from "./writer";

const METRICS = COMPANY_CATALOG.keyMetrics.map((m) => m.label);

function buildBrief(
  overrides: Partial<ContentBrief> & { personaIndex?: number; industryIndex?: number } = {},
): ContentBrief {
  const { personaIndex = 0, industryIndex = 0, ...rest } = overrides;
  const persona = rest.persona ?? PERSONAS[personaIndex]!;
  const buyingStage = rest.buyingStage ?? "awareness";
  return {
    persona,
    industry: INDUSTRIES[industryIndex]!,
    buyingStage,
    journey: persona.buyingJourney[buyingStage],
    contentType: "thought-leadership",
    topic: "Digital manufacturing simulation ROI",
    keyMetrics: [METRICS[0]!, METRICS[2]!],
    solutions: [COMPANY_CATALOG.solutions[0]!, COMPANY_CATALOG.solutions[4]!],
    companyName: COMPANY_CATALOG.companyName,
    companyDescription: COMPANY_CATALOG.description,
    offers: COMPANY_CATALOG.offers,
    primaryKeyword: undefined,
    goodExamples: [],
    badExamples: [],
    ...rest,
  };
}

/** Every persona × industry × stage × content type, with a rotating choice of metrics and solutions. */
function allBriefs(): ContentBrief[] {
  const out: ContentBrief[] = [];
  let n = 0;
  for (let p = 0; p < PERSONAS.length; p++) {
    for (let i = 0; i < INDUSTRIES.length; i++) {
      for (const stage of BUYING_STAGES) {
        for (const type of CONTENT_TYPES) {
          n += 1;
          const persona = PERSONAS[p]!;
          out.push(
            buildBrief({
              persona,
              industryIndex: i,
              buyingStage: stage,
              journey: persona.buyingJourney[stage],
              contentType: type,
              topic: [
                "Should-cost for supplier negotiations",
                "Reducing late engineering changes",
                "How to set target cost at concept stage",
              ][n % 3]!,
              keyMetrics: METRICS.filter((_, k) => (n >> k) % 2 === 1),
              solutions: COMPANY_CATALOG.solutions.filter((_, k) => (n + k) % 3 === 0),
            }),
          );
        }
      }
    }
  }
  return out;
}

const plain = (d: DraftContent) =>
  [d.headline, d.introduction, stripTags(d.body), d.conclusion].join("\n");
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const banned = matcherFor(DEFAULT_BANNED_PHRASES);

const STAGE_CTA: Record<BuyingStage, RegExp> = {
  awareness: /\b(read|benchmark|report|worksheet|guide)\b/i,
  consideration: /\b(compare|evaluate|walkthrough|checklist)\b/i,
  decision: /\b(pilot|business case)\b/i,
};

let context: ScoringContext;
beforeAll(() => {
  context = seedContext(shippedIndex(loadShippedExamples()), DEFAULT_BANNED_PHRASES);
});

const score = (brief: ContentBrief, d: DraftContent) =>
  scoreContent(
    {
      ...d,
      persona: brief.persona,
      industry: brief.industry,
      buyingStage: brief.buyingStage,
      contentType: brief.contentType,
      keyMetrics: brief.keyMetrics,
    },
    context,
  );

describe("built-in draft", () => {
  const briefs = allBriefs();

  it("has every section, with subheadings, paragraphs and a list, for every combination", () => {
    expect(briefs).toHaveLength(4 * 4 * 3 * 4);
    for (const brief of briefs) {
      const d = composeDraft(brief);
      expect(DraftContentSchema.safeParse(d).success).toBe(true);
      expect(words(d.headline)).toBeGreaterThanOrEqual(6);
      expect(words(d.headline)).toBeLessThanOrEqual(20);
      expect(words(d.introduction)).toBeGreaterThanOrEqual(30);
      expect(words(d.introduction)).toBeLessThanOrEqual(130);
      expect((d.body.match(/<h2>/g) ?? []).length).toBeGreaterThanOrEqual(3);
      expect(d.body).toMatch(/<h3>/);
      expect(d.body).toMatch(/<p>/);
      expect((d.body.match(/<li>/g) ?? []).length).toBeGreaterThanOrEqual(3);
      expect(words(stripTags(d.body))).toBeGreaterThanOrEqual(250);
      expect(words(d.conclusion)).toBeGreaterThanOrEqual(15);
      expect(d.imagePrompt.length).toBeGreaterThan(40);
      // Plain-text sections stay plain text.
      expect(d.introduction + d.conclusion + d.headline).not.toMatch(/[<>]/);
    }
  });

  it("quotes each chosen metric verbatim and states no other statistic or figure", () => {
    for (const brief of briefs) {
      const d = composeDraft(brief);
      const text = plain(d);
      for (const metric of brief.keyMetrics) expect(d.body).toContain(metric);
      const allowed = brief.keyMetrics.map(parseMetric).filter((m) => m !== undefined);
      for (const stat of extractStatistics(text)) {
        expect(
          allowed.some((m) => withinRange(stat, m)),
          stat.text,
        ).toBe(true);
      }
      let rest = text;
      for (const metric of brief.keyMetrics) rest = rest.split(metric).join("");
      expect(hasFigure(rest), rest).toBe(false);
      expect(rest).not.toMatch(/%|\$\d/);
    }
  });

  it("names the chosen solutions, the persona, the industry and its pain points", () => {
    for (const brief of briefs) {
      const d = composeDraft(brief);
      const text = plain(d).toLowerCase();
      for (const s of brief.solutions) expect(d.body).toContain(s.name);
      expect(text).toContain(brief.persona.title.toLowerCase());
      expect(text).toContain(brief.industry.name.toLowerCase());
      const pains = cleanList(brief.persona.painPoints, 3);
      const addressed = pains.filter((p) => text.includes(p.toLowerCase()));
      expect(addressed.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("ends with a call to action that fits the buying stage", () => {
    for (const brief of briefs) {
      const { conclusion } = composeDraft(brief);
      expect(conclusion, brief.buyingStage).toMatch(STAGE_CTA[brief.buyingStage]);
      if (brief.buyingStage !== "decision")
        expect(conclusion).not.toMatch(/\bpilot\b|business case/i);
      if (brief.buyingStage === "awareness") expect(conclusion).not.toMatch(/walkthrough|demo/i);
    }
  });

  it("avoids banned phrases, exclamation marks and em dashes", () => {
    for (const brief of briefs) {
      const d = composeDraft(brief);
      const all = `${plain(d)}\n${d.imagePrompt}`;
      expect(banned.find(normaliseForMatch(all))).toEqual([]);
      expect(all).not.toMatch(/[!—]/);
    }
  });

  it("scores as credible B2B copy on the project's own quality check", () => {
    const overall = briefs.map((b) => score(b, composeDraft(b)).overall);
    const mean = overall.reduce((a, b) => a + b, 0) / overall.length;
    expect(Math.min(...overall)).toBeGreaterThanOrEqual(0.75);
    expect(mean).toBeGreaterThanOrEqual(0.9);
  });

  it("varies with its inputs", () => {
    const base = composeDraft(buildBrief());
    const otherTopic = composeDraft(buildBrief({ topic: "Should-cost for castings and forgings" }));
    const otherPersona = composeDraft(buildBrief({ personaIndex: 2 }));
    const otherIndustry = composeDraft(buildBrief({ industryIndex: 3 }));
    const otherStage = composeDraft(
      buildBrief({ buyingStage: "decision", journey: PERSONAS[0]!.buyingJourney.decision }),
    );
    expect(otherTopic.headline).not.toBe(base.headline);
    expect(otherTopic.introduction).not.toBe(base.introduction);
    for (const other of [otherPersona, otherIndustry, otherStage]) {
      expect(other.body).not.toBe(base.body);
      expect(other.introduction).not.toBe(base.introduction);
    }
    const headlines = new Set(
      allBriefs().map((b) => composeDraft(b).headline.replace(b.industry.name.toLowerCase(), "")),
    );
    expect(headlines.size).toBeGreaterThan(20);
  });

  it("is deterministic", () => {
    for (const brief of briefs.slice(0, 20)) {
      expect(composeDraft(brief)).toEqual(composeDraft(structuredClone(brief)));
    }
  });

  it("drafts in well under 5 ms", () => {
    const sample = briefs.slice(0, 100);
    composeDraft(sample[0]!);
    const started = performance.now();
    for (let round = 0; round < 3; round++) for (const b of sample) composeDraft(b);
    const average = (performance.now() - started) / (sample.length * 3);
    expect(average).toBeLessThan(5);
  });

  it("escapes the topic inside the body HTML", () => {
    const d = composeDraft(
      buildBrief({
        topic: 'Cost <script>alert("x")</script> & "quotes"',
        contentType: "technical-guide",
      }),
    );
    expect(d.body).not.toMatch(/<script/i);
  });

  it("keeps figures out of reference phrases", () => {
    expect(
      withoutFigures(
        "Cost overruns discovered after design freeze, when 70-80% of product cost is already locked in",
      ),
    ).toBe("Cost overruns discovered after design freeze");
    expect(withoutFigures("Product lifecycles of 12-24 months")).toBeUndefined();
    expect(withoutFigures("AS9100 and customer qualification requirements")).toBe(
      "AS9100 and customer qualification requirements",
    );
    expect(hasFigure("IATF 16949 quality, Tier 1 suppliers and a 3D model")).toBe(false);
    expect(hasFigure("a 30% cut")).toBe(true);
  });
});

describe("good examples as cues", () => {
  const example = (id: string, headline: string): BriefExample => ({
    id,
    title: headline,
    category: "good",
    headline,
    introduction:
      "An introduction with a specific angle on late engineering changes and supplier quotes.",
    body: "<h3>Why cost arrives late</h3><ul><li><strong>Should-cost at PDR.</strong> Cost engineers attach estimates.</li></ul>",
    conclusion: "Our free ECO benchmark worksheet walks your team through that analysis.",
    notes: "",
    similarity: 0.4,
  });

  it("follows the examples' headline form and offer without copying their wording", () => {
    const goodExamples = [
      example("g1", "Is your design freeze really frozen?"),
      example("g2", "Are supplier quotes setting your product cost?"),
    ];
    const brief = buildBrief({ goodExamples });
    const d = composeDraft(brief);
    const plainWithCue = composeDraft(buildBrief());
    expect(d.headline).not.toBe(plainWithCue.headline);
    // The offer their conclusions make (a worksheet) shows up when the stage allows it.
    const drafts = ["a", "b", "c", "d", "e", "f"].map((t) =>
      composeDraft({ ...brief, topic: `Topic ${t} for cost` }),
    );
    expect(drafts.some((x) => x.headline.endsWith("?"))).toBe(true);
    expect(drafts.some((x) => /worksheet/.test(x.conclusion))).toBe(true);
    // No run of eight words from an example appears in the draft.
    for (const x of drafts) {
      const text = plain(x).toLowerCase();
      for (const e of goodExamples) {
        const ws = stripTags(`${e.headline} ${e.introduction} ${e.body} ${e.conclusion}`)
          .toLowerCase()
          .split(/\s+/);
        for (let i = 0; i + 8 <= ws.length; i++)
          expect(text).not.toContain(ws.slice(i, i + 8).join(" "));
      }
    }
  });
});

describe("built-in refinement", () => {
  const brief = buildBrief({ industryIndex: 1, topic: "Reducing late engineering changes" });
  const weak: DraftContent = {
    headline: "Revolutionize Your Engineering!",
    introduction:
      "In today's fast-paced world, companies must leverage cutting-edge tools. It is important to note that our world-class platform empowers teams.",
    body:
      "<p>Our platform delivers a 300% ROI and cuts costs by 90% for every customer, and it does this seamlessly across every team and every program while also helping you unlock the power of your data, which is something every engineering organization should be thinking about right now because the market is changing fast and nobody wants to be left behind.</p>" +
      "<p>We offer synergies across the board and a holistic approach.</p>",
    conclusion: "Buy now! Limited-time offer.",
    imagePrompt: "A game-changing factory",
  };

  it("applies the critique so the quality score goes up", () => {
    const before = score(brief, weak);
    const refined = refineDraft(brief, weak, before.suggestions, 1);
    const after = score(brief, refined);
    expect(before.overall).toBeLessThan(0.5);
    expect(after.overall).toBeGreaterThan(before.overall + 0.3);
    expect(after.bannedPhrasesFound).toEqual([]);
    expect(after.unsupportedClaims).toEqual([]);
    const twice = refineDraft(brief, refined, after.suggestions, 2);
    expect(score(brief, twice).overall).toBeGreaterThanOrEqual(after.overall - 0.01);
  });

  it("makes each change concretely", () => {
    const critique = [
      "Add 2 more subheadings so a busy reader can scan the body's 80 words.",
      "Shorten long sentences and swap abstract multi-syllable words for concrete ones.",
      "Change the call to action for the awareness stage: invite them to read a guide, download a report or benchmark themselves instead.",
    ];
    const r = refineDraft(brief, weak, critique, 1);
    const text = plain(r);
    expect(banned.find(normaliseForMatch(`${text} ${r.imagePrompt}`))).toEqual([]);
    expect(text).not.toMatch(/300%|90%|!/);
    for (const metric of brief.keyMetrics) expect(r.body).toContain(metric);
    expect(r.body).toContain("NCS Design");
    expect(r.body).toContain("NCS Workspace");
    expect((r.body.match(/<h2>/g) ?? []).length).toBeGreaterThanOrEqual(2);
    expect(r.conclusion).toMatch(STAGE_CTA.awareness);
    expect(r.conclusion).not.toMatch(/buy now|limited/i);
    for (const block of htmlBlocks(r.body)) {
      for (const sentence of block.text.split(/(?<=[.!?])\s+/)) {
        expect(words(sentence), sentence).toBeLessThanOrEqual(25);
      }
    }
    expect(words(r.headline)).toBeGreaterThanOrEqual(6);
    expect(r.introduction).toMatch(/^[A-Z]/);
  });

  it("replaces banned phrases with plain words, keeping grammar", async () => {
    const { replaceBannedPhrases } = await import("./builtin-refine");
    expect(
      replaceBannedPhrases(
        "We leverage data. Leveraging it helps. It is important to note that costs rise.",
      ),
    ).toBe("We use data. Using it helps. Costs rise.");
    expect(
      replaceBannedPhrases("In conclusion, an ever-evolving landscape needs a holistic view."),
    ).toBe("A changing market needs a complete view.");
    expect(replaceBannedPhrases("Nothing to change here.")).toBe("Nothing to change here.");
  });

  it("fixes a call to action that belongs to another stage", () => {
    const decision = buildBrief({
      buyingStage: "decision",
      journey: PERSONAS[0]!.buyingJourney.decision,
    });
    const d = composeDraft(buildBrief());
    const r = refineDraft(decision, d, [], 1);
    expect(r.conclusion).toMatch(STAGE_CTA.decision);
  });

  it("is deterministic", () => {
    expect(refineDraft(brief, weak, ["x"], 1)).toEqual(refineDraft(brief, weak, ["x"], 1));
  });
});

describe("built-in repurposing", () => {
  const topics = [
    "Digital manufacturing simulation ROI",
    "Should-cost",
    "How to cut late ECOs on aerostructures programs without adding headcount or slowing the schedule in any way at all, even when suppliers push back hard",
    "x".repeat(12) + " " + "y".repeat(40),
    "Cost visibility https://example.com/a/very/long/path/that/keeps/going/and/going/on/and/on",
    "Über-präzise Kostenschätzung für Gussteile",
  ];

  it("respects every channel limit for many inputs and variations", () => {
    let checked = 0;
    for (const [k, base] of allBriefs().entries()) {
      if (k % 3 !== 0) continue;
      const brief = { ...base, topic: topics[k % topics.length]! };
      const draft = composeDraft(brief);
      for (let variation = 0; variation < 4; variation++) {
        const r = composeRepurposed(brief, draft, variation);
        expect(RepurposedContentSchema.safeParse(r).success).toBe(true);
        expect([...r.linkedin].length).toBeLessThanOrEqual(REPURPOSE_LIMITS.linkedin);
        expect(xLength(r.x), r.x).toBeLessThanOrEqual(REPURPOSE_LIMITS.x);
        expect(r.emailSubjects).toHaveLength(3);
        expect(new Set(r.emailSubjects).size).toBe(3);
        for (const s of r.emailSubjects)
          expect([...s].length, s).toBeLessThanOrEqual(REPURPOSE_LIMITS.emailSubject);
        expect([...r.newsletter].length).toBeLessThanOrEqual(REPURPOSE_LIMITS.newsletter);
        const all = [r.linkedin, r.x, ...r.emailSubjects, r.newsletter].join("\n");
        expect(banned.find(normaliseForMatch(all))).toEqual([]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("counts a link as 23 characters on X", () => {
    const long = `Read this https://example.com/${"a".repeat(300)}`;
    expect(xLength(long)).toBe("Read this ".length + 23);
  });

  it("changes the wording with the variation and repeats it for the same variation", () => {
    const brief = buildBrief();
    const draft = composeDraft(brief);
    const v0 = composeRepurposed(brief, draft, 0);
    const v1 = composeRepurposed(brief, draft, 1);
    expect(composeRepurposed(brief, draft, 0)).toEqual(v0);
    expect(v1.linkedin).not.toBe(v0.linkedin);
    expect(v1.x).not.toBe(v0.x);
    expect(v1.newsletter).not.toBe(v0.newsletter);
    expect(v1.emailSubjects).not.toEqual(v0.emailSubjects);
    // A regenerated set is mostly new lines, not the same lines in another order.
    const repeated = v1.emailSubjects.filter((s) => v0.emailSubjects.includes(s));
    expect(repeated.length).toBeLessThanOrEqual(1);
  });

  it("uses the chosen metrics verbatim, and only those", () => {
    const brief = buildBrief({ keyMetrics: [METRICS[1]!] });
    const r = composeRepurposed(brief, composeDraft(brief), 0);
    expect(r.linkedin).toContain(METRICS[1]!);
    const rest = [r.linkedin, r.x, r.newsletter, ...r.emailSubjects]
      .join(" ")
      .split(METRICS[1]!)
      .join("");
    expect(rest).not.toMatch(/%/);
  });
});

describe("BuiltinWriter", () => {
  const writer = new BuiltinWriter();
  const signal = new AbortController().signal;
  const prompt = { system: "", user: "" };

  it("is labelled as the offline writer and reports no token usage", async () => {
    expect(writer.label).toBe("Built-in writer (offline)");
    expect(writer.provider).toBe("builtin");
    const deltas: string[] = [];
    const brief = buildBrief();
    const result = await writer.write({
      task: { kind: "draft", brief },
      prompt,
      schema: DraftContentSchema,
      maxOutputTokens: 4000,
      signal,
      onDelta: (t) => deltas.push(t),
    });
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(result.object).toEqual(composeDraft(brief));
    expect(JSON.parse(deltas.join(""))).toEqual(result.object);
  });

  it("handles refine and repurpose tasks", async () => {
    const brief = buildBrief();
    const draft = composeDraft(brief);
    const refined = await writer.write({
      task: { kind: "refine", brief, draft, critique: [], round: 1 },
      prompt,
      schema: DraftContentSchema,
      maxOutputTokens: 4000,
      signal,
    });
    expect(refined.object.headline).toBeTruthy();
    const repurposed = await writer.write({
      task: { kind: "repurpose", brief, draft, variation: 2 },
      prompt,
      schema: RepurposedContentSchema,
      maxOutputTokens: 1500,
      signal,
    });
    expect(repurposed.object.emailSubjects).toHaveLength(3);
  });

  it("reports output that does not fit the schema as bad_output, and a cancelled call as cancelled", async () => {
    const brief = buildBrief();
    await expect(
      writer.write({
        task: { kind: "draft", brief },
        prompt,
        schema: z.object({ headline: z.string().max(3) }),
        maxOutputTokens: 10,
        signal,
      }),
    ).rejects.toMatchObject({ kind: "bad_output" });
    const controller = new AbortController();
    controller.abort();
    const error = await writer
      .write({
        task: { kind: "draft", brief },
        prompt,
        schema: DraftContentSchema,
        maxOutputTokens: 10,
        signal: controller.signal,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriterError);
    expect(error).toMatchObject({ kind: "cancelled" });
  });
});
