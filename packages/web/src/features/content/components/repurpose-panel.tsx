import {
  charLength,
  REPURPOSE_LIMITS,
  xLength,
  type ContentVariations,
} from "@content-studio/contract";
import { RefreshCw, Share2 } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useRepurposeContent } from "../api/repurpose-content";
import { CopyButton } from "./copy-button";

/** The Repurpose tab: channel variations with live counters, copy buttons and regeneration. */
export function RepurposePanel({
  contentItemId,
  canRepurpose,
  saved = null,
}: {
  contentItemId: string;
  /** The item's `can.repurpose` from the server. */
  canRepurpose: boolean;
  /** The set saved with the item, shown until a new one is made. */
  saved?: ContentVariations | null;
}) {
  const repurpose = useRepurposeContent();
  const variations = repurpose.data ?? saved;
  const generate = () => repurpose.mutate({ id: contentItemId, data: {} });

  return (
    <div className="space-y-6">
      <Card
        title="Repurpose"
        description="Social and email versions of the content, within each channel's limit. Each set is saved with the content."
        actions={
          <Button onClick={generate} disabled={!canRepurpose || repurpose.isPending}>
            {repurpose.isPending ? (
              <Spinner className="size-4" />
            ) : variations ? (
              <RefreshCw aria-hidden="true" className="size-4" />
            ) : (
              <Share2 aria-hidden="true" className="size-4" />
            )}
            {repurpose.isPending
              ? "Writing Variations..."
              : variations
                ? "Regenerate Variations"
                : "Generate Variations"}
          </Button>
        }
      >
        {repurpose.isError ? <Alert>{repurpose.error.message}</Alert> : null}
        {variations ? (
          <p className="text-sm text-slate-500">
            Variation {variations.variation}, saved with the content. Edits below are for copying.
          </p>
        ) : (
          <p className="text-sm text-slate-500">
            Write a LinkedIn post, an X post, three email subject lines and a newsletter blurb from
            this content.
          </p>
        )}
      </Card>
      {variations ? (
        <VariationEditor
          key={`${variations.variation}:${variations.createdAt}`}
          variations={variations}
        />
      ) : null}
    </div>
  );
}

function VariationEditor({ variations }: { variations: ContentVariations }) {
  /** A channel's generated text, which its field starts from, and that channel's limit. */
  const channel = (name: "linkedin" | "x" | "newsletter") => ({
    initial: variations[name],
    limit: REPURPOSE_LIMITS[name],
  });
  const subjects = Array.from(
    { length: REPURPOSE_LIMITS.emailSubjects },
    (_, i) => variations.emailSubjects[i] ?? "",
  );

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <Panel>
        <LimitedText label="LinkedIn post" {...channel("linkedin")} rows={12} />
      </Panel>
      <div className="space-y-6">
        <Panel>
          <LimitedText
            label="X post"
            {...channel("x")}
            count={xLength}
            hint={`Each link counts as ${REPURPOSE_LIMITS.xUrlLength} characters.`}
            rows={4}
          />
        </Panel>
        <Panel>
          <fieldset className="space-y-4">
            <legend className="text-sm font-semibold text-slate-900">Email subject lines</legend>
            {subjects.map((subject, index) => (
              <LimitedText
                key={index}
                label={`Email subject ${index + 1}`}
                initial={subject}
                limit={REPURPOSE_LIMITS.emailSubject}
                singleLine
              />
            ))}
          </fieldset>
        </Panel>
      </div>
      <Panel className="lg:col-span-2">
        <LimitedText label="Newsletter blurb" {...channel("newsletter")} rows={5} />
      </Panel>
    </div>
  );
}

function Panel({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn("rounded-xl border border-slate-200 bg-white p-5 shadow-sm", className)}>
      {children}
    </div>
  );
}

interface LimitedTextProps {
  label: string;
  /** The text the field starts with; the field keeps the edits. */
  initial: string;
  limit: number;
  /** How the channel counts characters; plain characters by default. */
  count?: (text: string) => number;
  hint?: string;
  rows?: number;
  singleLine?: boolean;
}

/** Editable text with a live counter that turns red over the limit; over-limit text cannot be copied. */
function LimitedText({
  label,
  initial,
  limit,
  count = charLength,
  hint,
  rows = 3,
  singleLine,
}: LimitedTextProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const length = count(value);
  const over = length > limit;
  const controlClasses = cn(
    "block w-full rounded-md border px-3 py-2 text-sm text-slate-900 shadow-sm outline-none focus-visible:ring-2",
    over
      ? "border-red-400 focus-visible:ring-red-500/30"
      : "border-slate-300 focus-visible:border-primary focus-visible:ring-primary/30",
  );
  const common = {
    id,
    value,
    "aria-invalid": over || undefined,
    "aria-describedby": `${id}-count`,
    className: controlClasses,
  };
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <label
          htmlFor={id}
          className={cn(
            "text-slate-900",
            singleLine ? "text-sm font-medium text-slate-700" : "text-sm font-semibold",
          )}
        >
          {label}
        </label>
        <CopyButton text={value} label={`Copy ${label}`} disabled={over || value.trim() === ""} />
      </div>
      {singleLine ? (
        <input {...common} type="text" onChange={(e) => setValue(e.target.value)} />
      ) : (
        <textarea {...common} rows={rows} onChange={(e) => setValue(e.target.value)} />
      )}
      <div className="flex justify-between gap-2 text-xs">
        <span className="text-slate-500">
          {over ? (
            <span className="text-red-600">
              {length - limit} over the limit: shorten it to copy.
            </span>
          ) : (
            hint
          )}
        </span>
        <span
          id={`${id}-count`}
          data-over={over || undefined}
          className={cn("tabular-nums", over ? "font-semibold text-red-600" : "text-slate-500")}
        >
          {length.toLocaleString("en-US")} / {limit.toLocaleString("en-US")}
        </span>
      </div>
    </div>
  );
}
