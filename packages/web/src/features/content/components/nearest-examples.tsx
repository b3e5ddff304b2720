import type { NearestExample } from "@content-studio/contract";
import { cn } from "../../../lib/cn";

/**
 * The benchmark examples closest to the content as a small bar chart: one bar per example,
 * its length the similarity (0–1), green for good examples and red for bad ones.
 */
export function NearestExamples({ examples }: { examples: NearestExample[] }) {
  if (examples.length === 0) {
    return <p className="text-sm text-slate-500">No benchmark examples to compare with yet.</p>;
  }
  return (
    <ul aria-label="Nearest examples" className="space-y-3 text-sm">
      {examples.map((example) => {
        const good = example.category === "good";
        return (
          <li key={example.id}>
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0 text-slate-700" title={example.title}>
                {example.title}
              </span>
              <span
                className={cn(
                  "shrink-0 rounded px-1.5 py-0.5 text-xs font-medium",
                  good ? "bg-green-50 text-green-700" : "bg-red-50 text-red-700",
                )}
              >
                {good ? "Good" : "Bad"}
              </span>
            </div>
            <div className="mt-1 flex items-center gap-2">
              <div
                aria-hidden="true"
                className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
              >
                <div
                  className={cn("h-full rounded-full", good ? "bg-green-500" : "bg-red-400")}
                  style={{ width: `${Math.round(example.similarity * 100)}%` }}
                />
              </div>
              <span className="w-20 text-right text-xs text-slate-500 tabular-nums">
                similarity {example.similarity.toFixed(2)}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
