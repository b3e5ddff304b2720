import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditEntry,
  type AuditQuery,
} from "@content-studio/contract";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ExportButton } from "../../../components/ui/export-button";
import { Card } from "../../../components/ui/card";
import { DataTable, type DataColumn } from "../../../components/ui/data-table";
import { TextField } from "../../../components/ui/field";
import { OptionsField, optionsOf } from "../../../components/ui/options-field";
import { LoadingText } from "../../../components/ui/spinner";
import { useExportAudit } from "../api/export-audit";
import { changeText } from "../utils/change-text";
import { useAudit } from "../api/get-audit";

const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const AUDIT_COLUMNS: DataColumn<AuditEntry>[] = [
  {
    header: "Time",
    cellClassName: "whitespace-nowrap text-slate-600",
    cell: (entry) => <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>,
  },
  {
    header: "Who",
    cellClassName: "max-w-56 break-words text-slate-900",
    cell: (entry) => entry.actorLabel,
  },
  {
    header: "Action",
    cellClassName: "whitespace-nowrap text-slate-900",
    cell: (entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
  },
  {
    header: "Target",
    cellClassName: "max-w-56 break-words text-slate-600",
    cell: (entry) => entry.targetLabel ?? "",
  },
  {
    header: "Changes",
    cellClassName: "max-w-80 text-xs break-words text-slate-600",
    cell: (entry) =>
      Object.entries(entry.changes).map(([field, change]) => (
        <div key={field}>{changeText(field, change)}</div>
      )),
  },
  {
    header: "IP",
    cellClassName: "whitespace-nowrap text-slate-500",
    cell: (entry) => entry.ip ?? "",
  },
];

/** Admins: who did what and when; filter by person, action and dates; export as CSV. */
export function AuditLogCard({ people }: { people: { id: string; label: string }[] }) {
  const [query, setQuery] = useState<AuditQuery>({ page: 1 });
  const audit = useAudit(query);
  const exporter = useExportAudit();
  const page = query.page ?? 1;

  const filter = (patch: Partial<AuditQuery>) =>
    setQuery((current) => ({ ...current, ...patch, page: 1 }));

  return (
    <Card
      title="Audit Log"
      description="An append-only record of sign-ins, account, settings, company profile and example changes. Passwords and keys are never recorded."
      actions={<ExportButton busy={exporter.isPending} onClick={() => exporter.mutate(query)} />}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <OptionsField
          label="Person"
          value={query.actorId ?? ""}
          onChange={(value) => filter({ actorId: value || undefined })}
          emptyLabel="Everyone"
          options={people.map((p) => ({ value: p.id, label: p.label }))}
        />
        <OptionsField
          label="Action"
          value={query.action ?? ""}
          onChange={(action) => filter({ action: action || undefined })}
          emptyLabel="All actions"
          options={optionsOf(AUDIT_ACTIONS, AUDIT_ACTION_LABELS)}
        />
        <TextField
          label="From"
          type="date"
          value={query.from ?? ""}
          onChange={(e) => filter({ from: e.target.value || undefined })}
        />
        <TextField
          label="To"
          type="date"
          value={query.to ?? ""}
          onChange={(e) => filter({ to: e.target.value || undefined })}
        />
      </div>
      {exporter.error ? (
        <Alert className="mt-4">{`Failed to export the audit log. ${exporter.error.message}`}</Alert>
      ) : null}

      <div className="mt-4">
        {audit.isPending ? (
          <LoadingText>Loading audit log...</LoadingText>
        ) : audit.isError ? (
          <Alert>{audit.error.message}</Alert>
        ) : (
          <DataTable
            rows={audit.data.entries}
            columns={AUDIT_COLUMNS}
            rowClassName="align-top"
            empty="No entries match these filters."
          />
        )}
      </div>
      {audit.data && (page > 1 || audit.data.hasMore) ? (
        <div className="mt-4 flex items-center justify-between gap-3">
          <Button
            size="sm"
            variant="secondary"
            disabled={page <= 1}
            onClick={() => setQuery((q) => ({ ...q, page: page - 1 }))}
          >
            Newer
          </Button>
          <span className="text-sm text-slate-500">Page {page}</span>
          <Button
            size="sm"
            variant="secondary"
            disabled={!audit.data.hasMore}
            onClick={() => setQuery((q) => ({ ...q, page: page + 1 }))}
          >
            Older
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
