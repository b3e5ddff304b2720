import {
  KIT_LANGUAGE_LABELS,
  KIT_STATUS_LABELS,
  type CampaignBrief,
  type KitStatus,
  type KitSummary,
} from "@content-studio/contract";
import { Megaphone, Plus, Upload } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses, focusRing } from "../../../components/ui/button";
import { FileButton } from "../../../components/ui/file-button";
import { PageHeader } from "../../../components/ui/page-header";
import { BusyIcon, Spinner } from "../../../components/ui/spinner";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useBriefs } from "../api/get-briefs";
import { useImportBrief } from "../api/import-brief";

const KIT_TONES: Record<KitStatus, StatusTone> = {
  running: "blue",
  done: "green",
  failed: "red",
  cancelled: "slate",
};

/** "Done 12/12", "Running 3/12". */
const kitText = (kit: KitSummary) => `${KIT_STATUS_LABELS[kit.status]} ${kit.done}/${kit.total}`;

/** The problems an import answer names, one line each (`row 3.persona: Unknown persona`). */
function importIssues(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const details = error.details as { issues?: { path?: unknown; message?: unknown }[] } | undefined;
  return (details?.issues ?? [])
    .filter((i) => typeof i.path === "string" && typeof i.message === "string")
    .map((i) => `${String(i.path)}: ${String(i.message)}`);
}

const COLUMNS =
  "md:grid md:grid-cols-[minmax(0,2.5fr)_minmax(0,1.2fr)_4rem_minmax(0,1.2fr)_7rem_8rem] md:items-center md:gap-4";

/** /campaigns: every brief, with who owns it, its size, languages, due date and latest kit. */
export function CampaignsPage() {
  const briefs = useBriefs();
  const importBrief = useImportBrief();
  const navigate = useNavigate();
  const canCreate = briefs.data?.can.create ?? false;

  const onFile = (file: File) =>
    importBrief.mutate(file, {
      onSuccess: (brief) => void navigate(`/campaigns/${encodeURIComponent(brief.id)}`),
    });
  const issues = importIssues(importBrief.error);

  return (
    <div>
      <PageHeader
        title="Campaigns"
        description="Campaign briefs: one message carried to a grid of personas, industries and stages."
        actions={
          canCreate ? (
            <>
              <FileButton
                accept=".csv,text/csv"
                inputLabel="CSV file to import"
                disabled={importBrief.isPending}
                onFile={onFile}
              >
                <BusyIcon busy={importBrief.isPending} icon={Upload} />
                Import CSV
              </FileButton>
              <Link to="/campaigns/new" className={buttonClasses()}>
                <Plus aria-hidden="true" className="size-4" /> New brief
              </Link>
            </>
          ) : null
        }
      />

      {importBrief.error ? (
        <Alert className="mb-4">
          <p>{importBrief.error.message}</p>
          {issues.length > 1 ? (
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {issues.slice(0, 20).map((line) => (
                <li key={line}>{line}</li>
              ))}
              {issues.length > 20 ? <li>and {issues.length - 20} more</li> : null}
            </ul>
          ) : null}
        </Alert>
      ) : null}

      {briefs.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner /> Loading briefs...
        </p>
      ) : briefs.isError ? (
        <Alert>
          {briefs.error.message}{" "}
          <button
            type="button"
            className={cn("underline", focusRing)}
            onClick={() => void briefs.refetch()}
          >
            Try again
          </button>
        </Alert>
      ) : briefs.data.briefs.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Megaphone aria-hidden="true" className="mx-auto size-8 text-slate-400" />
          <p className="mt-3 font-medium text-slate-900">No briefs yet</p>
          <p className="mt-1 text-sm text-slate-500">
            {canCreate
              ? "Write one brief and carry it to every persona, industry and stage you choose."
              : "Briefs your team writes will be listed here."}
          </p>
          {canCreate ? (
            <Link to="/campaigns/new" className={cn(buttonClasses(), "mt-4")}>
              <Plus aria-hidden="true" className="size-4" /> New brief
            </Link>
          ) : null}
        </div>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <div
            aria-hidden="true"
            className={cn(
              "hidden border-b border-slate-200 px-5 py-2 text-xs font-medium tracking-wide text-slate-500 uppercase",
              COLUMNS,
            )}
          >
            <span>Brief</span>
            <span>Owner</span>
            <span>Cells</span>
            <span>Languages</span>
            <span>Due</span>
            <span>Latest kit</span>
          </div>
          <ul aria-label="Briefs" className="divide-y divide-slate-200">
            {briefs.data.briefs.map((brief) => (
              <BriefRow key={brief.id} brief={brief} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function BriefRow({ brief }: { brief: CampaignBrief }) {
  const label = "text-slate-500 md:sr-only";
  return (
    <li className={cn("space-y-1 px-5 py-3 text-sm", COLUMNS, "md:space-y-0")}>
      <div className="min-w-0">
        <Link
          to={`/campaigns/${encodeURIComponent(brief.id)}`}
          className={cn("font-medium break-words text-slate-900 hover:underline", focusRing)}
        >
          {brief.name}
        </Link>
        {brief.objective ? (
          <p className="truncate text-xs text-slate-500">{brief.objective}</p>
        ) : null}
      </div>
      <p className="min-w-0 truncate text-slate-700">
        <span className={label}>Owner: </span>
        {brief.ownerName || "Former user"}
      </p>
      <p className="text-slate-700 tabular-nums">
        <span className={label}>Cells: </span>
        {brief.cells.length}
      </p>
      <p className="min-w-0 text-slate-700">
        <span className={label}>Languages: </span>
        {brief.languages.map((l) => KIT_LANGUAGE_LABELS[l]).join(", ")}
      </p>
      <p className="text-slate-700">
        <span className={label}>Due: </span>
        {brief.dueDate ?? "—"}
      </p>
      <div>
        <span className={label}>Latest kit: </span>
        {brief.latestKit ? (
          <StatusBadge tone={KIT_TONES[brief.latestKit.status]}>
            {kitText(brief.latestKit)}
          </StatusBadge>
        ) : (
          <span className="text-slate-500">None yet</span>
        )}
      </div>
    </li>
  );
}
