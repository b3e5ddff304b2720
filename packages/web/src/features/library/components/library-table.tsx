import { CONTENT_TYPE_LABELS, type LibraryItem } from "@content-studio/contract";
import { Copy, ExternalLink, RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { DataTable } from "../../../components/ui/data-table";
import { RowAction } from "../../../components/ui/row-action";
import { hasServerMessage } from "../../../lib/api-client";
import { useDeleteLibraryItem } from "../api/delete-library-item";
import { useDuplicateLibraryItem } from "../api/duplicate-library-item";
import { usePurgeLibraryItem } from "../api/purge-library-item";
import { useRestoreLibraryItem } from "../api/restore-library-item";
import { formatShortDate } from "../utils/format";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { StatusBadge } from "./status-badge";

const errorText = (error: unknown) =>
  hasServerMessage(error) ? error.message : "That did not work. Please try again.";

/** Title, Type, Persona, Industry, Updated, Status and the row's actions (by capability). */
export function LibraryTable({ items, trash }: { items: LibraryItem[]; trash: boolean }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateLibraryItem();
  const remove = useDeleteLibraryItem();
  const restore = useRestoreLibraryItem();
  const purge = usePurgeLibraryItem();
  const [confirm, setConfirm] = useState<{ kind: "delete" | "purge"; item: LibraryItem } | null>(
    null,
  );
  const [rowError, setRowError] = useState<string | null>(null);

  const onDuplicate = (item: LibraryItem) => {
    setRowError(null);
    duplicate.mutate(item.id, {
      onSuccess: (copy) => void navigate(`/library/${copy.id}`),
      onError: (e) => setRowError(errorText(e)),
    });
  };
  const onRestore = (item: LibraryItem) => {
    setRowError(null);
    restore.mutate(item.id, { onError: (e) => setRowError(errorText(e)) });
  };
  const confirming = confirm?.kind === "delete" ? remove : purge;

  return (
    <>
      {rowError ? (
        <p
          role="alert"
          className="border-b border-red-200 bg-red-50 px-6 py-2 text-sm text-red-800"
        >
          {rowError}
        </p>
      ) : null}
      <DataTable
        variant="page"
        caption={trash ? "Deleted content" : "Content library"}
        rows={items}
        rowClassName="align-top hover:bg-slate-50/60"
        columns={[
          {
            header: "Title",
            cellClassName: "min-w-48 font-medium text-slate-900",
            cell: (item) => (
              <Link to={`/library/${item.id}`} className="hover:underline">
                {item.title}
              </Link>
            ),
          },
          {
            header: "Type",
            cellClassName: "whitespace-nowrap text-slate-600",
            cell: (item) => CONTENT_TYPE_LABELS[item.contentType] ?? item.contentType,
          },
          { header: "Persona", cellClassName: "text-slate-600", cell: (item) => item.personaName },
          {
            header: "Industry",
            cellClassName: "text-slate-600",
            cell: (item) => item.industryName,
          },
          {
            header: trash ? "Deleted" : "Updated",
            cellClassName: "whitespace-nowrap text-slate-600",
            cell: (item) =>
              formatShortDate(trash && item.deletedAt ? item.deletedAt : item.updatedAt),
          },
          { header: "Status", cell: (item) => <StatusBadge status={item.status} /> },
          {
            header: "Actions",
            align: "right",
            cellPadding: "py-2 pr-4 pl-2",
            cell: (item) => (
              <div className="flex items-center justify-end gap-0.5">
                <Link
                  to={`/library/${item.id}`}
                  aria-label={`Open ${item.title}`}
                  title="Open"
                  className={buttonClasses("ghost", "sm") + " px-2!"}
                >
                  <ExternalLink aria-hidden="true" className="size-4" />
                </Link>
                {item.can.duplicate ? (
                  <RowAction
                    action="Duplicate"
                    item={item.title}
                    icon={Copy}
                    busy={duplicate.isPending && duplicate.variables === item.id}
                    disabled={duplicate.isPending}
                    onClick={() => onDuplicate(item)}
                  />
                ) : null}
                {item.can.restore ? (
                  <RowAction
                    action="Restore"
                    item={item.title}
                    icon={RotateCcw}
                    disabled={restore.isPending}
                    onClick={() => onRestore(item)}
                  />
                ) : null}
                {item.can.delete || item.can.purge ? (
                  <RowAction
                    action={item.can.purge ? "Delete forever" : "Delete"}
                    item={item.title}
                    icon={Trash2}
                    className="text-red-700 hover:text-red-800"
                    onClick={() => {
                      confirming.reset();
                      setConfirm({ kind: item.can.purge ? "purge" : "delete", item });
                    }}
                  />
                ) : null}
              </div>
            ),
          },
        ]}
      />
      {confirm ? (
        <ConfirmDialog
          title={confirm.kind === "delete" ? "Delete content?" : "Delete forever?"}
          confirmLabel={confirm.kind === "delete" ? "Move to Trash" : "Delete forever"}
          danger
          busy={confirming.isPending}
          error={confirming.isError ? errorText(confirming.error) : null}
          onClose={() => setConfirm(null)}
          onConfirm={() =>
            confirming.mutate(confirm.item.id, { onSuccess: () => setConfirm(null) })
          }
        >
          {confirm.kind === "delete" ? (
            <p>
              “{confirm.item.title}” moves to the Trash. It can be restored there for 30 days, then
              it is deleted for good.
            </p>
          ) : (
            <p>
              “{confirm.item.title}” and all its versions will be deleted permanently. This cannot
              be undone.
            </p>
          )}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
