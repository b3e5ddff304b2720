import { Cpu, PenLine } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageHeader } from "../../../components/ui/page-header";

interface DashboardPageProps {
  userName?: string;
  /** The AI provider currently used for generation (label and model), when known. */
  provider?: { label: string; model: string; description?: string | null };
}

/** `/`: greets the signed-in user and shows which AI provider writes new content. */
export function DashboardPage({ userName, provider }: DashboardPageProps) {
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
      <Card title="AI Provider Status" className="mt-6 max-w-xl">
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
            <dd className="mt-1 font-medium text-slate-900">
              {provider?.model || "Not configured"}
            </dd>
          </div>
        </dl>
        {provider?.description ? (
          <p className="mt-4 text-xs text-slate-500">{provider.description}</p>
        ) : null}
      </Card>
    </>
  );
}
