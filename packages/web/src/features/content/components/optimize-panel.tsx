import {
  improvement,
  qualityBand,
  type ContentSectionId,
  type ContentSections,
  type GeneratedContent,
  type OptimizeContentResult,
} from "@content-studio/contract";
import { ArrowRight, BookmarkPlus, Wand2 } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { BusyIcon, Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useOptimizeContent } from "../api/optimize-content";
import { useUpdateContent } from "../api/update-content";
import { keptResult } from "../utils/kept-result";
import { BAND_CLASSES, formatImprovement, formatScore } from "../utils/quality";
import { ClaimSources } from "./claim-sources";
import { ContentView, RichText } from "./content-view";
import { EditorReviewSection } from "./editor-review";
import { NearestExamples } from "./nearest-examples";
import { QualityCriteria } from "./quality-criteria";
import { QualitySummary } from "./quality-summary";
import { SaveAsExampleDialog } from "./save-as-example-dialog";
import { ScoreBar } from "./score-bar";
import { SeoPanel } from "./seo-panel";

const SECTION_LABELS: Record<ContentSectionId, string> = {
  headline: "Headline",
  introduction: "Introduction",
  body: "Body",
  conclusion: "Conclusion",
};

export interface OptimizePanelProps {
  result: GeneratedContent;
  /** Bumped whenever the content changes (a kept optimisation). */
  revision: number;
  /** The organisation's quality threshold, for results without a quality check. */
  threshold: number;
  /** Keyword chosen when generating ("" for none). */
  initialKeyword: string;
  intentKeywords: string[];
  onKept: (result: GeneratedContent) => void;
}

/** The Optimize tab: quality check, a refinement round to keep or discard, SEO, the content. */
export function OptimizePanel(props: OptimizePanelProps) {
  const { result } = props;
  const [keyword, setKeyword] = useState(props.initialKeyword);
  const [savingAsExample, setSavingAsExample] = useState(false);
  const optimize = useOptimizeContent();
  const update = useUpdateContent();
  const check = result.qualityCheck;
  const report = check?.report;
  const id = result.contentItemId;

  const runOptimize = () => {
    update.reset();
    optimize.mutate({ id, data: keyword ? { primaryKeyword: keyword } : {} });
  };
  const keep = (optimized: OptimizeContentResult) =>
    update.mutate(
      { id, data: optimized.candidate },
      {
        onSuccess: (saved) => {
          props.onKept(keptResult(result, optimized, saved, props.threshold));
          optimize.reset();
        },
      },
    );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <Card
          title="Quality Check"
          actions={
            <div className="flex flex-wrap gap-2">
              {result.can.saveAsExample ? (
                <Button variant="secondary" onClick={() => setSavingAsExample(true)}>
                  <BookmarkPlus aria-hidden="true" className="size-4" />
                  Save as example
                </Button>
              ) : null}
              <Button
                onClick={runOptimize}
                disabled={!result.can.optimize || optimize.isPending || update.isPending}
              >
                <BusyIcon busy={optimize.isPending} icon={Wand2} />
                {optimize.isPending ? "Optimizing..." : "Optimize Content"}
              </Button>
            </div>
          }
        >
          {check ? (
            <QualitySummary
              {...check}
              heldBy={report ? report.findings.filter((f) => report.cappedBy.includes(f.code)) : []}
            />
          ) : (
            <p className="text-sm text-slate-600">
              The quality check was off for this content. Optimize it to score it against the
              quality criteria and the benchmark examples.
            </p>
          )}
          {report?.review?.status === "off" ? (
            <div className="mt-4">
              <EditorReviewSection review={report.review} deterministic={report.deterministic} />
            </div>
          ) : null}
          {optimize.isError ? <Alert className="mt-4">{optimize.error.message}</Alert> : null}
        </Card>

        {report?.review && report.review.status !== "off" ? (
          <Card
            title="Editor's review"
            description="The AI model's reading against an editor's rubric, with the passages it quotes."
          >
            <EditorReviewSection review={report.review} deterministic={report.deterministic} />
          </Card>
        ) : null}

        {savingAsExample ? (
          <SaveAsExampleDialog
            contentItemId={id}
            defaultTitle={result.content.headline}
            onClose={() => setSavingAsExample(false)}
          />
        ) : null}

        {optimize.data ? (
          <OptimizeReview
            optimized={optimize.data}
            saving={update.isPending}
            error={update.error?.message}
            onKeep={() => optimize.data && keep(optimize.data)}
            onDiscard={() => {
              optimize.reset();
              update.reset();
            }}
          />
        ) : null}

        <Card>
          <ContentView content={result.content} />
        </Card>
      </div>

      <div className="space-y-6">
        {report ? (
          <>
            <Card title="Quality criteria" description="Open a criterion for what to change.">
              <QualityCriteria criteria={report.criteria} />
            </Card>
            <Card
              title="Claims and sources"
              description="Each claim and the approved fact it is bound to."
            >
              <ClaimSources claims={report.claims} />
            </Card>
            <Card title="Nearest examples" description="Similarity to the benchmark examples.">
              <NearestExamples examples={report.nearestExamples} />
            </Card>
          </>
        ) : null}
        {isFullArticle(result.content) ? (
          <SeoPanel
            contentKey={`${id}:${props.revision}`}
            content={result.content}
            topic={result.metadata.contentTopic}
            keyword={keyword}
            onKeywordChange={setKeyword}
            intentKeywords={props.intentKeywords}
          />
        ) : (
          <Card title="SEO" description="How well the content targets its primary keyword.">
            <p className="text-sm text-slate-600">
              SEO analysis applies to articles with a headline, introduction, body and conclusion.
              This asset is a short one (a post, subject lines or a blurb).
            </p>
          </Card>
        )}
      </div>
    </div>
  );
}

