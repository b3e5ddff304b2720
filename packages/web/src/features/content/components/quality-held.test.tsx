import { describeFinding, type QualityFinding } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildGenerated, buildReport } from "../../../../test/content-fixtures";
import { renderOptimizePanel } from "../../../../test/content-render";

function renderWith(findings: QualityFinding[], cappedBy: QualityFinding["code"][]) {
  const base = buildGenerated();
  renderOptimizePanel({
    ...base,
    qualityCheck: {
      ...base.qualityCheck!,
      after: 0.64,
      report: buildReport(0.64, { findings, cappedBy }),
    },
  });
}

describe("what holds a piece below the standard", () => {
  const truncated: QualityFinding = { code: "truncated", section: "body", end: "in a single" };
  const outline: QualityFinding = { code: "outline_draft" };
  const minor: QualityFinding = { code: "no_list" };

  it("lists each gate finding in words, and nothing that is not a gate", () => {
    renderWith([outline, truncated, minor], ["outline_draft", "truncated"]);
    const list = screen.getByRole("list", { name: "Held below the standard by" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([describeFinding(outline), describeFinding(truncated)]);
  });

  it("shows no such list when no gate holds the piece", () => {
    renderWith([minor], []);
    expect(screen.queryByRole("list", { name: "Held below the standard by" })).toBeNull();
  });
});
