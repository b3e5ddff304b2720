import type { ImportIssue, ImportPreview } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { ImportPanel } from "./import-panel";

const warning = (row: number, value: string): ImportIssue => ({
  row,
  code: "row_invalid_score",
  severity: "warning",
  params: { value },
});

function preview(issues: ImportIssue[]): ImportPreview {
  return {
    importId: null,
    fileName: "accounts.csv",
    layout: "template",
    hasHeader: true,
    canCommit: false,
    counts: {
      rows: 20,
      accounts: 0,
      topics: 0,
      skippedRows: 20,
      warnings: issues.filter((i) => i.severity === "warning").length,
      errors: issues.filter((i) => i.severity === "error").length,
    },
    sample: [],
    issues,
    unknownIndustries: [],
    expiresAt: null,
  };
}

describe("the import preview's validation report", () => {
  it("puts the error first, groups repeated warnings and says 1 error, not 1 errors", async () => {
    const issues: ImportIssue[] = [
      ...Array.from({ length: 17 }, (_, i) => warning(i + 2, `x${i}`)),
      { row: null, code: "file_no_accounts", severity: "error", params: {} },
    ];
    installFakeApi({ "POST /api/audience/imports/preview": ok(preview(issues)) });
    renderWithProviders(
      <ImportPanel industryName={(id) => id} personaName={(id) => id} onDone={() => {}} />,
    );
    const file = new File(["domain\n"], "accounts.csv", { type: "text/csv" });
    await userEvent.upload(screen.getByLabelText("CSV file"), file);

    const heading = await screen.findByRole("heading", { name: /Validation report/ });
    expect(heading).toHaveTextContent("Validation report (1 error, 17 warnings)");
    const items = within(heading.parentElement!).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("FileNo row could be imported.");
    expect(items[1]).toHaveTextContent(
      'Rows 2, 3, 4, 5, 6, …The score "x0" is not a number from 0 to 100. (and 16 more like it)',
    );
  });
});
