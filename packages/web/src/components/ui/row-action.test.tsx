import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Pencil } from "lucide-react";
import { describe, expect, it, vi } from "vitest";
import { RowAction } from "./row-action";

describe("RowAction", () => {
  it("is named by its action and row, with the action as its tooltip", async () => {
    const onClick = vi.fn();
    render(<RowAction action="Edit" item="Q3 launch post" icon={Pencil} onClick={onClick} />);

    const button = screen.getByRole("button", { name: "Edit Q3 launch post" });
    expect(button).toHaveAttribute("title", "Edit");
    expect(button).toHaveAttribute("type", "button");
    expect(button).not.toHaveTextContent("Edit");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("shows its words where the table is wide, and a spinner while busy", () => {
    render(<RowAction action="Export" item="Q3 launch post" icon={Pencil} busy labelWhenWide />);

    const button = screen.getByRole("button", { name: "Export Q3 launch post" });
    expect(button.querySelector("span.hidden")).toHaveTextContent("Export");
    expect(button.querySelector(".animate-spin")).not.toBeNull();
    expect(button.querySelector("svg")).toBeNull();
  });
});
