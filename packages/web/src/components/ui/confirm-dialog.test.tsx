import { useMutation } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/render";
import { MutationConfirmDialog, useDeleteConfirmation } from "./confirm-dialog";

function Harness(props: {
  remove: (id: string) => Promise<void>;
  onDone?: () => void;
  onClose: () => void;
  confirmLabel?: string;
  busyLabel?: string;
}) {
  const mutation = useMutation({ mutationFn: props.remove });
  return (
    <MutationConfirmDialog
      title="Delete term"
      confirmLabel={props.confirmLabel}
      busyLabel={props.busyLabel}
      mutation={mutation}
      variables="t1"
      onDone={props.onDone}
      onClose={props.onClose}
    >
      <p>Delete “cloud”?</p>
    </MutationConfirmDialog>
  );
}

/** A delete that fails the first time ("The term is in use.") and succeeds the second. */
const failsOnceThenDeletes = () =>
  vi
    .fn<(id: string) => Promise<void>>()
    .mockRejectedValueOnce(new Error("The term is in use."))
    .mockResolvedValueOnce(undefined);

describe("MutationConfirmDialog", () => {
  it("runs the mutation with its variables, busy meanwhile, then closes", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const remove = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    renderWithProviders(<Harness remove={remove} onClose={onClose} />);

    await user.click(screen.getByRole("button", { name: "Delete term" }));
    expect(remove).toHaveBeenCalledWith("t1", expect.anything());
    expect(await screen.findByRole("button", { name: "Deleting..." })).toBeDisabled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it("calls onDone instead of onClose when given, and shows a failure in the dialog", async () => {
    const user = userEvent.setup();
    const remove = failsOnceThenDeletes();
    const onDone = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<Harness remove={remove} onDone={onDone} onClose={onClose} />);

    await user.click(screen.getByRole("button", { name: "Delete term" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The term is in use.");
    await user.click(screen.getByRole("button", { name: "Delete term" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(onClose).not.toHaveBeenCalled();
  });

  it("uses the words it is given instead of the title and Deleting...", async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => new Promise<void>(() => {}));
    renderWithProviders(
      <Harness
        remove={remove}
        onClose={vi.fn()}
        confirmLabel="Revoke term"
        busyLabel="Revoking..."
      />,
    );

    expect(screen.queryByRole("button", { name: "Delete term" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Revoke term" }));
    expect(await screen.findByRole("button", { name: "Revoking..." })).toBeDisabled();
  });
});

function ListHarness({ remove }: { remove: (id: string) => Promise<void> }) {
  const deletion = useDeleteConfirmation(useMutation({ mutationFn: remove }), {
    title: "Delete term",
    describe: (term: { id: string; name: string }) => <p>Delete “{term.name}”?</p>,
  });
  return (
    <>
      {[
        { id: "t1", name: "cloud" },
        { id: "t2", name: "edge" },
      ].map((term) => (
        <button key={term.id} type="button" onClick={() => deletion.ask(term)}>
          {`Delete ${term.name}`}
        </button>
      ))}
      {deletion.dialog}
    </>
  );
}

describe("useDeleteConfirmation", () => {
  it("confirms the item asked about, deletes it by id, and starts afresh for the next", async () => {
    const user = userEvent.setup();
    const remove = failsOnceThenDeletes();
    renderWithProviders(<ListHarness remove={remove} />);

    await user.click(screen.getByRole("button", { name: "Delete cloud" }));
    const dialog = screen.getByRole("dialog", { name: "Delete term" });
    expect(dialog).toHaveTextContent("Delete “cloud”?");
    await user.click(within(dialog).getByRole("button", { name: "Delete term" }));
    expect(remove).toHaveBeenCalledWith("t1", expect.anything());
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The term is in use.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete edge" }));
    const next = screen.getByRole("dialog", { name: "Delete term" });
    expect(next).toHaveTextContent("Delete “edge”?");
    expect(within(next).queryByRole("alert")).not.toBeInTheDocument();
    await user.click(within(next).getByRole("button", { name: "Delete term" }));
    expect(remove).toHaveBeenLastCalledWith("t2", expect.anything());
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
