import { describeFinding, type GeneratedContent, type IntentData } from "@content-studio/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fail, installFakeApi, ndjson, ndjsonStream, ok } from "../../../../test/fake-api";
import { renderGeneratorPage } from "../../../../test/content-render";
import {
  buildGenerated,
  buildGenerationData,
  buildGenerationRequestBody,
  buildIntentData,
  buildReport,
  generationSettingsAnswer,
} from "../../../../test/content-fixtures";

const audienceData = (intent?: Partial<IntentData>) =>
  buildGenerationData({ sixsenseData: intent ? buildIntentData(intent) : null });

function setup(routes: Parameters<typeof installFakeApi>[0] = {}) {
  const fake = installFakeApi({
    "GET /api/settings/generation": ok(generationSettingsAnswer()),
    "GET /api/content-generation-data": ok(audienceData()),
    ...routes,
  });
  renderGeneratorPage();
  return { fake, user: userEvent.setup() };
}

const generateButton = () => screen.getByRole("button", { name: /Generat(e|ing) Content/ });

async function openSection(user: UserEvent, title: string) {
  const button = screen.getByRole("button", { name: new RegExp(`^${title}`) });
  if (button.getAttribute("aria-expanded") !== "true") await user.click(button);
}

async function chooseAudience(user: UserEvent) {
  await openSection(user, "Target Audience");
  await user.selectOptions(screen.getByLabelText("Persona"), "vp-engineering");
  await user.selectOptions(screen.getByLabelText("Industry"), "aerospace");
  await user.selectOptions(screen.getByLabelText("Buying Stage"), "awareness");
}

async function fillRequired(user: UserEvent) {
  await chooseAudience(user);
  await openSection(user, "Content Details");
  await user.type(screen.getByLabelText("Content Topic"), "Simulation ROI");
}

const streamRequests = (fake: ReturnType<typeof installFakeApi>) =>
  fake.requests.filter((r) => r.path === "/api/generate-content/stream");

const done = (result: GeneratedContent = buildGenerated()) => ({ type: "done", result });

