import {
  AUDIENCE_FETCH_FAILED_MESSAGE,
  AUDIENCE_FILTERS,
  type AudienceFilter,
  type Industry,
  type Persona,
} from "@content-studio/contract";
import { Download, RefreshCw, Upload } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ExportButton } from "../../../components/ui/export-button";
import { Card } from "../../../components/ui/card";
import { SelectField } from "../../../components/ui/field";
import { SelectOptions } from "../../../components/ui/options-field";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { useExportAudience } from "../api/export-audience";
import { useAudienceOverview } from "../api/get-audience-overview";
import { useContentRecommendations } from "../api/get-content-recommendations";
import { industryNames, intentBarClass, personaNames, formatDateTime } from "../utils/labels";
import { AccountsToTarget } from "./accounts-to-target";
import { ValueBar } from "./bar";
import { downloadTemplate, ImportPanel } from "./import-panel";
import { IndustryInsights } from "./industry-insights";
import { JourneySections } from "./journey-sections";
import { PersonaPanel } from "./persona-panel";

const IntentCharts = lazy(() => import("./intent-charts"));

export interface TargetAudiencePageProps {
  personas: Persona[];
  industries: Industry[];
}

/** /target-audience: intent data, personas, industries and buying-journey insights. */
export function TargetAudiencePage({ personas, industries }: TargetAudiencePageProps) {
  const [filter, setFilter] = useState<AudienceFilter>("all");
  const [personaId, setPersonaId] = useState<string>("");
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<string | null>(null);
  const overview = useAudienceOverview(filter);
  const recommendations = useContentRecommendations(filter, false);
  const exporter = useExportAudience();

  const industryMap = useMemo(() => industryNames(industries), [industries]);
  const personaMap = useMemo(() => personaNames(personas), [personas]);
  const industryName = (id: string) => industryMap.get(id) ?? id;
  const personaName = (id: string) => personaMap.get(id) ?? id;
  const selectedPersona = personas.find((p) => p.id === personaId) ?? personas[0];

  const loading = overview.isFetching;
  const refresh = () => {
    void overview.refetch();
    void recommendations.refetch();
  };
  const data = overview.data;
  const dataset = data?.dataset ?? null;

  return (
    <div className="min-w-0 space-y-6">
      <PageHeader
        title="Target Audience Analysis"
        description="Account intent data, personas, industries and the buying journey."
        actions={
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              label="Industry"
              value={filter}
              onChange={(e) => setFilter(e.target.value as AudienceFilter)}
            >
              <SelectOptions
                options={AUDIENCE_FILTERS.map((f) => ({
                  value: f,
                  label: f === "all" ? "All" : industryName(f),
                }))}
              />
            </SelectField>
            <Button variant="secondary" onClick={refresh} disabled={loading}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {loading ? "Loading" : "Refresh Data"}
            </Button>
          </div>
        }
      />

      {overview.isError ? <Alert>{AUDIENCE_FETCH_FAILED_MESSAGE}</Alert> : null}

      <Card
        title="Intent data"
        description={
          dataset ? (
            dataset.isSample ? (
              <>
                Showing the <strong>sample dataset</strong> of fictional accounts, loaded{" "}
                {formatDateTime(dataset.importedAt)}. Import your own intent data to replace it.
              </>
            ) : (
              <>
                Showing <strong>{dataset.fileName}</strong>, imported{" "}
                {formatDateTime(dataset.importedAt)}
                {dataset.importedBy ? ` by ${dataset.importedBy}` : ""} ({dataset.mode},{" "}
                {dataset.accounts.toLocaleString()} accounts in the file,{" "}
                {dataset.storedAccounts.toLocaleString()} stored).
              </>
            )
          ) : data ? (
            "No intent data yet."
          ) : (
            "Loading…"
          )
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={downloadTemplate}>
              <Download aria-hidden="true" className="size-4" />
              Template
            </Button>
            {data?.can.import ? (
              <Button
                size="sm"
                aria-expanded={importing}
                onClick={() => {
                  setImporting((v) => !v);
                  setImported(null);
                }}
              >
                <Upload aria-hidden="true" className="size-4" />
                Import CSV
              </Button>
            ) : null}
          </div>
        }
      >
        {imported ? (
          <Alert tone="success" className="mb-3">
            {imported}
          </Alert>
        ) : null}
        {importing ? (
          <ImportPanel
            industryName={industryName}
            personaName={personaName}
            onDone={(d) => {
              setImporting(false);
              setImported(
                `Imported ${d.fileName}: ${d.accounts.toLocaleString()} accounts (${d.storedAccounts.toLocaleString()} stored).`,
              );
            }}
          />
        ) : (
          <p className="text-sm text-slate-600">
            {data
              ? `${data.accountCount.toLocaleString()} ${data.accountCount === 1 ? "account" : "accounts"} in this view.`
              : null}
          </p>
        )}
      </Card>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Card
          className="min-w-0"
          title="Intent overview"
          description="Accounts with the highest intent"
          actions={
            <ExportButton
              label="Export Data"
              busy={exporter.isPending}
              disabled={!data || data.accountCount === 0}
              onClick={() => exporter.mutate(filter)}
            />
          }
        >
          {exporter.isError ? <Alert className="mb-3">{exporter.error.message}</Alert> : null}
          {overview.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Loading intent data…
            </p>
          ) : data && data.intent.targetAccounts.length > 0 ? (
            <ol className="space-y-4" aria-label="Top accounts by intent">
              {data.intent.targetAccounts.slice(0, 5).map((a) => (
                <li key={a.domain}>
                  <ValueBar
                    label={`${a.name} · ${industryName(a.industry)}`}
                    value={a.intent}
                    fillClass={intentBarClass(a.intent)}
                  />
                  <p className="mt-1 truncate text-xs text-slate-500">
                    {a.topKeywords.slice(0, 3).join(", ")}
                  </p>
                </li>
              ))}
            </ol>
          ) : data ? (
            <p className="text-sm text-slate-600">No accounts in this view.</p>
          ) : null}
        </Card>
        <Card title="Intent analysis" className="min-w-0 xl:col-span-2">
          {data && data.accountCount > 0 ? (
            <Suspense
              fallback={
                <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
                  <Spinner className="size-4" /> Loading charts…
                </p>
              }
            >
              <IntentCharts intent={data.intent} industryName={industryName} />
            </Suspense>
          ) : (
            <p className="text-sm text-slate-600">
              {overview.isPending ? "Loading…" : "No intent data for this view."}
            </p>
          )}
        </Card>
      </div>

      <PersonaPanel
        personas={personas}
        breakdown={data?.intent.personaBreakdown ?? []}
        selectedId={selectedPersona?.id ?? ""}
        onSelect={setPersonaId}
      />

      <IndustryInsights
        industries={industries}
        filter={filter}
        breakdown={data?.intent.industryBreakdown ?? []}
        onFocus={setFilter}
      />

      <JourneySections
        personas={personas}
        selected={selectedPersona}
        filter={filter}
        personaName={personaName}
        industryName={industryName}
      />

      <AccountsToTarget industryName={industryName} />
    </div>
  );
}
