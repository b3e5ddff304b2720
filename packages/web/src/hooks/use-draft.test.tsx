import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useDraft } from "./use-draft";

interface Values {
  name: string;
  notes: string;
  size: "small" | "large";
  urgent: boolean;
}

function Probe({ onEdit }: { onEdit?: () => void }) {
  const { draft, set, setDraft, text } = useDraft<Values>(
    () => ({ name: "Ada", notes: "", size: "small", urgent: false }),
    onEdit,
  );
  return (
    <form>
      <input aria-label="Name" {...text("name")} />
      <textarea aria-label="Notes" {...text("notes")} />
      <select aria-label="Size" {...text("size")}>
        <option value="small">Small</option>
        <option value="large">Large</option>
      </select>
      <input
        type="checkbox"
        aria-label="Urgent"
        checked={draft.urgent}
        onChange={(e) => set("urgent", e.target.checked)}
      />
      <button type="button" onClick={() => setDraft((d) => ({ ...d, name: "", notes: "" }))}>
        Clear
      </button>
      <output>{JSON.stringify(draft)}</output>
    </form>
  );
}

const shown = () => JSON.parse(screen.getByRole("status").textContent ?? "") as Values;

describe("useDraft", () => {
  it("starts from the initial values and binds text controls to them", () => {
    render(<Probe />);
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Ada");
    expect(screen.getByRole("combobox", { name: "Size" })).toHaveValue("small");
    expect(shown()).toEqual({ name: "Ada", notes: "", size: "small", urgent: false });
  });

  it("changes one value through text, set or setDraft, leaving the others", async () => {
    const user = userEvent.setup();
    render(<Probe />);
    await user.type(screen.getByRole("textbox", { name: "Name" }), " Lovelace");
    await user.type(screen.getByRole("textbox", { name: "Notes" }), "first");
    await user.selectOptions(screen.getByRole("combobox", { name: "Size" }), "large");
    await user.click(screen.getByRole("checkbox", { name: "Urgent" }));
    expect(shown()).toEqual({ name: "Ada Lovelace", notes: "first", size: "large", urgent: true });
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(shown()).toEqual({ name: "", notes: "", size: "large", urgent: true });
  });

  it("calls onEdit on every change through text or set, not through setDraft", async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    render(<Probe onEdit={onEdit} />);
    await user.type(screen.getByRole("textbox", { name: "Name" }), "xy");
    await user.click(screen.getByRole("checkbox", { name: "Urgent" }));
    expect(onEdit).toHaveBeenCalledTimes(3);
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(onEdit).toHaveBeenCalledTimes(3);
  });

  it("gives a text control its field's message from a failed send, when given the errors", () => {
    function WithErrors() {
      const { text } = useDraft<Values>({ name: "", notes: "", size: "small", urgent: false });
      const errors = { name: "Enter a name." };
      return (
        <>
          <output aria-label="name error">{text("name", errors).error}</output>
          <output aria-label="notes error">{String(text("notes", errors).error)}</output>
          <output aria-label="plain">{JSON.stringify(Object.keys(text("name")))}</output>
        </>
      );
    }
    render(<WithErrors />);
    expect(screen.getByRole("status", { name: "name error" })).toHaveTextContent("Enter a name.");
    expect(screen.getByRole("status", { name: "notes error" })).toHaveTextContent("undefined");
    // Without errors, a binding is only the value and its change (no `error` to pass on).
    expect(screen.getByRole("status", { name: "plain" })).toHaveTextContent('["value","onChange"]');
  });
});