describe("GeneratorPage form", () => {
  it("opens the audience section first, one section at a time", async () => {
    const { user } = setup();
    expect(screen.getByRole("heading", { name: "Content Generator" })).toBeInTheDocument();
    const audience = screen.getByRole("button", { name: /^Target Audience/ });
    const details = screen.getByRole("button", { name: /^Content Details/ });
    expect(audience).toHaveAttribute("aria-expanded", "true");
    expect(details).toHaveAttribute("aria-expanded", "false");

    await user.click(details);
    expect(audience).toHaveAttribute("aria-expanded", "false");
    expect(details).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Content Topic")).toHaveAttribute(
      "placeholder",
      expect.stringMatching(/digital manufacturing simulation/i),
    );
    await user.click(details);
    expect(details).toHaveAttribute("aria-expanded", "false");
  });

  it("shows up to 3 pain points, goals, challenges and drivers", async () => {
    const { user } = setup();
    await chooseAudience(user);
    for (const name of ["Pain points", "Goals", "Top challenges", "Key drivers"]) {
      expect(within(screen.getByRole("list", { name })).getAllByRole("listitem")).toHaveLength(3);
    }
    expect(screen.queryByText("Pain four")).not.toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Awareness" })).toBeInTheDocument();
  });

  it("disables the button until all five required fields are chosen", async () => {
    const { user } = setup();
    expect(generateButton()).toBeDisabled();
    await chooseAudience(user);
    expect(generateButton()).toBeDisabled();
    await openSection(user, "Content Details");
    await user.type(screen.getByLabelText("Content Topic"), "Simulation ROI");
    expect(generateButton()).toBeEnabled();
    await user.selectOptions(screen.getByLabelText("Content Type"), "");
    expect(generateButton()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText("Content Type"), "case-study");
    expect(generateButton()).toBeEnabled();
  });

  it("shows the required-fields message and makes no call when a field is missing", async () => {
    const { fake, user } = setup();
    await chooseAudience(user);
    fireEvent.submit(screen.getByRole("form", { name: "Content generation" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please select all required fields: persona, industry, buying stage, topic, and content type.",
    );
    expect(streamRequests(fake)).toHaveLength(0);
  });

  it("defaults the options and follows the organisation's settings", async () => {
    const { user } = setup({
      "GET /api/settings/generation": ok(
        generationSettingsAnswer(undefined, {
          defaultUseBenchmarks: false,
          defaultQualityCheck: true,
          defaultAutoRefine: true,
          qualityThreshold: 0.7,
          autoRefineThreshold: 0.5,
        }),
      ),
    });
    await openSection(user, "Generation Options");
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Auto-Refine Content" })).toBeChecked(),
    );
    expect(screen.getByRole("switch", { name: "Use Benchmark Examples" })).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Perform Quality Check" })).toBeChecked();
    await openSection(user, "Content Details");
    expect(screen.getByLabelText("Content Type")).toHaveValue("thought-leadership");
  });

  it("sends key metrics and featured solutions only when at least one is chosen", async () => {
    const { fake, user } = setup({
      "POST /api/generate-content/stream": () => ndjson([done()]),
    });
    await fillRequired(user);
    await user.click(generateButton());
    await screen.findByRole("tab", { name: "Optimize", selected: true });

    const first = streamRequests(fake)[0]?.body as Record<string, unknown>;
    expect(first).toEqual(buildGenerationRequestBody());

    await user.click(screen.getByRole("tab", { name: "Generate" }));
    await openSection(user, "Content Details");
    await user.click(screen.getByRole("checkbox", { name: /decrease in time-to-market/ }));
    await user.click(screen.getByRole("checkbox", { name: /MC Analytics/ }));
    await user.click(generateButton());
    await waitFor(() => expect(streamRequests(fake)).toHaveLength(2));
    expect(streamRequests(fake)[1]?.body).toMatchObject({
      keyMetricsToInclude: ["20-30% decrease in time-to-market"],
      featuredSolutions: ["MC Analytics"],
    });
  });

  it("loads the audience data once all three are chosen and shows intent data", async () => {
    const { fake, user } = setup({
      "GET /api/content-generation-data": ok(
        audienceData({
          topKeywords: ["a", "b", "c", "d", "e", "f"].map((k, i) => ({
            keyword: `kw-${k}`,
            volume: 100 - i,
          })),
          buyingStages: { awareness: 35, consideration: 0, decision: 23 },
        }),
      ),
    });
    await chooseAudience(user);
    await waitFor(() =>
      expect(fake.requests.some((r) => r.path === "/api/content-generation-data")).toBe(true),
    );
    const call = fake.requests.find((r) => r.path === "/api/content-generation-data");
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      personaId: "vp-engineering",
      industryId: "aerospace",
      buyingStage: "awareness",
    });

    await openSection(user, "Content Details");
    const intent = await screen.findByRole("region", { name: "Intent data" });
    expect(within(intent).getAllByRole("listitem")).toHaveLength(5);
    expect(within(intent).queryByText(/kw-f/)).not.toBeInTheDocument();
    const stage = (label: string) => within(intent).getByText(label).nextElementSibling;
    expect(stage("Awareness")).toHaveTextContent("35%");
    expect(stage("Consideration")).toHaveTextContent("0%");
    expect(stage("Decision")).toHaveTextContent("23%");
  });

  it("says when the audience data cannot be loaded", async () => {
    const { user } = setup({
      "GET /api/content-generation-data": fail(500, "internal_error", "Boom."),
    });
    await chooseAudience(user);
    expect(
      await screen.findByText("Failed to fetch target audience data. Please try again."),
    ).toBeInTheDocument();
  });

  it("shows the form disabled with a note when the server's can.generate is false", async () => {
    setup({
      "GET /api/settings/generation": ok(
        generationSettingsAnswer({ edit: false, generate: false }),
      ),
    });
    expect(await screen.findByText(/view-only access/)).toBeInTheDocument();
    expect(screen.getByLabelText("Persona")).toBeDisabled();
    expect(generateButton()).toBeDisabled();
  });
});

