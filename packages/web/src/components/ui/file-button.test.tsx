import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FileButton } from "./file-button";

describe("FileButton", () => {
  it("hands over the chosen file and clears the picker, so the same file can come again", async () => {
    const user = userEvent.setup();
    const onFile = vi.fn();
    render(
      <FileButton accept=".csv" inputLabel="CSV file" onFile={onFile}>
        Import CSV
      </FileButton>,
    );
    const input = screen.getByLabelText<HTMLInputElement>("CSV file");
    const click = vi.spyOn(input, "click");
    await user.click(screen.getByRole("button", { name: "Import CSV" }));
    expect(click).toHaveBeenCalledOnce();

    const file = new File(["a,b"], "terms.csv", { type: "text/csv" });
    await user.upload(input, file);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(input.value).toBe("");
  });

  it("hides an unnamed input from assistive technology", () => {
    render(
      <FileButton accept=".csv" inputTestId="picker" onFile={vi.fn()}>
        Import CSV
      </FileButton>,
    );
    expect(screen.getByTestId("picker")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByTestId("picker")).toHaveAttribute("tabindex", "-1");
  });
});
