import type { RepositorySource } from "@content-studio/contract";
import { Database, Sparkles, Users, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

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

interface QuickLinksProps {
  /** The example source the Examples Repository link opens. */
  source: RepositorySource;
  onSourceChange: (source: RepositorySource) => void;
  /** The id of the source select (its label points at it). */
  sourceId: string;
  /** What Cloud still needs, in a few words; null when Cloud can be read. */
  cloudNeeds: string | null;
}

/** Links to the generator, the target audience and the Examples Repository (with its source). */
export function QuickLinks({ source, onSourceChange, sourceId, cloudNeeds }: QuickLinksProps) {
  return (
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
            onChange={(e) => onSourceChange(e.target.value === "local" ? "local" : "cloud")}
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
  );
}