describe("GeneratorPage streaming", () => {
  it("shows the stages and the text as it arrives, then switches to Optimize", async () => {
    const stream = ndjsonStream();
    const { user } = setup({ "POST /api/generate-content/stream": () => stream.response });
    await fillRequired(user);
    await user.click(generateButton());

    expect(await screen.findByRole("button", { name: "Generating Content..." })).toBeDisabled();
    stream.send({ type: "stage", stage: "drafting" });
    expect(await screen.findByText("Drafting the content...")).toBeInTheDocument();
    stream.send({ type: "delta", text: "Simulation " });
    stream.sendRaw('{"type":"delta","te');
    stream.sendRaw('xt":"pays off"}\n');
    const live = screen.getByLabelText("Live draft");
    await waitFor(() => expect(live).toHaveTextContent("Simulation pays off"));

    stream.send({ type: "stage", stage: "checking" });
    expect(await screen.findByText("Checking quality...")).toBeInTheDocument();
    stream.send({ type: "stage", stage: "refining", round: 1 });
    expect(await screen.findByText("Refining the draft (round 1)...")).toBeInTheDocument();
    await waitFor(() => expect(live).not.toHaveTextContent("Simulation pays off"));
    stream.send({ type: "delta", text: "<script>alert(1)</script>Better" });
    await waitFor(() => expect(live).toHaveTextContent("<script>alert(1)</script>Better"));
    expect(live.querySelector("script")).toBeNull();

    stream.send(done());
    stream.close();
    expect(
      await screen.findByRole("tab", { name: "Optimize", selected: true }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { name: "Simulation ROI for aerospace engineering" }),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "New Content" })).toBeInTheDocument();
  });

  it("cancels: aborts the request and shows no error", async () => {
    const stream = ndjsonStream();
    const { fake, user } = setup({ "POST /api/generate-content/stream": () => stream.response });
    await fillRequired(user);
    await user.click(generateButton());
    stream.send({ type: "stage", stage: "drafting" });
    await screen.findByText("Drafting the content...");

    await user.click(screen.getByRole("button", { name: "Cancel" }));

    const init = fake.fetchMock.mock.calls.find(
      ([path]) => path === "/api/generate-content/stream",
    )?.[1];
    expect(init?.signal?.aborted).toBe(true);
    expect(await screen.findByText("Generation cancelled. Nothing was saved.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(generateButton()).toHaveTextContent("Generate Content");
    expect(generateButton()).toBeEnabled();
    expect(screen.getByRole("tab", { name: "Optimize" })).toBeDisabled();
  });

  it.each([
    [
      "an error event's message",
      () =>
        ndjson([
          { type: "stage", stage: "drafting" },
          {
            type: "error",
            code: "provider_error",
            message: "The AI provider refused the request.",
          },
        ]),
      "The AI provider refused the request.",
    ],
    [
      "an error envelope's message",
      () => fail(429, "rate_limited", "You have reached today's generation limit."),
      "You have reached today's generation limit.",
    ],
    [
      "the generic message for an error event without one",
      () => ndjson([{ type: "error", code: "internal_error", message: "" }]),
      "Content generation failed. Please try again.",
    ],
    [
      "the generic message for an unreadable answer",
      () => ({ status: 502, body: "<html>Bad gateway</html>" }),
      "Content generation failed. Please try again.",
    ],
    [
      "the generic message when the stream ends without a result",
      () => ndjson([{ type: "stage", stage: "drafting" }]),
      "Content generation failed. Please try again.",
    ],
  ])("shows %s in a red box under the button, scrolled into view", async (_, answer, message) => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi
      .spyOn(Element.prototype, "scrollIntoView")
      .mockImplementation(function (this: Element) {
        scrolled.push(this);
      });
    const { user } = setup({ "POST /api/generate-content/stream": answer });
    await fillRequired(user);
    await user.click(generateButton());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(alert.className).toMatch(/red/);
    expect(alert.parentElement).toContainElement(generateButton());
    expect(scrolled).toContain(alert);
    scrollIntoView.mockRestore();
    expect(screen.getByRole("tab", { name: "Optimize" })).toBeDisabled();
  });
});

