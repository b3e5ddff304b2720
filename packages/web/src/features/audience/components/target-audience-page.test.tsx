import type { AudienceOverview, Industry, Persona } from "@content-studio/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, installFakeApi, ok, type FakeResponse } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { TargetAudiencePage } from "./target-audience-page";

const persona: Persona = {
  id: "cto",
  title: "CTO",
  description: "Owns the technology strategy.",
  avgAge: "45-55",
  education: "MS",
  reportingTo: "CEO",
  decisionMaker: true,
  painPoints: ["Disconnected tools"],
  goals: ["One digital thread"],
  contentPreferences: ["Architecture guides"],
  keyMetrics: ["Time to market"],
  buyingCommittee: ["CFO"],
  buyingJourney: {
    awareness: { painPoints: ["Data silos"], contentTypes: ["Briefs"], channels: ["LinkedIn"] },
    consideration: {
      evaluationCriteria: ["Integration"],
      contentTypes: ["Demos"],
      channels: ["Events"],
    },
    decision: { stakeholders: ["CFO"], objections: ["Cost"], contentTypes: ["Pilots"] },
  },
  formatEffectiveness: [
    { format: "Webinars", effectiveness: 55 },
    { format: "Case studies", effectiveness: 84 },
  ],
};
const aerospace: Industry = {
  id: "aerospace",
  name: "Aerospace",
  marketSize: "$800B+",
  engineeringTeamSize: "500+",
  productionVolume: "Low",
  keyDrivers: ["Weight"],
  topChallenges: ["Certification"],
  contentStrategies: ["Case studies"],
  companies: ["Example Air"],
};

const overview = (industry: AudienceOverview["industry"] = "all"): AudienceOverview => ({
  industry,
  dataset: {
    id: "d1",
    fileName: "Sample dataset (fictional accounts)",
    layout: null,
    isSample: true,
    mode: "replace",
    importedAt: "2026-11-24T01:00:00.000Z",
    importedBy: null,
    rows: 2,
    accounts: 2,
    skippedRows: 0,
    storedAccounts: 2,
    unknownIndustries: [],
  },
  accountCount: 2,
  intent: {
    targetAccounts: [
      {
        name: "Orbit Works",
        domain: "orbit.example",
        industry: "aerospace",
        intent: 91,
        activePersonas: ["cto"],
        topKeywords: ["digital thread"],
        buyingStage: "decision",
      },
      {
        name: "Gear Co",
        domain: "gear.example",
        industry: "aerospace",
        intent: 70,
        activePersonas: ["cto"],
        topKeywords: ["plm"],
        buyingStage: "awareness",
      },
    ],
    industryBreakdown: [{ industry: "aerospace", percentage: 100, avgIntent: 81 }],
    personaBreakdown: [{ persona: "cto", percentage: 100, keywords: ["digital thread"] }],
    buyingStages: { awareness: 50, consideration: 0, decision: 50 },
    topKeywords: [{ keyword: "digital thread", volume: 2 }],
  },
  can: { import: true },
});

const renderPage = () =>
  renderWithProviders(<TargetAudiencePage personas={[persona]} industries={[aerospace]} />);

describe("TargetAudiencePage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the dataset, the top accounts and reloads with a busy refresh button", async () => {
    let release: (() => void) | undefined;
    const api = installFakeApi({
      "GET /api/audience/overview": ok(overview()),
      "GET /api/audience/recommendations": ok({ industry: "all", items: [] }),
      "GET /api/audience/content": ok([]),
    });
    renderPage();
    const top = await screen.findByRole(
      "list",
      { name: "Top accounts by intent" },
      // the first render also loads the page's modules
      { timeout: 5000 },
    );
    expect(within(top).getAllByRole("listitem")).toHaveLength(2);
    expect(within(top).getByText("Orbit Works · Aerospace")).toBeInTheDocument();
    expect(screen.getByText("sample dataset")).toBeInTheDocument();

    api.routes["GET /api/audience/overview"] = () =>
      new Promise<FakeResponse>((resolve) => {
        release = () => resolve(ok(overview()));
      });
    await userEvent.click(screen.getByRole("button", { name: "Refresh Data" }));
    const busy = await screen.findByRole("button", { name: "Loading" });
    expect(busy).toBeDisabled();
    release?.();
    expect(await screen.findByRole("button", { name: "Refresh Data" })).toBeEnabled();
  });

  it("shows the spec's message when the data cannot be fetched", async () => {
    installFakeApi({
      "GET /api/audience/overview": fail(500, "internal_error", "Something went wrong."),
      "GET /api/audience/content": ok([]),
    });
    renderPage();
    expect(
      await screen.findByText("Failed to fetch target audience data. Please try again."),
    ).toBeInTheDocument();
  });

  it("opens one section at a time and disables the focus industry in 'all'", async () => {
    installFakeApi({
      "GET /api/audience/overview": ({ query }) =>
        ok(overview(query.get("industry") as AudienceOverview["industry"])),
      "GET /api/audience/recommendations": ok({ industry: "all", items: [] }),
      "GET /api/audience/content": ok([]),
    });
    renderPage();
    await screen.findByRole(
      "list",
      { name: "Top accounts by intent" },
      // the first render also loads the page's modules
      { timeout: 5000 },
    );
    const journey = screen.getByRole("button", { name: "Buying Journey Analysis" });
    const engagement = screen.getByRole("button", { name: "Content Engagement Analysis" });
    expect(journey).toHaveAttribute("aria-expanded", "true");
    expect(engagement).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(engagement);
    expect(journey).toHaveAttribute("aria-expanded", "false");
    expect(engagement).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(engagement);
    expect(engagement).toHaveAttribute("aria-expanded", "false");

    const focus = screen.getByLabelText("Focus industry");
    expect(focus).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText("Industry"), "aerospace");
    await waitFor(() => expect(screen.getByLabelText("Focus industry")).toBeEnabled());
    expect(screen.getByRole("article", { name: "Aerospace details" })).toBeInTheDocument();
  });

  it("names each content item's status in words in 'Accounts to target'", async () => {
    installFakeApi({
      "GET /api/audience/overview": ok(overview()),
      "GET /api/audience/recommendations": ok({ industry: "all", items: [] }),
      "GET /api/audience/content": ok([
        { id: "c1", title: "Cost reviews", status: "in_review", buyingStage: "decision" },
        { id: "c2", title: "Digital thread", status: "published", buyingStage: "awareness" },
      ]),
    });
    renderPage();
    const card = await screen.findByRole(
      "region",
      { name: "Accounts to target" },
      { timeout: 5000 },
    );
    const select = within(card).getByLabelText("Content");
    await waitFor(() => expect(select).toBeEnabled());
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Choose a content item",
      "Cost reviews (In review, Decision)",
      "Digital thread (Published, Awareness)",
    ]);
  });
});
