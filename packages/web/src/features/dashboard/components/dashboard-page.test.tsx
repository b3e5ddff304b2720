import { CLOUD_SOURCE_NEEDS, type DashboardSummary } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { DashboardPage } from "./dashboard-page";

const SUMMARY: DashboardSummary = {
  stats: { total: 42, lastWeek: 8, highQuality: 35, needsRefinement: 7 },
  qualityThreshold: 0.7,
  averageGenerationMs: 8234,
  generationsMeasured: 12,
  recent: [
    {
      id: "a",
      title: "Cost reviews that work",
      contentType: "case-study",
      personaName: "CTO",
      industryName: "Aerospace",
      createdAt: "2026-11-20T10:00:00.000Z",
      qualityScore: 0.89,
    },
    {
      id: "b",
      title: "A middling guide",
      contentType: "custom-type",
      personaName: "VP of Engineering",
      industryName: "Automotive",
      createdAt: "2026-11-21T10:00:00.000Z",
      qualityScore: 0.6,
    },
    {
      id: "c",
      title: "A weak report",
      contentType: "industry-report",
      personaName: "CTO",
      industryName: "Industrial",
      createdAt: "2026-11-22T10:00:00.000Z",
      qualityScore: 0.59,
    },
  ],
  coverage: [
    {
      personaId: "cto",
      industryId: "aerospace",
      buyingStage: "awareness",
      count: 3,
      averageQuality: 0.82,
    },
  ],
  weekly: Array.from({ length: 12 }, (_, i) => ({
    weekStart: `2026-09-${String(i + 1).padStart(2, "0")}`,
    count: i,
    averageQuality: i ? 0.7 : null,
  })),
};

const PERSONAS = [
  { id: "cto", title: "CTO" },
  { id: "vp-engineering", title: "VP of Engineering" },
] as never[];
const INDUSTRIES = [
  { id: "aerospace", name: "Aerospace" },
  { id: "automotive", name: "Automotive" },
] as never[];

function setup(
  summary = ok(SUMMARY),
  examples: Pick<ComponentProps<typeof DashboardPage>, "examplesSource" | "cloudNeeds"> = {},
) {
  const fake = installFakeApi({ "GET /api/dashboard/summary": summary });
  renderWithProviders(
    <DashboardPage
      userName="Ada"
      provider={{ label: "Built-in writer (offline)", model: "content-studio-writer-1" }}
      personas={PERSONAS}
      industries={INDUSTRIES}
      {...examples}
    />,
  );
  return fake;
}

