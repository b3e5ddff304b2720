import {
  AI_PROVIDERS,
  CONTENT_TYPE_LABELS,
  type LibraryItemDetail,
} from "@content-studio/contract";
import { ArrowLeft, Copy, Plus, RotateCcw, Trash2 } from "lucide-react";
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses, focusRing } from "../../../components/ui/button";
import { FactList } from "../../../components/ui/fact-list";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError, hasServerMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useLibraryItem } from "../api/get-library-item";
import { useDeleteLibraryItem } from "../api/delete-library-item";
import { useDuplicateLibraryItem } from "../api/duplicate-library-item";
import { usePurgeLibraryItem } from "../api/purge-library-item";
import { useRestoreLibraryItem } from "../api/restore-library-item";
import { formatDateTime } from "../utils/format";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ExportMenu } from "./export-menu";
import { HistoryPanel } from "./history-panel";
import { ItemEditor } from "./item-editor";
import { LifecycleActions } from "./lifecycle-actions";
import { StatusBadge } from "./status-badge";

export type ResultViewId = "optimize" | "visualize" | "repurpose";

const TABS = [
  { id: "optimize", label: "Optimize" },
  { id: "visualize", label: "Visualize" },
  { id: "repurpose", label: "Repurpose" },
  { id: "edit", label: "Edit" },
  { id: "history", label: "History" },
] as const;
type TabId = (typeof TABS)[number]["id"];

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

const errorText = (error: unknown) =>
  hasServerMessage(error) ? error.message : "That did not work. Please try again.";

/** /library/:id: a stored item with its result views, editor, history and lifecycle. */
export function LibraryItemPage({ id, renderResultView, renderExports }: LibraryItemPageProps) {
  const query = useLibraryItem(id);
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const tab: TabId = TABS.some((t) => t.id === search.get("tab"))
    ? (search.get("tab") as TabId)
    : "optimize";
  const selectTab = (next: TabId) =>
    setSearch(next === "optimize" ? {} : { tab: next }, { replace: true });
  const duplicate = useDuplicateLibraryItem();
  const remove = useDeleteLibraryItem();
  const restore = useRestoreLibraryItem();
  const purge = usePurgeLibraryItem();
  const [confirm, setConfirm] = useState<"delete" | "purge" | null>(null);

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="size-4" /> Loading content...
      </p>
    );
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
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === tab);
    const next = TABS[(index + step + TABS.length) % TABS.length]!.id;
    selectTab(next);
    document.getElementById(`library-tab-${next}`)?.focus();
  };
  const actionError = duplicate.error ?? restore.error;

  return (
    <div>
      <Link
        to="/library"
        className={cn(
          "mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900",
          focusRing,
        )}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Content Library
      </Link>
      <PageHeader
        title={item.title}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <StatusBadge status={item.status} />
            <FactList
              facts={[
                CONTENT_TYPE_LABELS[item.contentType],
                item.personaName,
                item.industryName,
                <span className="capitalize">{item.buyingStage}</span>,
                <>Written by {AI_PROVIDERS[item.provenance.provider].label}</>,
                <>
                  Version {item.version}
                  {item.versionSavedByName ? `, saved by ${item.versionSavedByName}` : ""} on{" "}
                  {formatDateTime(item.versionSavedAt)}
                </>,
                ...(item.approval
                  ? [
                      <>
                        Approved (version {item.approval.version})
                        {item.approval.byName ? ` by ${item.approval.byName}` : ""}
                        {item.approval.byAuthor
                          ? ", its own author (allowed for one-person teams in Settings)"
                          : ""}
                      </>,
                    ]
                  : []),
              ]}
            />
          </span>
        }
        actions={
          <>
            {item.can.duplicate ? (
              // Like the generator's own header: start another piece from an empty form.
              <Button variant="secondary" onClick={() => void navigate("/generate")}>
                <Plus aria-hidden="true" className="size-4" />
                New Content
              </Button>
            ) : null}
            {item.can.duplicate ? (
              <Button
                variant="secondary"
                disabled={duplicate.isPending}
                onClick={() =>
                  duplicate.mutate(item.id, {
                    onSuccess: (copy) => void navigate(`/library/${copy.id}`),
                  })
                }
              >
                <Copy aria-hidden="true" className="size-4" />
                Duplicate
              </Button>
            ) : null}
            {item.can.delete ? (
              <Button variant="danger" onClick={() => setConfirm("delete")}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            ) : null}
          </>
        }
      />

      {item.deletedAt ? (
        <Alert tone="info" className="mb-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>
              In the Trash since {formatDateTime(item.deletedAt)}. It is deleted for good 30 days
              after that.
            </span>
            <span className="flex gap-2">
              {item.can.restore ? (
                <Button size="sm" variant="secondary" onClick={() => restore.mutate(item.id)}>
                  <RotateCcw aria-hidden="true" className="size-4" />
                  Restore
                </Button>
              ) : null}
              {item.can.purge ? (
                <Button size="sm" variant="danger" onClick={() => setConfirm("purge")}>
                  Delete forever
                </Button>
              ) : null}
            </span>
          </div>
        </Alert>
      ) : null}

      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <LifecycleActions item={item} />
        <ExportMenu id={item.id} />
      </div>
      {actionError ? <Alert className="mb-4">{errorText(actionError)}</Alert> : null}
      {renderExports?.(item)}

      <div
        role="tablist"
        aria-label="Content views"
        onKeyDown={onKeyDown}
        // All five tabs fit 390 px (tighter padding on phones); the row still scrolls sideways
        // with larger text.
        className="mb-6 flex overflow-x-auto border-b border-slate-200 sm:gap-1"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`library-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={t.id === tab}
            aria-controls={`library-panel-${t.id}`}
            tabIndex={t.id === tab ? 0 : -1}
            onClick={() => selectTab(t.id)}
            className={cn(
              "-mb-px border-b-2 px-2 py-2.5 text-sm font-medium whitespace-nowrap transition-colors sm:px-4",
              focusRing,
              t.id === tab
                ? "border-primary text-primary-text"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
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
          busy={(confirm === "delete" ? remove : purge).isPending}
          error={
            (confirm === "delete" ? remove : purge).isError
              ? errorText((confirm === "delete" ? remove : purge).error)
              : null
          }
          onClose={() => setConfirm(null)}
          onConfirm={() =>
            (confirm === "delete" ? remove : purge).mutate(item.id, {
              onSuccess: () => {
                setConfirm(null);
                void navigate(confirm === "delete" ? "/library" : "/library?view=trash");
              },
            })
          }
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
