import type { CampaignBrief } from "@content-studio/contract";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useBrief } from "../api/get-brief";
import { BriefAssetsCard } from "./brief-assets-card";
import { BriefEditorHeader } from "./brief-editor-header";
import type { BriefOptions } from "./brief-form-state";
import { BriefKitPanel } from "./brief-kit-panel";
import { BriefMessageCard } from "./brief-message-card";
import { BriefProofCard } from "./brief-proof-card";
import { CellGrid } from "./cell-grid";
import { DeleteBriefDialog } from "./delete-brief-dialog";
import { useBriefEditorScreen } from "./use-brief-editor-screen";

export type { BriefOptions } from "./brief-form-state";

interface BriefEditorPageProps {
  /** Undefined for a new brief. */
  briefId?: string;
  options: BriefOptions;
  /** Whether the caller may create briefs (new, duplicate). */
  canCreate: boolean;
  /** No AI provider is configured: kits are written by the English-only outline writer. */
  writerOffline: boolean;
}

/** /campaigns/new and /campaigns/:id: one brief, editable by its owner and admins. */
export function BriefEditorPage({ briefId, ...props }: BriefEditorPageProps) {
  const brief = useBrief(briefId);
  if (briefId === undefined) {
    if (!props.canCreate) {
      return <Alert>Only editors and admins can create briefs.</Alert>;
    }
    return <BriefForm brief={undefined} {...props} />;
  }
  if (brief.data) return <BriefForm key={brief.data.id} brief={brief.data} {...props} />;
  if (brief.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner /> Loading brief...
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <Alert>{brief.error.message}</Alert>
      <Link to="/campaigns" className={buttonClasses("secondary")}>
        All briefs
      </Link>
    </div>
  );
}

function BriefForm({
  brief,
  options,
  canCreate,
  writerOffline,
}: Omit<BriefEditorPageProps, "briefId"> & { brief: CampaignBrief | undefined }) {
  const screen = useBriefEditorScreen({ brief, options, canCreate, writerOffline });
  const { values, set, fieldError, editable, save } = screen;

  return (
    <div>
      <BriefEditorHeader
        brief={brief}
        canCreate={canCreate}
        onDuplicate={screen.onDuplicate}
        duplicating={screen.duplicate.isPending}
        onExport={(id) => screen.exportCsv.mutate(id)}
        exporting={screen.exportCsv.isPending}
        onRequestDelete={() => screen.setConfirmDelete(true)}
      />
      {screen.actionError ? <Alert className="mb-4">{screen.actionError.message}</Alert> : null}
      {brief && !editable ? (
        <Alert tone="info" className="mb-4">
          You can read this brief. Only its owner or an admin can change it.
        </Alert>
      ) : null}

      <form onSubmit={screen.onSubmit} noValidate className="space-y-6" aria-label="Brief">
        <fieldset disabled={!editable} className="min-w-0 space-y-6">
          <BriefMessageCard brief={brief} textField={screen.textField} owners={options.owners} />
          <BriefProofCard {...screen.binding} options={options} offersFor={screen.offersFor} />
          <Card
            title="Cells"
            description="Choose the personas, industries and buying stages the kit is written for."
          >
            <CellGrid
              personas={options.personas}
              industries={options.industries}
              selected={values.cellKeys}
              onChange={(keys) => set("cellKeys", keys)}
              disabled={!editable}
              error={fieldError("cells")}
            />
          </Card>
          <BriefAssetsCard {...screen.binding} notice={screen.notice} />
        </fieldset>

        {editable ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner className="size-4" /> : null}
              {brief ? "Save brief" : "Create brief"}
            </Button>
            {save.error ? (
              <Alert className="min-w-0 flex-1">{save.error.message}</Alert>
            ) : screen.saved ? (
              <p role="status" className="text-sm text-green-700">
                Saved.
              </p>
            ) : null}
          </div>
        ) : null}
      </form>

      {brief ? (
        <div className="mt-8">
          <BriefKitPanel
            briefId={brief.id}
            personas={options.personas}
            industries={options.industries}
          />
        </div>
      ) : null}

      {screen.confirmDelete && brief ? (
        <DeleteBriefDialog
          brief={brief}
          onClose={() => screen.setConfirmDelete(false)}
          onDelete={screen.onDelete}
          deleting={screen.remove.isPending}
          error={screen.remove.error}
        />
      ) : null}
    </div>
  );
}
