import type { CampaignBrief } from "@content-studio/contract";
import { ArrowLeft, Copy, Download, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";

interface BriefEditorHeaderProps {
  /** Undefined for a new brief. */
  brief: CampaignBrief | undefined;
  canCreate: boolean;
  onDuplicate: () => void;
  duplicating: boolean;
  onExport: (briefId: string) => void;
  exporting: boolean;
  /** Asks whether to delete the brief. */
  onRequestDelete: () => void;
}

/** The way back to all briefs, the brief's name and owner, and its Duplicate, Export and Delete. */
export function BriefEditorHeader({
  brief,
  canCreate,
  onDuplicate,
  duplicating,
  onExport,
  exporting,
  onRequestDelete,
}: BriefEditorHeaderProps) {
  return (
    <>
      <Link
        to="/campaigns"
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> All briefs
      </Link>
      <PageHeader
        title={brief ? brief.name : "New brief"}
        description={
          brief
            ? `Owned by ${brief.ownerName || "a former user"} · ${brief.cells.length} ${brief.cells.length === 1 ? "cell" : "cells"}`
            : "A campaign brief: one message carried to the personas, industries and stages you choose."
        }
        actions={
          brief ? (
            <>
              {canCreate ? (
                <Button variant="secondary" onClick={onDuplicate} disabled={duplicating}>
                  <Copy aria-hidden="true" className="size-4" /> Duplicate
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => onExport(brief.id)} disabled={exporting}>
                <Download aria-hidden="true" className="size-4" /> Export CSV
              </Button>
              {brief.can.delete ? (
                <Button variant="danger" onClick={onRequestDelete}>
                  <Trash2 aria-hidden="true" className="size-4" /> Delete
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
    </>
  );
}
