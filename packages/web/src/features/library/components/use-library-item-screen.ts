import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { hasServerMessage } from "../../../lib/api-client";
import { useDeleteLibraryItem } from "../api/delete-library-item";
import { useDuplicateLibraryItem } from "../api/duplicate-library-item";
import { useLibraryItem } from "../api/get-library-item";
import { usePurgeLibraryItem } from "../api/purge-library-item";
import { useRestoreLibraryItem } from "../api/restore-library-item";
import { ITEM_TABS, type ItemTabId } from "./library-item-tabs";

const errorText = (error: unknown) =>
  hasServerMessage(error) ? error.message : "That did not work. Please try again.";

/**
 * The item page's state: the item, the open tab (`?tab=`, Optimize when absent), and its
 * duplicate, restore, move-to-Trash and delete-forever (the last two asked for first).
 */
export function useLibraryItemScreen(id: string) {
  const query = useLibraryItem(id);
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const tab: ItemTabId = ITEM_TABS.some((t) => t.id === search.get("tab"))
    ? (search.get("tab") as ItemTabId)
    : "optimize";
  const selectTab = (next: ItemTabId) =>
    setSearch(next === "optimize" ? {} : { tab: next }, { replace: true });
  const duplicate = useDuplicateLibraryItem();
  const remove = useDeleteLibraryItem();
  const restore = useRestoreLibraryItem();
  const purge = usePurgeLibraryItem();
  const [confirm, setConfirm] = useState<"delete" | "purge" | null>(null);

  const onDuplicate = (itemId: string) =>
    duplicate.mutate(itemId, {
      onSuccess: (copy) => void navigate(`/library/${copy.id}`),
    });
  const actionError = duplicate.error ?? restore.error;

  // Moving to the Trash and deleting forever are asked for in the same dialog.
  const confirming = confirm === "delete" ? remove : purge;
  const onConfirm = (itemId: string) =>
    confirming.mutate(itemId, {
      onSuccess: () => {
        setConfirm(null);
        void navigate(confirm === "delete" ? "/library" : "/library?view=trash");
      },
    });

  return {
    query,
    tab,
    selectTab,
    onNewContent: () => void navigate("/generate"),
    onDuplicate,
    duplicating: duplicate.isPending,
    onRestore: (itemId: string) => restore.mutate(itemId),
    actionError: actionError ? errorText(actionError) : null,
    confirm,
    setConfirm,
    onConfirm,
    confirmBusy: confirming.isPending,
    confirmError: confirming.isError ? errorText(confirming.error) : null,
  };
}
