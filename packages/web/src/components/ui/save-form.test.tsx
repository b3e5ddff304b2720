import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SaveForm } from "./save-form";

describe("SaveForm", () => {
  it("is a form named by its label that runs onSave on submit, without the browser sending it", async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const submitted = vi.fn((event: SubmitEvent) => event.defaultPrevented);
    render(
      <SaveForm label="Your name" className="space-y-4" onSave={onSave}>
        <input aria-label="Name" />
        <button type="submit">Save</button>
      </SaveForm>,
    );
    const form = screen.getByRole("form", { name: "Your name" });
    expect(form).toHaveClass("space-y-4");
    document.addEventListener("submit", submitted);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Name" }), "Ada{Enter}");
    document.removeEventListener("submit", submitted);
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(submitted.mock.results.map((r) => r.value as boolean)).toEqual([true, true]);
  });
});
