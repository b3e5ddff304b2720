import {
  CONTENT_TYPE_LABELS,
  dashboardQualityBand,
  type ContentType,
  type DashboardSummary,
} from "@content-studio/contract";
import { BarChart3, BookOpen, FileText, Lightbulb, Wrench, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";

const TYPE_ICONS: Record<ContentType, LucideIcon> = {
  "thought-leadership": Lightbulb,
  "case-study": BookOpen,
  "technical-guide": Wrench,
  "industry-report": BarChart3,
};

/** The icon of a content type; unknown types get a default. */
export function ContentTypeIcon({ type, className }: { type: string; className?: string }) {
  const Icon = TYPE_ICONS[type as ContentType] ?? FileText;
  return <Icon aria-hidden="true" className={cn("size-4 shrink-0", className)} />;
}

const BAND_TEXT = {
  high: "bg-green-50 text-green-800 ring-green-600/20",
  medium: "bg-yellow-50 text-yellow-800 ring-yellow-600/20",
  low: "bg-red-50 text-red-800 ring-red-600/20",
  unscored: "bg-slate-100 text-slate-600 ring-slate-500/20",
} as const;

/** A score as a whole percent in the dashboard bands (>= 0.8 green, >= 0.6 yellow, else red). */
export function QualityPill({ score }: { score: number | null }) {
  const band = dashboardQualityBand(score);
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        BAND_TEXT[band],
      )}
    >
      {score === null ? "Not scored" : `${Math.round(score * 100)}%`}
    </span>
  );
}

/** Recent Content: Title, Type (icon and label), Target, Date, Quality. */
export function RecentContentTable({ items }: { items: DashboardSummary["recent"] }) {
  if (items.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        No content yet.{" "}
        <Link to="/generate" className="text-primary-text underline">
          Generate your first piece
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="-mx-6 overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Recent content</caption>
        <thead className="border-b border-slate-200 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-6 py-2 font-medium">
              Title
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Target
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Date
            </th>
            <th scope="col" className="px-6 py-2 font-medium">
              Quality
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.id}>
              <td className="min-w-40 px-6 py-2.5 font-medium text-slate-900">
                <Link to={`/library/${item.id}`} className="hover:underline">
                  {item.title}
                </Link>
              </td>
              <td className="px-3 py-2.5 text-slate-600">
                {/* The icon with its label: an icon alone left readers guessing (its name was
                    only a hover tooltip below 1536 px). */}
                <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
                  <ContentTypeIcon type={item.contentType} className="text-slate-400" />
                  {CONTENT_TYPE_LABELS[item.contentType as ContentType] ?? item.contentType}
                </span>
              </td>
              <td className="min-w-28 px-3 py-2.5 text-slate-600">
                {item.personaName} · {item.industryName}
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap text-slate-600">
                {new Date(item.createdAt).toLocaleDateString("en-US")}
              </td>
              <td className="px-6 py-2.5">
                <QualityPill score={item.qualityScore} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
