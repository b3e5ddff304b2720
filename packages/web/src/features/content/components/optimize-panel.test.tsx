import type { GeneratedContent, OptimizeContentResult } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { buildContentItem, buildGenerated, buildReport } from "../../../../test/content-fixtures";
import { renderOptimizePanel } from "../../../../test/content-render";
import { buildExampleDetail } from "../../../../test/examples-fixtures";

const seo = ok({
  keyword: "simulation roi",
  inHeadline: true,
  inIntroduction: true,
  inSubheadings: { count: 0, total: 1 },
  density: 0.8,
  suggestedMetaDescription: "Meta.",
  readabilityGrade: 10,
});

const optimized: OptimizeContentResult = {
  candidate: {
    headline: "Simulation ROI, measured",
    introduction: "Engineering leaders need proof.",
    body: "<h2>Why simulation ROI matters</h2><p>Simulation cuts rework by 30%.</p>",
    conclusion: "Book a walkthrough.",
  },
  before: buildReport(0.62),
  after: buildReport(0.84),
  diff: [
    {
      section: "headline",
      before: "Simulation ROI for aerospace engineering",
      after: "Simulation ROI, measured",
    },
    {
      section: "body",
      before: "<h2>Why it matters</h2><p>Simulation cuts rework.</p>",
      after: "<h2>Why simulation ROI matters</h2><p>Simulation cuts rework by 30%.</p>",
    },
  ],
};

function renderPanel(result: GeneratedContent = buildGenerated()) {
  const onKept = vi.fn();
  renderOptimizePanel(result, { intentKeywords: ["digital twin"], onKept });
  return { onKept, user: userEvent.setup() };
}

describe("OptimizePanel", () => {
  it("runs a refinement round, shows before/after and the diff, and keeps it", async () => {
    const fake = installFakeApi({
      "POST /api/seo-analysis": seo,
      "POST /api/library/:id/optimize": ok(optimized),
      "PUT /api/library/:id": (req) =>
        ok(
          buildContentItem({
            ...(req.body as object),
            qualityAfter: 0.84,
            qualityReport: buildReport(0.84),
          }),
        ),
    });
    const { onKept, user } = renderPanel();

    await user.click(screen.getByRole("button", { name: "digital twin" }));
    await user.click(screen.getByRole("button", { name: "Optimize Content" }));
    const review = await screen.findByRole("region", { name: "Optimization" });
    expect(within(review).getByRole("meter", { name: "Before score" })).toHaveAttribute(
      "aria-valuenow",
      "62",
    );
    expect(within(review).getByRole("meter", { name: "After score" })).toHaveAttribute(
      "data-band",
      "green",
    );
    expect(within(review).getByText("+35%")).toBeInTheDocument();
    expect(within(review).getByRole("region", { name: "Changes to Headline" })).toHaveTextContent(
      "Simulation ROI, measured",
    );
    expect(fake.requests.find((r) => r.path.endsWith("/optimize"))?.body).toEqual({
      primaryKeyword: "digital twin",
    });

    await user.click(within(review).getByRole("button", { name: "Keep changes" }));
    expect(fake.requests.find((r) => r.method === "PUT")?.body).toEqual(optimized.candidate);
    await vi.waitFor(() => expect(onKept).toHaveBeenCalledTimes(1));
    const kept = onKept.mock.calls[0]?.[0] as GeneratedContent;
    expect(kept.content.headline).toBe("Simulation ROI, measured");
    expect(kept.qualityCheck).toMatchObject({ before: 0.62, after: 0.84, meetsStandards: true });
    expect(screen.queryByRole("region", { name: "Optimization" })).not.toBeInTheDocument();
  });

  it("discards a candidate without saving", async () => {
    const fake = installFakeApi({
      "POST /api/seo-analysis": seo,
      "POST /api/library/:id/optimize": ok(optimized),
    });
    const { onKept, user } = renderPanel();
    await user.click(screen.getByRole("button", { name: "Optimize Content" }));
    await user.click(await screen.findByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("region", { name: "Optimization" })).not.toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === "PUT")).toBe(false);
    expect(onKept).not.toHaveBeenCalled();
  });
});

describe("Save as example", () => {
  it("files the content as a good or bad example with notes and tags", async () => {
    const fake = installFakeApi({
      "POST /api/seo-analysis": seo,
      "POST /api/library/:id/save-as-example": (req) =>
        ok(
          buildExampleDetail({
            id: "ex1",
            title: (req.body as { title: string }).title,
            category: "bad",
          }),
          201,
        ),
    });
    const { user } = renderPanel();

    await user.click(screen.getByRole("button", { name: "Save as example" }));
    const dialog = await screen.findByRole("dialog", { name: "Save as example" });
    await user.click(within(dialog).getByRole("radio", { name: "Bad Example" }));
    await user.type(within(dialog).getByLabelText("Tags"), "roi, , Hard-Sell ");
    await user.type(within(dialog).getByLabelText("Notes"), "Pushes a demo at awareness.");
    await user.click(within(dialog).getByRole("button", { name: "Save example" }));

    expect(await within(dialog).findByRole("status")).toHaveTextContent("Saved as a bad example");
    const request = fake.requests.find((r) => r.path.endsWith("/save-as-example"));
    expect(request?.body).toEqual({
      category: "bad",
      title: buildGenerated().content.headline,
      tags: ["roi", "hard-sell"],
      notes: "Pushes a demo at awareness.",
    });
  });

  it("shows the server's message when saving fails", async () => {
    installFakeApi({
      "POST /api/seo-analysis": seo,
      "POST /api/library/:id/save-as-example": fail(404, "not_found", "Content item not found."),
    });
    const { user } = renderPanel();
    await user.click(screen.getByRole("button", { name: "Save as example" }));
    const dialog = await screen.findByRole("dialog", { name: "Save as example" });
    await user.click(within(dialog).getByRole("button", { name: "Save example" }));
    expect(await within(dialog).findByText("Content item not found.")).toBeInTheDocument();
  });

  it("does not ask for an SEO analysis of a short asset, and says why", async () => {
    const fake = installFakeApi({ "POST /api/seo-analysis": seo });
    const base = buildGenerated();
    renderPanel({
      ...base,
      content: { ...base.content, introduction: "", conclusion: "" },
    });
    expect(
      await screen.findByText(/SEO analysis applies to articles with a headline/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Primary keyword" })).toBeNull();
    expect(fake.requests.filter((r) => r.path === "/api/seo-analysis")).toEqual([]);
  });
});
