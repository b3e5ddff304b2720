import {
  describeImportIssue,
  IMPORT_MODES,
  INTENT_LAYOUT_LABELS,
  INTENT_TEMPLATE_CSV,
  type CommitImportBody,
  type ImportIssue,
  type ImportPreview,
  type IntentDataset,
} from "@content-studio/contract";
import { Download, Upload } from "lucide-react";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { DataTable } from "../../../components/ui/data-table";
import { Detail } from "../../../components/ui/detail";
import { FieldLabel } from "../../../components/ui/field";
import { optionsOf } from "../../../components/ui/options-field";
import { RadioGroup } from "../../../components/ui/radio-group";
import { Spinner } from "../../../components/ui/spinner";
import { saveBlob } from "../../../lib/download";
import { useCommitIntentImport } from "../api/commit-intent-import";
import { usePreviewIntentImport } from "../api/preview-intent-import";
import { capitalise } from "../utils/labels";

const MODE_OPTIONS = optionsOf(IMPORT_MODES, {
  replace: "Replace all stored accounts",
  merge: "Merge by domain",
});

export function downloadTemplate() {
  saveBlob(new Blob([INTENT_TEMPLATE_CSV], { type: "text/csv" }), "intent-data-template.csv");
}

/** Upload → preview (layout, counts, first rows, validation report) → replace or merge → confirm. */
export function ImportPanel({
  industryName,
  personaName,
  onDone,
}: {
  industryName: (id: string) => string;
  personaName: (id: string) => string;
  onDone: (dataset: IntentDataset) => void;
}) {
  const inputId = useId();
  const preview = usePreviewIntentImport();
  const commit = useCommitIntentImport();
  const [mode, setMode] = useState<CommitImportBody["mode"]>("replace");
  const result: ImportPreview | undefined = preview.data;

  return (
    <div className="space-y-4 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <FieldLabel htmlFor={inputId}>CSV file</FieldLabel>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:text-slate-700"
            onChange={(event) => {
              const file = event.target.files?.[0];
              commit.reset();
              if (file) preview.mutate(file);
            }}
          />
          <p className="mt-1 text-xs text-slate-500">
            Bombora Company Surge, 6sense account export or the Content Studio template. Nothing is
            stored until you confirm.
          </p>
        </div>
        <Button variant="secondary" onClick={downloadTemplate}>
          <Download aria-hidden="true" className="size-4" />
          Download template
        </Button>
      </div>

      {preview.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner className="size-4" /> Reading the file…
        </p>
      ) : null}
      {preview.isError ? <Alert>{preview.error.message}</Alert> : null}

      {result ? (
        <section aria-label="Import preview" className="space-y-3">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
            <Detail term="Layout" valueClassName="font-medium text-slate-900">
              {result.layout
                ? `${INTENT_LAYOUT_LABELS[result.layout]}${result.hasHeader ? "" : " (no header row)"}`
                : "Not recognised"}
            </Detail>
            <Detail term="Rows" valueClassName="font-medium text-slate-900">
              {result.counts.rows.toLocaleString()}
            </Detail>
            <Detail term="Accounts" valueClassName="font-medium text-slate-900">
              {result.counts.accounts.toLocaleString()}
            </Detail>
            <Detail term="Skipped rows" valueClassName="font-medium text-slate-900">
              {result.counts.skippedRows.toLocaleString()}
            </Detail>
          </dl>

          {result.issues.length > 0 ? (
            <div>
              <h3 className="text-sm font-semibold text-slate-900">
                Validation report ({plural(result.counts.errors, "error")},{" "}
                {plural(result.counts.warnings, "warning")})
              </h3>
              <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm">
                {/* Errors first, each on its line; warnings grouped by kind with their rows. */}
                {result.issues
                  .filter((issue) => issue.severity === "error")
                  .map((issue, i) => (
                    <li key={`e${i}`} className="flex gap-2">
                      <span className="shrink-0 font-medium text-red-700">
                        {issue.row === null ? "File" : `Row ${issue.row}`}
                      </span>
                      <span className="text-slate-700">{describeImportIssue(issue)}</span>
                    </li>
                  ))}
                {groupWarnings(result.issues).map((group) => {
                  const first = group.issues[0]!;
                  const more = group.issues.length - 1;
                  const rows = group.rows.slice(0, 5).join(", ");
                  return (
                    <li key={group.code} className="flex gap-2">
                      <span className="shrink-0 font-medium text-amber-700">
                        {group.rows.length === 0
                          ? "File"
                          : `${group.rows.length > 1 ? "Rows" : "Row"} ${rows}${group.rows.length > 5 ? ", …" : ""}`}
                      </span>
                      <span className="text-slate-700">
                        {describeImportIssue(first)}
                        {more > 0 ? ` (and ${plural(more, "more like it")})` : null}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : (
            <p className="text-sm text-slate-600">No problems found.</p>
          )}

          {result.sample.length > 0 ? (
            <DataTable
              variant="plain"
              className="min-w-[36rem]"
              caption="First accounts as they will be stored"
              captionClassName="mb-1 text-left text-sm font-semibold text-slate-900"
              bodyClassName="text-slate-700"
              rows={result.sample}
              rowKey={(a) => a.domain}
              columns={[
                { header: "Company", cell: (a) => a.name },
                { header: "Domain", cell: (a) => a.domain },
                { header: "Industry", cell: (a) => industryName(a.industry) },
                { header: "Intent", cellClassName: "tabular-nums", cell: (a) => a.intent },
                { header: "Stage", cell: (a) => capitalise(a.buyingStage) },
                { header: "Personas", cell: (a) => a.activePersonas.map(personaName).join(", ") },
                {
                  header: "Topics",
                  cell: (a) =>
                    a.topics
                      .slice(0, 3)
                      .map((t) => `${t.topic} (${t.score})`)
                      .join(", ") + (a.topics.length > 3 ? ` +${a.topics.length - 3} more` : ""),
                },
              ]}
            />
          ) : null}

          {result.canCommit && result.importId ? (
            <div className="flex flex-wrap items-end gap-4 border-t border-slate-200 pt-3">
              <RadioGroup
                legend="When importing"
                name={`${inputId}-mode`}
                inline
                value={mode}
                onChange={setMode}
                options={MODE_OPTIONS}
              />
              <Button
                disabled={commit.isPending}
                onClick={() =>
                  commit.mutate(
                    { importId: result.importId!, mode },
                    {
                      onSuccess: (dataset) => {
                        preview.reset();
                        onDone(dataset);
                      },
                    },
                  )
                }
              >
                <Upload aria-hidden="true" className="size-4" />
                {commit.isPending
                  ? "Importing..."
                  : `Confirm import of ${result.counts.accounts.toLocaleString()} accounts`}
              </Button>
            </div>
          ) : (
            <Alert>This file cannot be imported. Fix the problems above and upload it again.</Alert>
          )}
          {commit.isError ? <Alert>{commit.error.message}</Alert> : null}
        </section>
      ) : null}
    </div>
  );
}

const plural = (n: number, word: string) =>
  word.includes(" ")
    ? `${n.toLocaleString()} ${word}`
    : `${n.toLocaleString()} ${word}${n === 1 ? "" : "s"}`;

/** Warnings by kind, in order of first appearance, with the rows they were found on. */
function groupWarnings(issues: readonly ImportIssue[]) {
  const groups = new Map<string, { code: string; issues: ImportIssue[]; rows: number[] }>();
  for (const issue of issues) {
    if (issue.severity !== "warning") continue;
    let group = groups.get(issue.code);
    if (!group) groups.set(issue.code, (group = { code: issue.code, issues: [], rows: [] }));
    group.issues.push(issue);
    if (issue.row !== null) group.rows.push(issue.row);
  }
  return [...groups.values()];
}
