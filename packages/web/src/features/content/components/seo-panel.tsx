import { charLength, META_DESCRIPTION_MAX, type ContentSections } from "@content-studio/contract";
import { CheckCircle2, XCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { TextField } from "../../../components/ui/field";
import { LoadingText, Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useSeoAnalysis } from "../api/analyze-seo";
import { CopyButton } from "./copy-button";

interface SeoPanelProps {
  /** Names the content and its revision (the analysis is cached per key and keyword). */
  contentKey: string;
  content: ContentSections;
  topic: string;
  /** The chosen primary keyword; "" derives one from the topic. */
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  /** Keywords from the intent data, offered as one-click choices. */
  intentKeywords: string[];
}

/** Keyword placement, density, a meta description and the readability grade. */
export function SeoPanel(props: SeoPanelProps) {
  const { keyword, onKeywordChange } = props;
  const [draft, setDraft] = useState(keyword);
  const analysis = useSeoAnalysis(props.contentKey, {
    ...props.content,
    topic: props.topic,
    ...(keyword ? { primaryKeyword: keyword } : {}),
  });

  const choose = (next: string) => {
    setDraft(next);
    onKeywordChange(next);
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    choose(draft.trim());
  };

  const result = analysis.data;
  return (
    <Card title="SEO" description="How well the content targets its primary keyword.">
      <form aria-label="SEO keyword" onSubmit={handleSubmit} className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label="Primary keyword"
            value={draft}
            maxLength={100}
            placeholder="Derived from the topic"
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          Analyze
        </Button>
      </form>
      {props.intentKeywords.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <span className="text-xs text-slate-500">Intent keywords:</span>
          {props.intentKeywords.map((k) => (
            <button
              key={k}
              type="button"
              aria-pressed={keyword === k}
              onClick={() => choose(keyword === k ? "" : k)}
              className={cn(
                "rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset",
                keyword === k
                  ? "bg-primary text-primary-foreground ring-primary"
                  : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
              )}
            >
              {k}
            </button>
          ))}
        </div>
      ) : null}

      <div className="mt-5" aria-busy={analysis.isFetching}>
        {analysis.isError ? (
          <Alert>{analysis.error.message}</Alert>
        ) : !result ? (
          <LoadingText role="status">Analyzing...</LoadingText>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              Keyword: <span className="font-semibold text-slate-900">{result.keyword}</span>
              {analysis.isFetching ? <Spinner className="ml-2 size-3 align-middle" /> : null}
            </p>
            <ul aria-label="Keyword placement" className="space-y-1.5 text-sm">
              <Check label="In headline" ok={result.inHeadline} />
              <Check label="In introduction" ok={result.inIntroduction} />
              <Check
                label={`In subheadings (${result.inSubheadings.count} of ${result.inSubheadings.total})`}
                ok={result.inSubheadings.count > 0}
              />
            </ul>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div className="rounded-md bg-slate-50 px-3 py-2">
                <dt className="text-xs text-slate-500">Keyword density</dt>
                <dd className="font-semibold text-slate-900">{result.density.toFixed(1)}%</dd>
              </div>
              <div className="rounded-md bg-slate-50 px-3 py-2">
                <dt className="text-xs text-slate-500">Readability grade</dt>
                <dd className="font-semibold text-slate-900">
                  {result.readabilityGrade.toFixed(1)}
                </dd>
              </div>
            </dl>
            <div>
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-medium text-slate-700">Suggested meta description</h3>
                <CopyButton text={result.suggestedMetaDescription} label="Copy meta description" />
              </div>
              <p className="mt-1.5 rounded-md border border-slate-200 p-3 text-sm text-slate-700">
                {result.suggestedMetaDescription}
              </p>
              <p className="mt-1 text-right text-xs text-slate-500 tabular-nums">
                {charLength(result.suggestedMetaDescription)} / {META_DESCRIPTION_MAX}
              </p>
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}

function Check({ label, ok }: { label: string; ok: boolean }) {
  return (
    <li className="flex items-center gap-2">
      {ok ? (
        <CheckCircle2 aria-hidden="true" className="size-4 text-green-600" />
      ) : (
        <XCircle aria-hidden="true" className="size-4 text-red-500" />
      )}
      <span className="text-slate-700">{label}</span>
      <span className="sr-only">{ok ? "yes" : "no"}</span>
    </li>
  );
}
