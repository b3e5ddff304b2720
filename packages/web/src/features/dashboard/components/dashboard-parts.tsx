import {
  CONTENT_TYPE_LABELS,
  dashboardQualityBand,
  type ContentType,
  type DashboardSummary,
} from "@content-studio/contract";
import { BarChart3, BookOpen, FileText, Lightbulb, Wrench, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { DataTable } from "../../../components/ui/data-table";
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
  return (
    <DataTable
      caption="Recent content"
      rows={items}
      empty={
        <>
          No content yet.{" "}
          <Link to="/generate" className="text-primary-text underline">
            Generate your first piece
          </Link>
          .
        </>
      }
      cellPadding="py-2.5"
      columns={[
        {
          header: "Title",
          cellClassName: "min-w-40 font-medium text-slate-900",
          cell: (item) => (
            <Link to={`/library/${item.id}`} className="hover:underline">
              {item.title}
            </Link>
          ),
        },
        {
          header: "Type",
          cellClassName: "text-slate-600",
          cell: (item) => (
            // The icon with its label: an icon alone left readers guessing (its name was only
            // a hover tooltip below 1536 px).
            <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
              <ContentTypeIcon type={item.contentType} className="text-slate-400" />
              {CONTENT_TYPE_LABELS[item.contentType as ContentType] ?? item.contentType}
            </span>
          ),
        },
        {
          header: "Target",
          cellClassName: "min-w-28 text-slate-600",
          cell: (item) => `${item.personaName} · ${item.industryName}`,
        },
        {
          header: "Date",
          cellClassName: "whitespace-nowrap text-slate-600",
          cell: (item) => new Date(item.createdAt).toLocaleDateString("en-US"),
        },
        { header: "Quality", cell: (item) => <QualityPill score={item.qualityScore} /> },
      ]}
    />
  );
}
