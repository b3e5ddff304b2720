import type { DashboardSummary } from "@content-studio/contract";
import { Clock, Cpu } from "lucide-react";
import { Card } from "../../../components/ui/card";
import { Detail } from "../../../components/ui/detail";
import { Spinner } from "../../../components/ui/spinner";

/** Average generation time, e.g. 8.2 seconds. */
function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} seconds`;
}

interface ProviderStatusCardProps {
  /** The AI provider currently used for generation (label and model), when known. */
  provider?: { label: string; model: string };
  data: DashboardSummary | undefined;
  loading: boolean;
}

/** AI Provider Status: the provider, its model and the average generation time. */
export function ProviderStatusCard({ provider, data, loading }: ProviderStatusCardProps) {
  return (
    <Card title="AI Provider Status">
      <dl className="grid grid-cols-2 gap-4 text-sm">
        <Detail
          term="Current Provider"
          valueClassName="mt-1 flex items-center gap-2 font-medium text-slate-900"
        >
          <Cpu className="size-4 text-slate-400" aria-hidden="true" />
          {provider?.label || "Not configured"}
        </Detail>
        <Detail term="Model" valueClassName="mt-1 font-medium break-words text-slate-900">
          {provider?.model || "Not configured"}
        </Detail>
        <Detail
          term="Average Generation Time"
          className="col-span-2"
          valueClassName="mt-1 flex items-center gap-2 font-medium text-slate-900"
        >
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
        </Detail>
      </dl>
    </Card>
  );
}
