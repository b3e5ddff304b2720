import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ExportButton } from "../../../components/ui/export-button";
import { Card } from "../../../components/ui/card";
import { DataTable } from "../../../components/ui/data-table";
import { SelectField } from "../../../components/ui/field";
import { SelectOptions } from "../../../components/ui/options-field";
import { Spinner } from "../../../components/ui/spinner";
import { useAccountsToTarget } from "../api/get-accounts-to-target";
import { useExportAccountsToTarget } from "../api/export-accounts-to-target";
import { useTargetableContent } from "../api/get-targetable-content";
import { capitalise, statusLabel } from "../utils/labels";

const SHOWN = 10;

/** For a stored content item: the accounts whose surging topics and stage it matches. */
export function AccountsToTarget({ industryName }: { industryName: (id: string) => string }) {
  const items = useTargetableContent();
  const [itemId, setItemId] = useState<string | null>(null);
  const accounts = useAccountsToTarget(itemId);
  const exporter = useExportAccountsToTarget();

  return (
    <Card
      title="Accounts to target"
      description="Pick a piece of content to see the accounts researching what it covers, at its buying stage."
    >
      {items.isError ? <Alert>{items.error.message}</Alert> : null}
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Content"
          className="max-w-full"
          value={itemId ?? ""}
          disabled={!items.data || items.data.length === 0}
          onChange={(e) => setItemId(e.target.value || null)}
        >
          <option value="">
            {items.isPending
              ? "Loading content…"
              : items.data?.length
                ? "Choose a content item"
                : "No content yet"}
          </option>
          <SelectOptions
            options={(items.data ?? []).map((item) => ({
              value: item.id,
              label: `${item.title} (${statusLabel(item.status)}, ${capitalise(item.buyingStage)})`,
            }))}
          />
        </SelectField>
        {itemId ? (
          <ExportButton
            size="md"
            busy={exporter.isPending}
            disabled={!accounts.data || accounts.data.total === 0}
            onClick={() => exporter.mutate(itemId)}
          />
        ) : null}
      </div>
      {exporter.isError ? <Alert className="mt-3">{exporter.error.message}</Alert> : null}
      {itemId && accounts.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Finding accounts…
        </p>
      ) : null}
      {accounts.isError ? <Alert className="mt-3">{accounts.error.message}</Alert> : null}
      {accounts.data ? (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-slate-700">
            {accounts.data.total} {accounts.data.total === 1 ? "account" : "accounts"} at the{" "}
            {accounts.data.item.buyingStage} stage
            {accounts.data.matchedKeywords.length > 0
              ? ` surging on ${accounts.data.matchedKeywords.slice(0, 5).join(", ")}`
              : " (the content mentions no surging keyword)"}
            .
          </p>
          {accounts.data.accounts.length > 0 ? (
            <div>
              <DataTable
                variant="plain"
                className="min-w-[28rem]"
                bodyClassName="text-slate-700"
                rows={accounts.data.accounts.slice(0, SHOWN)}
                rowKey={(a) => a.domain}
                columns={[
                  {
                    header: "Company",
                    cell: (a) => (
                      <>
                        {a.name} <span className="text-slate-500">({a.domain})</span>
                      </>
                    ),
                  },
                  { header: "Industry", cell: (a) => industryName(a.industry) },
                  { header: "Intent", cellClassName: "tabular-nums", cell: (a) => `${a.intent}%` },
                  { header: "Top keywords", cell: (a) => a.topKeywords.slice(0, 3).join(", ") },
                ]}
              />
              {accounts.data.total > SHOWN ? (
                <p className="mt-2 text-xs text-slate-500">
                  Showing {SHOWN} of {accounts.data.total}; the CSV has all of them.
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
