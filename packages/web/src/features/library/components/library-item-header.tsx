import {
  AI_PROVIDERS,
  CONTENT_TYPE_LABELS,
  type LibraryItemDetail,
} from "@content-studio/contract";
import { ArrowLeft, Copy, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button, focusRing } from "../../../components/ui/button";
import { FactList } from "../../../components/ui/fact-list";
import { PageHeader } from "../../../components/ui/page-header";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../utils/format";
import { StatusBadge } from "./status-badge";

interface LibraryItemHeaderProps {
  item: LibraryItemDetail;
  onNewContent: () => void;
  onDuplicate: () => void;
  duplicating: boolean;
  /** Asks whether to move the item to the Trash. */
  onDelete: () => void;
}

/**
 * The way back to the library, the item's title, status and facts (type, audience, writer,
 * version, approval), and New Content, Duplicate and Delete.
 */
export function LibraryItemHeader({
  item,
  onNewContent,
  onDuplicate,
  duplicating,
  onDelete,
}: LibraryItemHeaderProps) {
  return (
    <>
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
              <Button variant="secondary" onClick={onNewContent}>
                <Plus aria-hidden="true" className="size-4" />
                New Content
              </Button>
            ) : null}
            {item.can.duplicate ? (
              <Button variant="secondary" disabled={duplicating} onClick={onDuplicate}>
                <Copy aria-hidden="true" className="size-4" />
                Duplicate
              </Button>
            ) : null}
            {item.can.delete ? (
              <Button variant="danger" onClick={onDelete}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            ) : null}
          </>
        }
      />
    </>
  );
}
