import type { EditorReview } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildGenerated, buildReport } from "../../../../test/content-fixtures";
import { renderOptimizePanel } from "../../../../test/content-render";

const DONE: EditorReview = {
  status: "done",
  provider: "openai",
  model: "gpt-4o-mini",
  score: 0.75,
  criteria: [
    {
      id: "usefulness",
      label: "Usefulness to the reader",
      score: 1,
      evidence: ["A should-cost step at each design gate"],
      comment: "Gives the reader a method they can run next quarter.",
    },
    {
      id: "clarity",
      label: "Clarity",
      score: 0.5,
      evidence: [],
      comment: "Two paragraphs bury the point.",
    },
  ],
  tokens: { input: 1234, output: 321 },
  durationMs: 2400,
  droppedQuotes: 1,
  message: null,
};

function renderWith(review: EditorReview | undefined, deterministic?: number) {
  const base = buildGenerated();
  const result = {
    ...base,
    qualityCheck: {
      ...base.qualityCheck!,
      report: buildReport(0.81, { review, deterministic }),
    },
  };
  renderOptimizePanel(result);
}

describe("Editor's review in the quality panel", () => {
  it("shows each criterion's score, comment and quoted evidence, and what it cost", () => {
    renderWith(DONE, 0.84);
    const section = screen.getByRole("heading", { name: "Editor's review" }).closest("section")!;
    const criteria = within(section).getByRole("list", { name: "Editor's review criteria" });
    expect(within(criteria).getByText("Usefulness to the reader")).toBeInTheDocument();
    expect(
      within(criteria).getByText("Gives the reader a method they can run next quarter."),
    ).toBeInTheDocument();
    expect(
      within(criteria).getByRole("list", {
        name: "Quoted from the text: Usefulness to the reader",
      }),
    ).toHaveTextContent("A should-cost step at each design gate");
    expect(within(criteria).getByText("50%")).toBeInTheDocument();
    expect(section).toHaveTextContent("60% automatic check (84%) + 40% editor's review");
    expect(section).toHaveTextContent(
      "Reviewed by OpenAI gpt-4o-mini · 1,234 input and 321 output tokens · 2.4 s",
    );
    expect(section).toHaveTextContent("1 quote not found in the text left out");
  });

  it("says the score is the automatic check's alone when the review failed", () => {
    renderWith({
      ...DONE,
      status: "failed",
      score: null,
      criteria: [],
      message: "The AI model did not finish the review in time.",
    });
    const section = screen.getByRole("heading", { name: "Editor's review" }).closest("section")!;
    expect(section).toHaveTextContent(
      "The editor's review could not be completed (The AI model did not finish the review in time). The score is the automatic check's alone.",
    );
    expect(within(section).queryByRole("list")).toBeNull();
  });

  it("shows a muted line when off", () => {
    renderWith({ ...DONE, status: "off", score: null, criteria: [], message: null });
    expect(screen.queryByRole("heading", { name: "Editor's review" })).toBeNull();
    expect(screen.getByText("No editor's review for this check.")).toBeInTheDocument();
  });

  it("shows nothing for a report stored before the review existed", () => {
    renderWith(undefined);
    expect(screen.queryByRole("heading", { name: "Editor's review" })).toBeNull();
    expect(screen.queryByText(/editor's review/i)).toBeNull();
  });
});