describe("DashboardPage", () => {
  it("shows the tiles, provider status with the measured time, and recent content", async () => {
    setup();
    expect(screen.getByText("Welcome back, Ada")).toBeInTheDocument();
    const stats = screen.getByRole("region", { name: "Content statistics" });
    expect(await within(stats).findByText("42")).toBeInTheDocument();
    const tiles: [string, string][] = [
      ["Last 7 Days", "8"],
      ["High Quality", "35"],
      ["Needs Refinement", "7"],
    ];
    for (const [label, value] of tiles) {
      expect(within(stats).getByText(label).closest("div")?.parentElement).toHaveTextContent(value);
    }
    const panel = screen.getByRole("region", { name: "AI Provider Status" });
    expect(within(panel).getByText("Built-in writer (offline)")).toBeInTheDocument();
    expect(within(panel).getByText("8.2 seconds")).toBeInTheDocument();

    const recent = screen.getByRole("region", { name: "Recent Content" });
    const rows = within(recent).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Cost reviews that work");
    expect(rows[0]).toHaveTextContent("Case Study");
    expect(rows[0]).toHaveTextContent("CTO · Aerospace");
    expect(rows[0]).toHaveTextContent("11/20/2026");
    // Dashboard bands: >= 0.8 green, >= 0.6 yellow, else red.
    expect(within(rows[0]!).getByText("89%").className).toContain("green");
    expect(within(rows[1]!).getByText("60%").className).toContain("yellow");
    expect(within(rows[2]!).getByText("59%").className).toContain("red");
    // Unknown types still get an icon.
    expect(rows[1]!.querySelector("svg")).not.toBeNull();
    expect(within(recent).getByRole("link", { name: /View All/ })).toHaveAttribute(
      "href",
      "/library",
    );
  });

  it("says 'No generations yet' and falls back to 'Not configured' and 'User'", async () => {
    installFakeApi({
      "GET /api/dashboard/summary": ok({
        ...SUMMARY,
        averageGenerationMs: null,
        generationsMeasured: 0,
      }),
    });
    renderWithProviders(<DashboardPage />);
    expect(screen.getByText("Welcome back, User")).toBeInTheDocument();
    const panel = screen.getByRole("region", { name: "AI Provider Status" });
    expect(within(panel).getAllByText("Not configured")).toHaveLength(2);
    expect(await within(panel).findByText("No generations yet")).toBeInTheDocument();
  });

  it("starts the Examples card on Local while Cloud cannot be read, and says what Cloud needs", async () => {
    setup(ok(SUMMARY), {
      examplesSource: "local",
      cloudNeeds: CLOUD_SOURCE_NEEDS.not_set_up.short,
    });
    const links = screen.getByRole("region", { name: "Quick links" });
    const examples = within(links).getByRole("link", { name: /Examples Repository/ });
    expect(within(links).getByLabelText("Source")).toHaveValue("local");
    expect(examples).toHaveAttribute("href", "/examples?source=local");
    expect(examples).toHaveTextContent("Local benchmark content");
    await userEvent.selectOptions(within(links).getByLabelText("Source"), "Cloud Source");
    expect(examples).toHaveAttribute("href", "/examples?source=cloud");
    expect(examples).toHaveTextContent(CLOUD_SOURCE_NEEDS.not_set_up.short);
    expect(examples).not.toHaveTextContent(/AWS_|environment/);
  });

  it("switches the Examples card between the cloud and local source", async () => {
    setup(ok(SUMMARY), { examplesSource: "cloud" });
    const links = screen.getByRole("region", { name: "Quick links" });
    const examples = within(links).getByRole("link", { name: /Examples Repository/ });
    expect(examples).toHaveAttribute("href", "/examples?source=cloud");
    expect(examples).toHaveTextContent("Cloud benchmark content");
    await userEvent.selectOptions(within(links).getByLabelText("Source"), "Local Source");
    expect(examples).toHaveAttribute("href", "/examples?source=local");
    expect(examples).toHaveTextContent("Local benchmark content");
    expect(within(links).getByRole("link", { name: /Generate New Content/ })).toHaveAttribute(
      "href",
      "/generate",
    );
    expect(within(links).getByRole("link", { name: /Target Audience Analysis/ })).toHaveAttribute(
      "href",
      "/target-audience",
    );
  });

  it("maps coverage: filled cells show count and quality, empty cells open the generator", async () => {
    setup();
    const map = screen.getByRole("region", { name: "Coverage" });
    expect(
      await within(map).findByLabelText(
        "CTO, Aerospace, Awareness: 3 approved or published, average quality 82%",
      ),
    ).toBeInTheDocument();
    expect(
      within(map).getByRole("link", {
        name: "No approved content for VP of Engineering, Automotive, Decision. Generate some.",
      }),
    ).toHaveAttribute(
      "href",
      "/generate?persona=vp-engineering&industry=automotive&stage=decision",
    );
  });

  it("shows an error with a retry when the summary fails", async () => {
    const fake = setup(fail(500, "internal_error", "Something went wrong."));
    expect(
      await screen.findByText("Failed to load dashboard data. Please try again."),
    ).toBeInTheDocument();
    fake.routes["GET /api/dashboard/summary"] = ok(SUMMARY);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("42")).toBeInTheDocument();
  });
});
