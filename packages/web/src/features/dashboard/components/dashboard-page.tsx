import {
  formatCappedCount,
  type DashboardSummary,
  type BuyingStage,
  type Industry,
  type Persona,
  type RepositorySource,
} from "@content-studio/contract";
import {
  ArrowRight,
  CalendarDays,
  Clock,
  Cpu,
  Database,
  FileText,
  PenLine,
  Sparkles,
  Star,
  Users,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import { lazy, Suspense, useDeferredValue, useId, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses, focusRing } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { useNearViewport } from "../../../hooks/use-near-viewport";
import { cn } from "../../../lib/cn";
import { useDashboardSummary } from "../api/get-dashboard-summary";
import { CoverageMap } from "./coverage-map";
import { RecentContentTable } from "./dashboard-parts";

// recharts is large: it loads with the chart, when the reader scrolls to it.
const WeeklyChart = lazy(() => import("./weekly-chart"));

export const DASHBOARD_FAILED_MESSAGE = "Failed to load dashboard data. Please try again.";

interface DashboardPageProps {
  userName?: string;
  /** The AI provider currently used for generation (label and model), when known. */
  provider?: { label: string; model: string };
  personas?: Persona[];
  industries?: Industry[];
  buyingStages?: readonly BuyingStage[];
  canGenerate?: boolean;
  /** The example source the card starts on: one that can be read (Local until Cloud is set up). */
  examplesSource?: RepositorySource;
  /** What Cloud still needs, in a few words; null when Cloud can be read. */
  cloudNeeds?: string | null;
}

/** Average generation time, e.g. 8.2 seconds. */
function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} seconds`;
}

function Tile({
  label,
  value,
  icon: Icon,
  loading,
}: {
  label: string;
  value: string | undefined;
  icon: LucideIcon;
  loading: boolean;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm compact:p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <Icon aria-hidden="true" className="size-5 text-slate-400" />
      </div>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900" aria-live="polite">
        {loading ? <Spinner className="size-6 text-slate-300" /> : (value ?? "–")}
      </p>
    </div>
  );
}

/** `/`: statistics, provider status, recent content, coverage and the weekly trend. */
export function DashboardPage({
  userName,
  provider,
  personas = [],
  industries = [],
  buyingStages = ["awareness", "consideration", "decision"],
  canGenerate = true,
  examplesSource = "local",
  cloudNeeds = null,
}: DashboardPageProps) {
  const summary = useDashboardSummary();
  const data = summary.data;
  const loading = summary.isPending;
  // Hundreds of cells: they render in the background, in slices that leave the page responsive,
  // after the figures above them are on screen.
  const coverage = useDeferredValue(data?.coverage);
  // Follows the usable source until the user picks one.
  const [chosenSource, setSource] = useState<RepositorySource | null>(null);
  const source = chosenSource ?? examplesSource;
  const sourceId = useId();
  const count = (n: number | undefined) =>
    n === undefined ? undefined : formatCappedCount(n, false);

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${userName || "User"}`}
        actions={
          <Link to="/generate" className={buttonClasses()}>
            <PenLine className="size-4" aria-hidden="true" />
            Generate Content
          </Link>
        }
      />

      {summary.isError ? (
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <Alert className="grow">{DASHBOARD_FAILED_MESSAGE}</Alert>
          <Button variant="secondary" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}

      <section
        aria-label="Content statistics"
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <Tile
          label="Total Content"
          icon={FileText}
          loading={loading}
          value={count(data?.stats.total)}
        />
        <Tile
          label="Last 7 Days"
          icon={CalendarDays}
          loading={loading}
          value={count(data?.stats.lastWeek)}
        />
        <Tile
          label="High Quality"
          icon={Star}
          loading={loading}
          value={count(data?.stats.highQuality)}
        />
        <Tile
          label="Needs Refinement"
          icon={Wrench}
          loading={loading}
          value={count(data?.stats.needsRefinement)}
        />
      </section>

      <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Card
          title="Recent Content"
          className="xl:col-span-2"
          actions={
            <Link to="/library" className={buttonClasses("secondary", "sm")}>
              View All
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          }
        >
          {loading ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner className="size-4" /> Loading recent content...
            </p>
          ) : data ? (
            <RecentContentTable items={data.recent} />
          ) : (
            <p className="text-sm text-slate-500">Recent content could not be loaded.</p>
          )}
        </Card>

        <Card title="AI Provider Status">
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-slate-500">Current Provider</dt>
              <dd className="mt-1 flex items-center gap-2 font-medium text-slate-900">
                <Cpu className="size-4 text-slate-400" aria-hidden="true" />
                {provider?.label || "Not configured"}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Model</dt>
              <dd className="mt-1 font-medium break-words text-slate-900">
                {provider?.model || "Not configured"}
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-slate-500">Average Generation Time</dt>
              <dd className="mt-1 flex items-center gap-2 font-medium text-slate-900">
                <Clock className="size-4 text-slate-400" aria-hidden="true" />
                {loading ? (
                  <Spinner className="size-4" />
                ) : data?.averageGenerationMs != null ? (
                  <span>
                    {formatSeconds(data.averageGenerationMs)}
                    <span className="ml-1 font-normal text-slate-500">
                      (last {data.generationsMeasured}{" "}
                      {data.generationsMeasured === 1 ? "generation" : "generations"})
                    </span>
                  </span>
                ) : data ? (
                  "No generations yet"
                ) : (
                  "–"
                )}
              </dd>
            </div>
          </dl>
        </Card>
      </div>

      <section aria-label="Quick links" className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-3">
        <QuickLink
          to="/generate"
          icon={Sparkles}
          title="Generate New Content"
          subtitle="Targeted content for a persona, industry and stage"
        />
        <QuickLink
          to="/target-audience"
          icon={Users}
          title="Target Audience Analysis"
          subtitle="Personas, industries and buying journeys"
        />
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <Link
            to={`/examples?source=${source}`}
            className={cn("group flex items-start gap-3 rounded-md", focusRing)}
          >
            <Database aria-hidden="true" className="mt-0.5 size-5 text-primary-text" />
            <span>
              <span className="block font-medium text-slate-900 group-hover:underline">
                Examples Repository
              </span>
              <span className="block text-sm text-slate-500">
                {source === "local"
                  ? "Local benchmark content"
                  : (cloudNeeds ?? "Cloud benchmark content")}
              </span>
            </span>
          </Link>
          <div className="flex items-center gap-2">
            <label htmlFor={sourceId} className="text-sm text-slate-600">
              Source
            </label>
            <select
              id={sourceId}
              value={source}
              onChange={(e) => setSource(e.target.value === "local" ? "local" : "cloud")}
              className={cn(
                "h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900",
                focusRing,
              )}
            >
              <option value="cloud">Cloud Source</option>
              <option value="local">Local Source</option>
            </select>
          </div>
        </div>
      </section>

      <Card
        title="Coverage"
        description="Approved or published content per persona, industry and buying stage, with its average quality. An empty cell opens the generator for that combination."
        className="mt-6"
      >
        {coverage ? (
          <CoverageMap
            cells={coverage}
            personas={personas}
            industries={industries}
            stages={buyingStages}
            canGenerate={canGenerate}
          />
        ) : loading || data ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner className="size-4" /> Loading coverage...
          </p>
        ) : (
          <p className="text-sm text-slate-500">Coverage could not be loaded.</p>
        )}
      </Card>

      <Card
        title="Content per Week"
        description="Items created in each of the last 12 weeks and their average quality."
        className="mt-6"
      >
        {data ? (
          <WeeklyChartWhenNear weeks={data.weekly} />
        ) : loading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner className="size-4" /> Loading chart...
          </p>
        ) : (
          <p className="text-sm text-slate-500">The chart could not be loaded.</p>
        )}
      </Card>
    </>
  );
}

/** The chart (and recharts with it) loads when the reader scrolls near it: it is below the fold. */
function WeeklyChartWhenNear({ weeks }: { weeks: DashboardSummary["weekly"] }) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const placeholder = (
    <p role="status" className="flex h-64 items-center gap-2 text-sm text-slate-500">
      <Spinner className="size-4" /> Loading chart...
    </p>
  );
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={placeholder}>
          <WeeklyChart weeks={weeks} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

function QuickLink({
  to,
  icon: Icon,
  title,
  subtitle,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  subtitle: string;
}) {
  return (
    <Link
      to={to}
      className={cn(
        "group flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-slate-300",
        focusRing,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 text-primary-text" />
      <span>
        <span className="block font-medium text-slate-900 group-hover:underline">{title}</span>
        <span className="block text-sm text-slate-500">{subtitle}</span>
      </span>
    </Link>
  );
}
