import { useMutation } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/render";
import { MutationConfirmDialog } from "./confirm-dialog";

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
    const remove = vi
      .fn<(id: string) => Promise<void>>()
      .mockRejectedValueOnce(new Error("The term is in use."))
      .mockResolvedValueOnce(undefined);
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
