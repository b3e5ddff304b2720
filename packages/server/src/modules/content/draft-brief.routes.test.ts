import type { CompanyProfileResponse, GeneratedContent } from "@content-studio/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  answer,
  startFakeAiProvider,
  type FakeAiProviderServer,
} from "../../../test/fakes/ai-provider-server";
import { buildTestApp, TEST_DB, type Agent, type TestApp } from "../../../test/helper";
import {
  editorReviewOff,
  modelDraft,
  OPENAI_TEST_KEY,
  openAiFakeConfig,
  selectOpenAi,
  VALID_REQUEST,
} from "../../../test/support/generation";
import { COMPANY_CATALOG, COMPANY_VOICE } from "../../db/seed/reference-data";
import { loadBriefContext, type BriefInput } from "./brief";

type Ok<T> = { success: true; data: T };

const BRIEF_INPUT: BriefInput = {
  personaId: VALID_REQUEST.personaId,
  industryId: VALID_REQUEST.industryId,
  buyingStage: VALID_REQUEST.buyingStage,
  contentType: VALID_REQUEST.contentType,
  topic: VALID_REQUEST.contentTopic,
  keyMetrics: [],
  featuredSolutions: [],
  primaryKeyword: undefined,
  useBenchmarkExamples: false,
};

describe(`the first draft's brief and prompt (${TEST_DB})`, () => {
  let t: TestApp;
  let fake: FakeAiProviderServer;
  let admin: Agent;
  let editor: Agent;

  beforeAll(async () => {
    fake = await startFakeAiProvider({ apiKey: OPENAI_TEST_KEY });
    t = await buildTestApp({ config: openAiFakeConfig(fake) });
    await selectOpenAi(t);
    // These tests read the draft's prompt: the editor's review (a second call) is tested elsewhere.
    await editorReviewOff(t);
    [admin, editor] = await Promise.all([t.signInAs("admin"), t.signInAs("editor")]);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const generate = async () => {
    fake.enqueue(answer(modelDraft()));
    const res = await editor.post("/api/generate-content", {
      ...VALID_REQUEST,
      useBenchmarkExamples: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests).toHaveLength(1);
    return { prompt: fake.requests[0]!.promptText, data: res.json<Ok<GeneratedContent>>().data };
  };

  it("carries no offers while the profile is the first-run sample, and no link reaches the model", async () => {
    const { brief } = await loadBriefContext(t.ctx, BRIEF_INPUT);
    expect(brief.offers).toEqual([]);
    const { prompt } = await generate();
    for (const offer of COMPANY_CATALOG.offers) expect(prompt).not.toContain(offer.url);
    expect(prompt).not.toContain("example.com");
    expect(prompt).toMatch(
      /neutral next step that fits the consideration stage and promises no asset/,
    );
  });

  it("sends the sample voice and the en-US language line to the provider", async () => {
    const { prompt } = await generate();
    expect(prompt).toContain(
      "Language: write every field in American English (en-US), with American spelling",
    );
    expect(prompt).toContain(`Company voice of ${COMPANY_CATALOG.companyName}:`);
    expect(prompt).toContain(
      `- Tone: ${COMPANY_VOICE.toneAttributes.map((w) => `"${w}"`).join(", ")}.`,
    );
  });

  it("after an admin saves the profile, sends its voice and offers the stage's offers", async () => {
    const current = (await admin.get("/api/company-profile")).json<Ok<CompanyProfileResponse>>()
      .data;
    expect(current.isSample).toBe(true);
    const { can: _can, isSample: _isSample, ...profile } = current;
    const voice = {
      toneAttributes: ["unhurried", "exacting"],
      preferredWords: ["cost baseline"],
      avoidWords: ["paradigm"],
      pointOfView: "first-person-plural" as const,
    };
    const saved = await admin.put("/api/company-profile", { ...profile, voice });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Ok<CompanyProfileResponse>>().data.isSample).toBe(false);

    const { brief } = await loadBriefContext(t.ctx, BRIEF_INPUT);
    expect(brief.offers).toEqual(COMPANY_CATALOG.offers);
    expect(brief.voice).toEqual(voice);

    const { prompt } = await generate();
    expect(prompt).toContain('- Tone: "unhurried", "exacting".');
    expect(prompt).toContain('Prefer these words where they fit: "cost baseline".');
    expect(prompt).toMatch(/Never use these phrases or clichés: [^\n]*"paradigm"/);
    expect(prompt).toContain(`write as ${COMPANY_CATALOG.companyName} in the first person plural`);
    expect(prompt).toContain(
      "Language: write every field in American English (en-US), with American spelling",
    );
    const consideration = COMPANY_CATALOG.offers.filter((o) => o.stages.includes("consideration"));
    for (const offer of consideration) expect(prompt).toContain(`${offer.name}: ${offer.url}`);
  });

  it("prefers examples written for the brief's persona and industry over closer topic matches", async () => {
    const topic = "zirconia sintering furnace tolerance drift";
    const create = async (title: string, personaId: string, industryId: string, text: string) => {
      const res = await editor.post("/api/examples", {
        title,
        category: "good",
        contentType: "technical-guide",
        personaId,
        industryId,
        buyingStage: "consideration",
        headline: text,
        introduction: text,
        body: text,
        conclusion: "Review the furnace data at the next gate.",
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Ok<{ id: string }>>().data.id;
    };
    const others: string[] = [];
    for (const [i, persona] of ["cto", "product-manager", "director-engineering"].entries()) {
      others.push(
        await create(`Other audience ${i}`, persona, "automotive", `${topic}. ${topic} checks.`),
      );
    }
    const matching = await create(
      "Same audience",
      BRIEF_INPUT.personaId,
      BRIEF_INPUT.industryId,
      "Zirconia sintering furnace drift, reviewed with the program's cost engineers.",
    );
    const { brief } = await loadBriefContext(t.ctx, {
      ...BRIEF_INPUT,
      topic,
      useBenchmarkExamples: true,
    });
    const byId = new Map(brief.goodExamples.map((e) => [e.id, e]));
    expect(brief.goodExamples.map((e) => e.id)[0]).toBe(matching);
    // On topic similarity alone the same-audience example is the weakest of the four.
    const similarity = byId.get(matching)!.similarity;
    const otherShown = brief.goodExamples.filter((e) => others.includes(e.id));
    expect(otherShown.length).toBeGreaterThan(0);
    for (const other of otherShown) expect(other.similarity).toBeGreaterThan(similarity);
  });
});
