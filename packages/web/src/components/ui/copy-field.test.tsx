import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CopyField } from "./copy-field";

describe("CopyField", () => {
  it("shows the value read-only and copies it, then says so", async () => {
    const user = userEvent.setup();
    render(<CopyField label="Token" value="cs_secret" copyLabel="Copy token" />);
    const field = screen.getByRole("textbox", { name: "Token" });
    expect(field).toHaveValue("cs_secret");
    expect(field).toHaveAttribute("readonly");

    await user.click(screen.getByRole("button", { name: "Copy token" }));
    expect(await navigator.clipboard.readText()).toBe("cs_secret");
    expect(screen.getByRole("button", { name: "Copied" })).toBeInTheDocument();
  });
});
