import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../../test/render";
import { CellGrid } from "./cell-grid";
import { OPTIONS } from "../../../../test/campaigns-fixtures";

function Harness({ initial = [] as string[] }) {
  const [selected, setSelected] = useState(new Set(initial));
  return (
    <>
      <CellGrid
        personas={OPTIONS.personas}
        industries={OPTIONS.industries}
        selected={selected}
        onChange={setSelected}
      />
      <output data-testid="keys">{[...selected].sort().join(" ")}</output>
    </>
  );
}

const keys = () => screen.getByTestId("keys").textContent;

describe("CellGrid", () => {
  it("toggles one cell, a persona's row, a stage's column and the whole industry", async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole("checkbox", { name: "CTO, Aerospace, Decision" }));
    expect(keys()).toBe("cto|aerospace|decision");

    await userEvent.click(
      screen.getByRole("checkbox", { name: "Every stage for CTO in Aerospace" }),
    );
    expect(keys()).toBe(
      "cto|aerospace|awareness cto|aerospace|consideration cto|aerospace|decision",
    );
    await userEvent.click(
      screen.getByRole("checkbox", { name: "Every stage for CTO in Aerospace" }),
    );
    expect(keys()).toBe("");

    await userEvent.click(
      screen.getByRole("checkbox", { name: "Awareness for every persona in Aerospace" }),
    );
    expect(keys()).toBe("cto|aerospace|awareness vp|aerospace|awareness");
    const all = screen.getByRole("checkbox", { name: "Every cell in Aerospace" });
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(all);
    expect(keys()?.split(" ")).toHaveLength(6);
    expect(screen.getByText("6 cells chosen (at most 120).")).toBeInTheDocument();
  });

  it("shows one industry at a time, with how many cells each has, and moves by arrow keys", async () => {
    renderWithProviders(<Harness initial={["vp|industrial|decision"]} />);
    const aerospace = screen.getByRole("tab", { name: /Aerospace/ });
    const industrial = screen.getByRole("tab", { name: /Industrial/ });
    expect(aerospace).toHaveAttribute("aria-selected", "true");
    expect(industrial).toHaveTextContent("1 cell chosen");
    aerospace.focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(industrial).toHaveFocus();
    expect(industrial).toHaveAttribute("aria-selected", "true");
    expect(
      screen.getByRole("checkbox", { name: "VP Engineering, Industrial, Decision" }),
    ).toBeChecked();
    await userEvent.keyboard("{ArrowRight}");
    expect(aerospace).toHaveFocus();
  });
});
