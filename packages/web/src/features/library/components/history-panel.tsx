import {
  CONTENT_STATUS_LABELS,
  LIBRARY_CHANGE_LABELS,
  LIBRARY_EVENT_LABELS,
  LIBRARY_SECTION_LABELS,
  type LibraryItemDetail,
  type LibraryVersionSummary,
} from "@content-studio/contract";
import { RotateCcw } from "lucide-react";
import { useState, type ChangeEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { SelectField } from "../../../components/ui/field";
import { SelectOptions } from "../../../components/ui/options-field";
import { LoadingText } from "../../../components/ui/spinner";
import { hasServerMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useLibraryHistory, useLibraryVersion } from "../api/get-library-history";
import { useRestoreLibraryVersion } from "../api/restore-library-version";
import { diffVersions, withContext } from "../utils/diff";
import { formatDateTime } from "../utils/format";

const versionLabel = (v: LibraryVersionSummary) =>
  `Version ${v.version} · ${formatDateTime(v.createdAt)}${v.createdByName ? ` · ${v.createdByName}` : ""}`;

/** Who changed what and when, a word diff between any two versions, restore, and transitions. */
export function HistoryPanel({ item }: { item: LibraryItemDetail }) {
  const history = useLibraryHistory(item.id);
  const versions = history.data?.versions ?? [];
  const [pick, setPick] = useState<{ from: number | null; to: number | null }>({
    from: null,
    to: null,
  });
  const to = pick.to ?? versions[0]?.version ?? null;
  const from = pick.from ?? versions[1]?.version ?? null;
  const restore = useRestoreLibraryVersion();
  const versionOptions = versions.map((v) => ({ value: v.version, label: versionLabel(v) }));
  /** Picks the version at one end of the comparison. */
  const choose = (end: "from" | "to") => (event: ChangeEvent<HTMLSelectElement>) =>
    setPick((p) => ({ ...p, [end]: Number(event.target.value) }));

  if (history.isPending) {
    return <LoadingText role="status">Loading history...</LoadingText>;
  }
  if (history.isError) {
    return (
      <div className="space-y-3">
        <Alert>The history could not be loaded. Please try again.</Alert>
        <Button variant="secondary" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-6 xl:grid-cols-5">
      <div className="space-y-6 xl:col-span-3">
        <Card title="Compare versions">
          {versions.length < 2 ? (
            <p className="text-sm text-slate-500">
              There is only one version so far. Each save adds one.
            </p>
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField label="From" value={from ?? ""} onChange={choose("from")}>
                  <SelectOptions options={versionOptions} />
                </SelectField>
                <SelectField label="To" value={to ?? ""} onChange={choose("to")}>
                  <SelectOptions options={versionOptions} />
                </SelectField>
              </div>
              {from !== null && to !== null ? (
                <VersionDiff id={item.id} from={from} to={to} />
              ) : null}
            </>
          )}
        </Card>
        <Card title="Versions">
          {restore.isError ? (
            <Alert className="mb-3">
              {hasServerMessage(restore.error) ? restore.error.message : "Restoring failed."}
            </Alert>
          ) : null}
          <ol className="divide-y divide-slate-100" aria-label="Versions">
            {versions.map((v) => (
              <li key={v.version} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">
                    Version {v.version}
                    {v.version === item.version ? (
                      <span className="ml-2 text-xs font-normal text-slate-500">(current)</span>
                    ) : null}
                    {item.approval?.version === v.version ? (
                      <span className="ml-2 text-xs font-normal text-purple-800">(approved)</span>
                    ) : null}
                  </p>
                  <p className="text-slate-600">
                    {v.note}
                    {v.createdByName ? ` by ${v.createdByName}` : ""} ·{" "}
                    {formatDateTime(v.createdAt)}
                  </p>
                  <p className="text-xs text-slate-500">
                    {v.changedSections.length > 0
                      ? `Changed: ${v.changedSections.map((s) => LIBRARY_CHANGE_LABELS[s]).join(", ")}`
                      : "First version"}
                    {v.qualityScore !== null
                      ? ` · Quality ${Math.round(v.qualityScore * 100)}%`
                      : ""}
                  </p>
                </div>
                {item.can.edit && v.version !== item.version ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={restore.isPending}
                    onClick={() => restore.mutate({ id: item.id, version: v.version })}
                  >
                    <RotateCcw aria-hidden="true" className="size-4" />
                    Restore version {v.version}
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        </Card>
      </div>
      <Card title="Activity" className="xl:col-span-2">
        <ol className="space-y-3" aria-label="Activity">
          {(history.data?.events ?? []).map((e) => (
            <li key={e.id} className="text-sm">
              <p className="font-medium text-slate-900">
                {LIBRARY_EVENT_LABELS[e.kind]}
                {e.version !== null ? (
                  <span className="font-normal text-slate-500"> · version {e.version}</span>
                ) : null}
              </p>
              <p className="text-slate-600">
                {e.actorName ?? "Someone"} · {formatDateTime(e.createdAt)}
                {e.fromStatus && e.toStatus && e.fromStatus !== e.toStatus
                  ? ` · ${CONTENT_STATUS_LABELS[e.fromStatus]} → ${CONTENT_STATUS_LABELS[e.toStatus]}`
                  : ""}
              </p>
              {e.note && e.kind !== "edited" ? (
                <p className="mt-0.5 text-slate-700 italic">“{e.note}”</p>
              ) : null}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}

/** Word diff per section; text is rendered as text (escaped by React). */
function VersionDiff({ id, from, to }: { id: string; from: number; to: number }) {
  const a = useLibraryVersion(id, from);
  const b = useLibraryVersion(id, to);
  if (a.isError || b.isError) return <Alert className="mt-4">A version could not be loaded.</Alert>;
  if (!a.data || !b.data) {
    return (
      <LoadingText role="status" className="mt-4">
        Loading versions...
      </LoadingText>
    );
  }
  const sections = diffVersions(a.data, b.data);
  const changed = sections.filter((s) => s.changed);
  return (
    <div className="mt-4 space-y-4" aria-label={`Changes from version ${from} to version ${to}`}>
      {changed.length === 0 ? (
        <p className="text-sm text-slate-500">No differences between these versions.</p>
      ) : (
        changed.map((s) => (
          <section key={s.section}>
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {LIBRARY_SECTION_LABELS[s.section]}
            </h3>
            <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">
              {withContext(s.parts).map((p, i) =>
                p.added ? (
                  <ins key={i} className="rounded bg-green-100 text-green-900 no-underline">
                    {p.value}
                  </ins>
                ) : p.removed ? (
                  <del key={i} className={cn("rounded bg-red-100 text-red-900")}>
                    {p.value}
                  </del>
                ) : (
                  <span key={i}>{p.value}</span>
                ),
              )}
            </p>
          </section>
        ))
      )}
    </div>
  );
}
