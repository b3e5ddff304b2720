import { PUBLISHING_TARGET_LABELS, type ContentExport } from "@content-studio/contract";
import { ExternalLink, Send } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import { SelectOptions } from "../../../components/ui/options-field";
import { BusyIcon, LoadingText } from "../../../components/ui/spinner";
import { StatusBadge } from "../../../components/ui/status-badge";
import { hasServerMessage } from "../../../lib/api-client";
import { useItemExports } from "../api/get-item-exports";
import { useSendItemDraft } from "../api/send-item-draft";

const STATUS: Record<ContentExport["status"], { label: string; tone: "green" | "blue" | "red" }> = {
  drafted: { label: "Draft", tone: "green" },
  pending: { label: "Sending", tone: "blue" },
  failed: { label: "Failed", tone: "red" },
};

/** Only an http(s) link is shown as a link. */
const safeHref = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * An item's drafts at publishing connections, and (for an approved or published item's
 * approved version, to admins) 'Send as draft to…'. Nothing here publishes.
 */
export function ItemExportsPanel({
  itemId,
  approvedVersion,
}: {
  itemId: string;
  /** The version the approval covers (what is sent), or null. */
  approvedVersion: number | null;
}) {
  const exports = useItemExports(itemId);
  const send = useSendItemDraft();
  const [target, setTarget] = useState("");
  if (exports.isPending) {
    return <LoadingText className="mb-6">Loading drafts...</LoadingText>;
  }
  if (exports.isError) {
    return <Alert className="mb-6">{`Failed to load the drafts. ${exports.error.message}`}</Alert>;
  }
  const { exports: rows, targets, can } = exports.data;
  const canSend = can.send && approvedVersion !== null && targets.length > 0;
  if (rows.length === 0 && !canSend) return null;
  const chosen = target || targets[0]?.id || "";
  return (
    <section
      aria-labelledby="item-exports-title"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="item-exports-title" className="text-sm font-semibold text-slate-900">
            Drafts at publishing targets
          </h2>
          <p className="text-xs text-slate-500">
            Sent as drafts only: someone publishes them at the target.
          </p>
        </div>
        {canSend ? (
          <form
            className="flex flex-wrap items-end gap-2"
            aria-label="Send as draft"
            onSubmit={(e) => {
              e.preventDefault();
              if (approvedVersion === null) return;
              send.mutate({ itemId, body: { connectionId: chosen, version: approvedVersion } });
            }}
          >
            <SelectField
              label={`Send version ${approvedVersion} as draft to…`}
              value={chosen}
              onChange={(e) => setTarget(e.target.value)}
            >
              <SelectOptions
                options={targets.map((t) => ({
                  value: t.id,
                  label: `${t.name} (${PUBLISHING_TARGET_LABELS[t.target]})`,
                }))}
              />
            </SelectField>
            <Button type="submit" size="sm" className="h-10" disabled={send.isPending}>
              <BusyIcon busy={send.isPending} icon={Send} />
              Send as draft
            </Button>
          </form>
        ) : null}
      </div>
      {send.isError ? (
        <Alert className="mt-3">
          {hasServerMessage(send.error) ? send.error.message : "The draft could not be queued."}
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Not sent anywhere yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Draft exports">
          {rows.map((e) => (
            <ExportRow key={e.id} row={e} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ExportRow({ row }: { row: ContentExport }) {
  const status = STATUS[row.status];
  const href = safeHref(row.externalUrl);
  return (
    <li className="py-2 text-sm" aria-label={`${row.connectionName} draft`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-slate-900">
          {row.connectionName}{" "}
          <span className="font-normal text-slate-500">
            ({PUBLISHING_TARGET_LABELS[row.target]})
          </span>
        </p>
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </div>
      <p className="mt-1 text-xs break-words text-slate-600">
        {row.externalId ? `External id ${row.externalId}` : "No external id yet"}
        {` · exported version ${row.exportedVersion ?? "none"}`}
        {row.status === "pending" ? ` · sending version ${row.requestedVersion}` : ""}
        {` · ${row.attempts} attempt${row.attempts === 1 ? "" : "s"}`}
        {` · updated ${new Date(row.updatedAt).toLocaleString()}`}
      </p>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-flex items-center gap-1 text-xs font-medium break-all text-primary-text underline"
        >
          Open the draft
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      ) : null}
      {row.lastError ? (
        <p className="mt-1 text-xs text-red-700">{`Last error: ${row.lastError}`}</p>
      ) : null}
    </li>
  );
}
