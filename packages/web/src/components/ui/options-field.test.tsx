import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { OptionsField, optionsOf, SelectOptions } from "./options-field";

const SIZES = ["s", "m"] as const;

describe("OptionsField", () => {
  it("offers the empty choice first, then the options, and hands back the value chosen", async () => {
    const onChange = vi.fn();
    render(
      <OptionsField
        label="Size"
        value=""
        onChange={onChange}
        emptyLabel="Any size"
        options={optionsOf(SIZES, { s: "Small", m: "Medium" })}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Size" });
    expect([...select.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Any size",
      "Small",
      "Medium",
    ]);
    await userEvent.selectOptions(select, "Medium");
    expect(onChange).toHaveBeenLastCalledWith("m");
  });

  it("labels options through a function, and shows the chosen value", () => {
    render(
      <OptionsField
        label="Size"
        value="s"
        onChange={() => {}}
        emptyLabel="Any size"
        options={optionsOf(SIZES, (size) => size.toUpperCase())}
      />,
    );
    expect(screen.getByRole("combobox", { name: "Size" })).toHaveValue("s");
    expect(screen.getByRole("option", { name: "M" })).toBeInTheDocument();
  });
});

describe("SelectOptions", () => {
  it("makes one option per entry, in order, with its value and label", () => {
    render(
      <select aria-label="Expiry" defaultValue="90">
        <SelectOptions options={[30, 90].map((days) => ({ value: days, label: `${days} days` }))} />
      </select>,
    );
    const select = screen.getByRole("combobox", { name: "Expiry" });
    expect([...select.querySelectorAll("option")].map((o) => [o.value, o.textContent])).toEqual([
      ["30", "30 days"],
      ["90", "90 days"],
    ]);
    expect(select).toHaveValue("90");
  });
});
