import type {
  DashboardSummary,
  BuyingStage,
  Industry,
  Persona,
  RepositorySource,
} from "@content-studio/contract";
import { ArrowRight, PenLine } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageHeader } from "../../../components/ui/page-header";
import { LoadingText } from "../../../components/ui/spinner";
import { useNearViewport } from "../../../hooks/use-near-viewport";
import { CoverageMap } from "./coverage-map";
import { RecentContentTable } from "./dashboard-parts";
import { DashboardStats } from "./dashboard-stats";
import { ProviderStatusCard } from "./provider-status-card";
import { QuickLinks } from "./quick-links";
import { useDashboardScreen } from "./use-dashboard-screen";

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
  const screen = useDashboardScreen(examplesSource);
  const { data, loading } = screen;

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

      {screen.failed ? (
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <Alert className="grow">{DASHBOARD_FAILED_MESSAGE}</Alert>
          <Button variant="secondary" onClick={screen.retry}>
            Try again
          </Button>
        </div>
      ) : null}

      <DashboardStats stats={data?.stats} loading={loading} />

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
            <LoadingText role="status">Loading recent content...</LoadingText>
          ) : data ? (
            <RecentContentTable items={data.recent} />
          ) : (
            <p className="text-sm text-slate-500">Recent content could not be loaded.</p>
          )}
        </Card>

        <ProviderStatusCard provider={provider} data={data} loading={loading} />
      </div>

      <QuickLinks
        source={screen.source}
        onSourceChange={screen.setSource}
        sourceId={screen.sourceId}
        cloudNeeds={cloudNeeds}
      />

      <Card
        title="Coverage"
        description="Approved or published content per persona, industry and buying stage, with its average quality. An empty cell opens the generator for that combination."
        className="mt-6"
      >
        {screen.coverage ? (
          <CoverageMap
            cells={screen.coverage}
            personas={personas}
            industries={industries}
            stages={buyingStages}
            canGenerate={canGenerate}
          />
        ) : loading || data ? (
          <LoadingText role="status">Loading coverage...</LoadingText>
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
          <LoadingText role="status">Loading chart...</LoadingText>
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
    <LoadingText role="status" className="h-64">
      Loading chart...
    </LoadingText>
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
