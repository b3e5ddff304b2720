import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { Dialog, FormDialog, FormDialogFooter } from "./dialog";

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog title="Details" onClose={() => setOpen(false)} footer={<button>Done</button>}>
          <p>Body</p>
        </Dialog>
      ) : null}
    </>
  );
}

describe("Dialog", () => {
  it("makes the page inert, closes on Esc wherever focus is, and returns focus", async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const opener = screen.getByRole("button", { name: "Open" });
    await user.click(opener);

    const dialog = screen.getByRole("dialog", { name: "Details" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveFocus();
    expect(container).toHaveAttribute("inert");

    // Focus lost to the page (e.g. a focused button became disabled): Tab comes back in.
    (document.activeElement as HTMLElement).blur();
    await user.tab();
    expect(screen.getByRole("button", { name: "Close dialog" })).toHaveFocus();

    (document.activeElement as HTMLElement).blur();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(container).not.toHaveAttribute("inert");
    expect(opener).toHaveFocus();
  });

  it("closes on a click on the backdrop but not inside the panel", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));

    await user.click(screen.getByText("Body"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await user.click(screen.getByRole("dialog").parentElement as HTMLElement);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("has one button in its footer that closes it, given closeLabel", async () => {
    const user = userEvent.setup();
    let closed = 0;
    render(
      <Dialog title="Delivery log" closeLabel="Done" onClose={() => (closed += 1)}>
        <p>Body</p>
      </Dialog>,
    );

    const footer = screen.getByRole("contentinfo");
    await user.click(within(footer).getByRole("button", { name: "Done" }));
    expect(closed).toBe(1);
  });
});

describe("FormDialogFooter", () => {
  it("submits the named form, and says it is busy while the form is sent", async () => {
    const user = userEvent.setup();
    const submitted: string[] = [];
    let cancelled = 0;
    const footer = (busy: boolean) => (
      <FormDialogFooter form="f" label="Add term" busy={busy} onCancel={() => cancelled++} />
    );
    const { rerender } = render(
      <>
        <form
          id="f"
          onSubmit={(event) => {
            event.preventDefault();
            submitted.push("f");
          }}
        />
        {footer(false)}
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Add term" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(submitted).toEqual(["f"]);
    expect(cancelled).toBe(1);

    rerender(
      <>
        <form id="f" />
        {footer(true)}
      </>,
    );
    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
  });
});

describe("FormDialog", () => {
  const dialog = (
    mutation: { isPending: boolean; error: Error | null },
    hasFieldError?: boolean,
  ) => (
    <FormDialog
      title="Add term"
      onClose={() => {}}
      formLabel="New term"
      submitLabel="Add term"
      mutation={mutation}
      hasFieldError={hasFieldError}
      onSubmit={(event) => event.preventDefault()}
    >
      <input aria-label="Term" />
    </FormDialog>
  );

  it("names its form, whose submit button sits in the footer", () => {
    render(dialog({ isPending: false, error: null }));
    const form = screen.getByRole("form", { name: "New term" });
    expect(form).toContainElement(screen.getByRole("textbox", { name: "Term" }));
    expect(screen.getByRole("button", { name: "Add term" })).toHaveAttribute("form", form.id);
    // The app's messages, not the browser's: the server's answer says what is wrong.
    expect(form).toHaveAttribute("novalidate");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a failed send above the fields, unless the fields show it", () => {
    const error = new Error("The term exists already.");
    const { rerender } = render(dialog({ isPending: false, error }));
    expect(screen.getByRole("alert")).toHaveTextContent("The term exists already.");
    rerender(dialog({ isPending: false, error }, true));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("leaves an error that names a field to that field, unless told otherwise", () => {
    const error = new ApiError(400, "validation_error", "Check the highlighted fields.", {
      issues: [{ path: "body.term", message: "Enter a term." }],
    });
    const { rerender } = render(dialog({ isPending: false, error }));
    expect(screen.queryByRole("alert")).toBeNull();
    // A form that does not show that field says so, and the message is shown above the fields.
    rerender(dialog({ isPending: false, error }, false));
    expect(screen.getByRole("alert")).toHaveTextContent("Check the highlighted fields.");
  });

  it("cannot be sent twice while it is sent", () => {
    render(dialog({ isPending: true, error: null }));
    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
  });
});
