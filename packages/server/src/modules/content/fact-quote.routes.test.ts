import type { Fact, GeneratedContent, LibraryItemDetail } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, type FakeAiProviderServer } from "../../../test/fakes/ai-provider-server";
import { TEST_DB, type TestApp } from "../../../test/helper";
import { factInput } from "../../../test/support/factories";
import { modelDraft, VALID_REQUEST, buildOpenAiFakeApp } from "../../../test/support/generation";

type Ok<T> = { success: true; data: T };

/**
 * A fact approved today, quoted word for word by the writer, binds to that fact and never
 * blocks approval; the same figure moved to another subject is misattributed and does.
 */
describe(`an approved fact quoted by the writer (${TEST_DB})`, () => {
  let t: TestApp;
  let fake: FakeAiProviderServer;
  let fact: Fact;
  const STATEMENT =
    "Customers shorten supplier quote reviews for aerospace castings by 30-40% in the first year.";

  beforeAll(async () => {
    ({ t, fake } = await buildOpenAiFakeApp({ editorReview: false }));
    const admin = await t.signInAs("admin");
    const proposed = await admin.post(
      "/api/proof/facts",
      factInput({
        statement: STATEMENT,
        value: 30,
        valueMax: 40,
        unit: "%",
        subjectType: "company",
        subjectId: null,
        source: "Customer review study, table 2",
      }),
    );
    expect(proposed.statusCode, proposed.body).toBe(201);
    const id = proposed.json<Ok<Fact>>().data.id;
    const approved = await admin.post(`/api/proof/facts/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    fact = (await admin.get("/api/proof/facts"))
      .json<Ok<{ facts: Fact[] }>>()
      .data.facts.find((f) => f.id === id)!;
  });
  afterAll(() => t.close());

  const generateWith = async (sentence: string) => {
    const editor = await t.signInAs("editor");
    const draft = modelDraft();
    fake.enqueue(answer({ ...draft, body: `${draft.body}<p>${sentence}</p>` }));
    const res = await editor.post("/api/generate-content", {
      ...VALID_REQUEST,
      useBenchmarkExamples: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<Ok<GeneratedContent>>().data.contentItemId;
    const item = await editor.get(`/api/library/${id}`);
    return item.json<Ok<LibraryItemDetail>>().data;
  };

  it("binds the quote to the new fact, so no claim blocks approval", async () => {
    expect(fact.structure).toMatchObject({ direction: "reduction" });
    const item = await generateWith(`In our customer study: ${STATEMENT}`);
    const claim = item.qualityReport?.claims.find((c) => c.text.startsWith("30-40%"));
    expect(claim).toMatchObject({ status: "supported", factId: fact.id });
    expect(item.approvalBlockers.filter((b) => b.code === "claim_not_supported")).toEqual([]);
  });

  it("refuses the same figure on another subject, naming it misattributed", async () => {
    const item = await generateWith(
      "Our customers shorten supplier quote reviews for composite wing skins by 30-40% in the first year.",
    );
    const claim = item.qualityReport?.claims.find((c) => c.text.startsWith("30-40%"));
    expect(claim).toMatchObject({ status: "misattributed", factId: fact.id, differs: "subject" });
    expect(item.approvalBlockers).toContainEqual(
      expect.objectContaining({ code: "claim_not_supported", status: "misattributed" }),
    );
  });
});