describe("GeneratorPage result", () => {
  async function generate(
    result: GeneratedContent,
    routes: Parameters<typeof installFakeApi>[0] = {},
  ) {
    const context = setup({
      "POST /api/generate-content/stream": () => ndjson([done(result)]),
      "POST /api/seo-analysis": ok({
        keyword: "simulation roi",
        inHeadline: true,
        inIntroduction: false,
        inSubheadings: { count: 1, total: 2 },
        density: 1.25,
        suggestedMetaDescription: "Simulation pays for itself.",
        readabilityGrade: 11.4,
      }),
      ...routes,
    });
    await fillRequired(context.user);
    await context.user.click(generateButton());
    await screen.findByRole("tab", { name: "Optimize", selected: true });
    return context;
  }

  it("keeps the later tabs disabled until content exists; New Content goes back", async () => {
    const { user } = setup({ "POST /api/generate-content/stream": () => ndjson([done()]) });
    for (const name of ["Optimize", "Visualize", "Repurpose"]) {
      expect(screen.getByRole("tab", { name })).toBeDisabled();
    }
    expect(screen.queryByRole("button", { name: "New Content" })).not.toBeInTheDocument();
    await fillRequired(user);
    await user.click(generateButton());
    await screen.findByRole("tab", { name: "Optimize", selected: true });
    for (const name of ["Visualize", "Repurpose"]) {
      expect(screen.getByRole("tab", { name })).toBeEnabled();
    }

    await user.click(screen.getByRole("button", { name: "New Content" }));
    expect(screen.getByRole("tab", { name: "Generate", selected: true })).toBeInTheDocument();
    for (const name of ["Optimize", "Visualize", "Repurpose"]) {
      expect(screen.getByRole("tab", { name })).toBeDisabled();
    }
    expect(screen.queryByRole("button", { name: "New Content" })).not.toBeInTheDocument();
    expect(screen.queryByText("Simulation ROI for aerospace engineering")).not.toBeInTheDocument();
  });

  it("shows the score, improvement, benchmark sentence and that it meets the standards", async () => {
    await generate(buildGenerated());
    const meter = screen.getByRole("meter", { name: "Overall quality" });
    expect(meter).toHaveAttribute("aria-valuenow", "81");
    expect(meter).toHaveAttribute("data-band", "green");
    expect(screen.getByText("+31%")).toBeInTheDocument();
    expect(
      screen.getByText("Closer to good benchmark examples (0.42) than to bad ones (0.18)."),
    ).toBeInTheDocument();
    expect(
      screen.getByText("This content meets quality standards (above 70%)."),
    ).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Quality criteria" })).toHaveTextContent("Evidence");
    // Findings are data; the panel renders them through the contract's describeFinding.
    expect(
      screen.getByText(
        describeFinding({ code: "key_metric_unused", metric: "20-30% decrease in time-to-market" }),
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Claims and sources" })).toHaveTextContent(
      "Source: Customers see a 35-45% reduction in engineering change orders.",
    );
    expect(screen.getByRole("list", { name: "Nearest examples" })).toHaveTextContent(
      "A good example",
    );
    expect(await screen.findByText("Simulation pays for itself.")).toBeInTheDocument();
    expect(screen.getByText("In subheadings (1 of 2)")).toBeInTheDocument();
    expect(screen.getByText("1.3%")).toBeInTheDocument();
  });

  it("says 'does not meet' at or below the threshold, in red", async () => {
    const base = buildGenerated();
    await generate({
      ...base,
      qualityCheck: base.qualityCheck && {
        ...base.qualityCheck,
        after: 0.6,
        improvement: 0,
        meetsStandards: false,
        report: buildReport(0.6),
      },
    });
    expect(screen.getByRole("meter", { name: "Overall quality" })).toHaveAttribute(
      "data-band",
      "red",
    );
    expect(screen.getByText("60%")).toBeInTheDocument();
    expect(
      screen.getByText("This content does not meet quality standards (above 70%)."),
    ).toBeInTheDocument();
  });

  it("never renders script or event-handler markup from the body", async () => {
    const base = buildGenerated();
    await generate({
      ...base,
      content: {
        ...base.content,
        body: '<p>Safe text</p><script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true"><a href="javascript:alert(1)" onclick="alert(1)">link</a><svg><script>alert(1)</script></svg>',
      },
    });
    const body = screen.getByRole("region", { name: "Body" });
    expect(within(body).getByText("Safe text")).toBeInTheDocument();
    expect(document.querySelector("script")).toBeNull();
    expect(body.querySelector("img, svg, [onerror], [onclick]")).toBeNull();
    expect(within(body).getByText("link")).not.toHaveAttribute("href");
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
