import type { LibraryItemDetail } from "@content-studio/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { PageHeader } from "../../../components/ui/page-header";
import { LoadingText } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { ExportMenu } from "./export-menu";
import { HistoryPanel } from "./history-panel";
import { ItemEditor } from "./item-editor";
import { LibraryItemHeader } from "./library-item-header";
import { LibraryItemTabs } from "./library-item-tabs";
import { LifecycleActions } from "./lifecycle-actions";
import { TrashNotice } from "./trash-notice";
import { useLibraryItemScreen } from "./use-library-item-screen";

export type ResultViewId = "optimize" | "visualize" | "repurpose";

interface LibraryItemPageProps {
  id: string;
  /** The generator's result views for the item (composed by the app's route). */
  renderResultView: (
    view: ResultViewId,
    item: LibraryItemDetail,
    onChanged: () => void,
  ) => ReactNode;
  /** The item's drafts at publishing targets (composed by the app's route), below its actions. */
  renderExports?: (item: LibraryItemDetail) => ReactNode;
}

/** /library/:id: a stored item with its result views, editor, history and lifecycle. */
export function LibraryItemPage({ id, renderResultView, renderExports }: LibraryItemPageProps) {
  const screen = useLibraryItemScreen(id);
  const { query, tab, confirm } = screen;

  if (query.isPending) {
    return <LoadingText role="status">Loading content...</LoadingText>;
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="space-y-4">
        <PageHeader title={missing ? "Content not found" : "Content Library"} />
        <Alert>
          {missing
            ? "This content does not exist or was deleted for good."
            : "Failed to load content library. Please try again."}
        </Alert>
        <div className="flex gap-3">
          {missing ? null : (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
          <Link to="/library" className={buttonClasses("secondary")}>
            Back to the library
          </Link>
        </div>
      </div>
    );
  }

  const item = query.data;
  return (
    <div>
      <LibraryItemHeader
        item={item}
        onNewContent={screen.onNewContent}
        onDuplicate={() => screen.onDuplicate(item.id)}
        duplicating={screen.duplicating}
        onDelete={() => screen.setConfirm("delete")}
      />

      <TrashNotice
        item={item}
        onRestore={() => screen.onRestore(item.id)}
        onPurge={() => screen.setConfirm("purge")}
      />

      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <LifecycleActions item={item} />
        <ExportMenu id={item.id} />
      </div>
      {screen.actionError ? <Alert className="mb-4">{screen.actionError}</Alert> : null}
      {renderExports?.(item)}

      <LibraryItemTabs tab={tab} onSelect={screen.selectTab} />
      <div role="tabpanel" id={`library-panel-${tab}`} aria-labelledby={`library-tab-${tab}`}>
        {tab === "edit" ? (
          <ItemEditor key={item.id} item={item} />
        ) : tab === "history" ? (
          <HistoryPanel item={item} />
        ) : (
          renderResultView(tab, item, () => void query.refetch())
        )}
      </div>

      {confirm ? (
        <ConfirmDialog
          title={confirm === "delete" ? "Delete content?" : "Delete forever?"}
          confirmLabel={confirm === "delete" ? "Move to Trash" : "Delete forever"}
          danger
          busy={screen.confirmBusy}
          error={screen.confirmError}
          onClose={() => screen.setConfirm(null)}
          onConfirm={() => screen.onConfirm(item.id)}
        >
          <p>
            {confirm === "delete"
              ? `“${item.title}” moves to the Trash. It can be restored there for 30 days, then it is deleted for good.`
              : `“${item.title}” and all its versions will be deleted permanently. This cannot be undone.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
