import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { X } from "lucide-react";
import { describe, expect, it, vi } from "vitest";
import { IconButton } from "./icon-button";

describe("IconButton", () => {
  it("is named by its label, shows only the icon, and keeps the focus ring", async () => {
    const onClick = vi.fn();
    render(<IconButton label="Dismiss" icon={X} className="rounded p-1" onClick={onClick} />);

    const button = screen.getByRole("button", { name: "Dismiss" });
    expect(button).toHaveAttribute("type", "button");
    expect(button).toHaveClass("rounded", "p-1", "focus-visible:ring-2");
    expect(button).toHaveTextContent("");
    expect(button.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