function OptimizeReview({
  optimized,
  saving,
  error,
  onKeep,
  onDiscard,
}: {
  optimized: OptimizeContentResult;
  saving: boolean;
  error: string | undefined;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const before = optimized.before.overall;
  const after = optimized.after.overall;
  return (
    <Card
      title="Optimization"
      description="One refinement round. Keep it to save the new text, or discard it."
      className="ring-2 ring-primary/20"
    >
      <div className="grid grid-cols-1 items-center gap-4 sm:grid-cols-[1fr_auto_1fr]">
        <Score label="Before" score={before} />
        <ArrowRight aria-hidden="true" className="mx-auto size-5 text-slate-400" />
        <Score label="After" score={after} />
      </div>
      <p className="mt-3 text-sm text-slate-700">
        Change: <span className="font-medium">{formatImprovement(improvement(before, after))}</span>
      </p>

      {optimized.rejectedClaims && optimized.rejectedClaims.length > 0 ? (
        <Alert tone="info" className="mt-4">
          The refinement was not kept: it added claims no approved fact supports (
          {optimized.rejectedClaims.map((c) => `'${c.text}'`).join(", ")}).
        </Alert>
      ) : null}
      <div className="mt-5 space-y-4">
        {optimized.diff.length === 0 ? (
          <p className="text-sm text-slate-500">{optimized.note ?? "No section changed."}</p>
        ) : (
          optimized.diff.map((change) => (
            <section
              key={change.section}
              aria-label={`Changes to ${SECTION_LABELS[change.section]}`}
            >
              <h3 className="text-sm font-semibold text-slate-900">
                {SECTION_LABELS[change.section]}
              </h3>
              <div className="mt-2 grid grid-cols-1 gap-3 md:grid-cols-2">
                <DiffSide kind="before" section={change.section} text={change.before} />
                <DiffSide kind="after" section={change.section} text={change.after} />
              </div>
            </section>
          ))
        )}
      </div>

      {error ? <Alert className="mt-4">{error}</Alert> : null}
      <div className="mt-5 flex gap-3">
        {optimized.diff.length > 0 ? (
          <>
            <Button onClick={onKeep} disabled={saving}>
              {saving ? <Spinner className="size-4" /> : null}
              {saving ? "Saving..." : "Keep changes"}
            </Button>
            <Button variant="secondary" onClick={onDiscard} disabled={saving}>
              Discard
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onDiscard}>
            Close
          </Button>
        )}
      </div>
    </Card>
  );
}

function Score({ label, score }: { label: string; score: number }) {
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <span className="text-sm text-slate-500">{label}</span>
        <span className={cn("text-lg font-semibold", BAND_CLASSES[qualityBand(score)].text)}>
          {formatScore(score)}
        </span>
      </div>
      <div className="mt-1.5">
        <ScoreBar label={`${label} score`} score={score} />
      </div>
    </div>
  );
}

function DiffSide({
  kind,
  section,
  text,
}: {
  kind: "before" | "after";
  section: ContentSectionId;
  text: string;
}) {
  return (
    <div
      className={cn(
        "max-h-72 overflow-y-auto rounded-md border p-3",
        kind === "before" ? "border-red-200 bg-red-50/40" : "border-green-200 bg-green-50/40",
      )}
    >
      <p
        className={cn(
          "mb-1 text-xs font-medium uppercase",
          kind === "before" ? "text-red-700" : "text-green-700",
        )}
      >
        {kind === "before" ? "Before" : "After"}
      </p>
      {section === "body" ? (
        <RichText html={text} />
      ) : (
        <p className="text-sm whitespace-pre-line text-slate-700">{text}</p>
      )}
    </div>
  );
}

/** Whether every section has text (short kit assets have no introduction or conclusion). */
function isFullArticle(content: ContentSections): boolean {
  return [content.headline, content.introduction, content.body, content.conclusion].every(
    (section) => section.trim() !== "",
  );
}
