import type { ClaimStatus, QualityClaim } from "@content-studio/contract";
import { cn } from "../../../lib/cn";

const STATUS: Record<ClaimStatus, { label: string; className: string }> = {
  supported: { label: "Bound", className: "border-green-200 bg-green-50 text-green-800" },
  unsupported: { label: "Unsupported", className: "border-red-200 bg-red-50 text-red-800" },
  contradicted: { label: "Contradicted", className: "border-red-200 bg-red-50 text-red-800" },
  misattributed: { label: "Misattributed", className: "border-red-200 bg-red-50 text-red-800" },
  unsourced: { label: "No source", className: "border-slate-200 bg-slate-50 text-slate-700" },
  expired: { label: "Expired fact", className: "border-yellow-200 bg-yellow-50 text-yellow-800" },
};

/** Every claim in the content and the approved fact (or reference data) it is bound to. */
export function ClaimSources({ claims }: { claims: QualityClaim[] }) {
  if (claims.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        The content makes no figure or claim that needs a source.
      </p>
    );
  }
  return (
    <ol aria-label="Claims and sources" className="space-y-3 text-sm">
      {claims.map((claim, i) => (
        <li key={i} className="space-y-1">
          <div className="flex flex-wrap items-start gap-2">
            <span className="min-w-0 flex-1 font-medium break-words text-slate-900">
              {claim.text}
            </span>
            <span
              className={cn(
                "shrink-0 rounded-full border px-2 py-0.5 text-xs font-medium",
                STATUS[claim.status].className,
              )}
            >
              {STATUS[claim.status].label}
            </span>
          </div>
          <p className="text-xs break-words text-slate-500">
            {claim.status === "misattributed"
              ? `Borrows the figure of: ${claim.source ?? ""} — but says something else.`
              : claim.source
                ? `Source: ${claim.source}`
                : claim.status === "unsourced"
                  ? "A figure with no approved fact behind it: give its source, or add it to the Proof Library."
                  : "No approved fact supports this claim: remove it or replace it with one from the Proof Library."}
          </p>
        </li>
      ))}
    </ol>
  );
}
