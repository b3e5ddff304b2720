import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { OptionsField, optionsOf } from "./options-field";

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
