import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormatBars } from "./bar";
import { TitledList, TitledLists } from "./titled-list";

const FORMATS = [
  { format: "Webinar", effectiveness: 40 },
  { format: "Case study", effectiveness: 90 },
  { format: "Whitepaper", effectiveness: 65 },
];

describe("audience parts", () => {
  it("shows formats most effective first, only the first `limit` when given", () => {
    const { rerender } = render(<FormatBars formats={FORMATS} />);
    const labels = () =>
      screen.getAllByText(/Webinar|Case study|Whitepaper/).map((el) => el.textContent);
    expect(labels()).toEqual(["Case study", "Whitepaper", "Webinar"]);
    expect(screen.getByText("90%")).toBeInTheDocument();
    rerender(<FormatBars formats={FORMATS} limit={2} />);
    expect(labels()).toEqual(["Case study", "Whitepaper"]);
    // The caller's list is not reordered.
    expect(FORMATS[0]!.format).toBe("Webinar");
  });

  it("lists items under a heading", () => {
    render(<TitledList title="Goals" items={["Cut cost", "Ship sooner"]} />);
    expect(screen.getByRole("heading", { name: "Goals" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Cut cost",
      "Ship sooner",
    ]);
  });

  it("titles a list per field the table names, in the table's order", () => {
    const record = { goals: ["Cut cost"], painPoints: ["Rework", "Delays"], other: ["unlisted"] };
    render(<TitledLists record={record} lists={{ painPoints: "Pain points", goals: "Goals" }} />);
    expect(screen.getAllByRole("heading").map((h) => h.textContent)).toEqual([
      "Pain points",
      "Goals",
    ]);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Rework",
      "Delays",
      "Cut cost",
    ]);
  });
});
