import { OWN_ITEM_APPROVAL_MESSAGE, type LibraryItemDetail } from "@content-studio/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../../../../test/fake-api";
import { NO_CAPABILITIES } from "../../../../test/content-fixtures";
import { renderWithProviders } from "../../../../test/render";
import { LifecycleActions } from "./lifecycle-actions";

/** The fields the lifecycle buttons read. */
const inReview = (can: Partial<LibraryItemDetail["can"]>) =>
  ({
    id: "item-1",
    version: 2,
    status: "in_review",
    approvalBlockers: [],
    can: { ...NO_CAPABILITIES, ...can },
  }) as unknown as LibraryItemDetail;

describe("LifecycleActions", () => {
  it("tells an admin who wrote the item that another admin approves it", () => {
    installFakeApi({});
    renderWithProviders(<LifecycleActions item={inReview({ reject: true })} />);
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(screen.getByRole("button", { name: "Reject" })).toBeInTheDocument();
    expect(screen.getByText(OWN_ITEM_APPROVAL_MESSAGE)).toBeInTheDocument();
  });

  it("offers Approve, without the note, to another admin", () => {
    installFakeApi({});
    renderWithProviders(<LifecycleActions item={inReview({ reject: true, approve: true })} />);
    expect(screen.getByRole("button", { name: "Approve" })).toBeInTheDocument();
    expect(screen.queryByText(OWN_ITEM_APPROVAL_MESSAGE)).toBeNull();
  });
});
