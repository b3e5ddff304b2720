import {
  EDITOR_REVIEW_CRITERIA,
  EDITOR_REVIEW_CRITERION_LABELS,
  EDITOR_REVIEW_POOR,
  EDITOR_REVIEW_WEIGHT,
  EditorReviewSchema,
  QUALITY_GATE_CAP,
  type EditorReview,
  type EditorReviewCriterion,
  type QualityFinding,
  type QualityReport,
} from "@content-studio/contract";
import { z } from "zod";
import type { AppContext, EditorReviewRequest } from "../../app-context";
import { DEFAULT_AI_CALL_LIMITS } from "../../config";
import { toPlainText } from "../../lib/html";
import { getWriter } from "../ai/ai-provider.service";
import { modelCallerOf, type WriterLogger } from "../ai/llm-writer";
import { WriterError, type ContentBrief, type ModelCaller } from "../ai/writer";
import { loadAudience } from "./brief";
import { getGenerationSettings } from "../settings/generation-settings";
import { buildReviewPrompt, type ReviewTarget } from "./prompt";

/**
 * The editor's review: the configured AI model reads the piece against a rubric (six criteria,
 * 1–5 each, with short verbatim quotes as evidence) and its score is blended into the
 * deterministic check's. The deterministic gates stay gates; a poor review caps the piece below
 * the standard; a review that fails leaves the deterministic score standing and says so.
 */

/** Output budget of one review (six short criteria). */
const REVIEW_MAX_OUTPUT_TOKENS = 1_500;

const CriterionOutputSchema = z.object({
  score: z.number().int().min(1).max(5),
  evidence: z.array(z.string().max(600)).max(6),
  comment: z.string().max(1_200),
});

/** What the model answers: one entry per rubric criterion. */
export const ReviewOutputSchema = z.object({
  usefulness: CriterionOutputSchema,
  specificity: CriterionOutputSchema,
  argument: CriterionOutputSchema,
  audienceFit: CriterionOutputSchema,
  clarity: CriterionOutputSchema,
  honesty: CriterionOutputSchema,
});
export type ReviewOutput = z.infer<typeof ReviewOutputSchema>;

/** The sections of a piece under review; body is HTML. */
export interface ReviewPiece {
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
}

/** The piece as the model reads it: plain text, block elements on their own lines. */
export function pieceText(piece: ReviewPiece): string {
  const body = toPlainText(
    piece.body.replace(/<\/(p|h[1-6]|li|blockquote|ul|ol)>|<br\s*\/?>/gi, "$&\n"),
  )
    .replace(/\n\s*\n+/g, "\n")
    .trim();
  return [
    `Headline: ${piece.headline}`,
    `Introduction: ${piece.introduction}`,
    `Body:\n${body}`,
    `Conclusion: ${piece.conclusion}`,
  ].join("\n\n");
}

/** Case, look-alike characters, typographic quotes and whitespace do not make a quote differ. */
function normalizeQuote(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * The quotes that occur in the piece (after whitespace normalisation), and how many did not.
 * A quote the model wrapped in quotation marks or ellipses is matched without them.
 */
export function verifyQuotes(
  quotes: readonly string[],
  haystacks: readonly string[],
): { kept: string[]; dropped: number } {
  const texts = haystacks.map(normalizeQuote);
  const kept: string[] = [];
  let dropped = 0;
  for (const quote of quotes) {
    const core = quote
      .trim()
      .replace(/^["'\u2018\u2019\u201C\u201D]+|["'\u2018\u2019\u201C\u201D]+$/g, "")
      .replace(/^(\.\.\.|…)\s*|\s*(\.\.\.|…)$/g, "")
      .trim();
    const needle = normalizeQuote(core);
    if (needle.length >= 3 && texts.some((t) => t.includes(needle))) kept.push(core);
    else dropped += 1;
  }
  return { kept, dropped };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The model's answer as the report's review section (quotes verified against the piece). */
export function presentReview(
  output: ReviewOutput,
  haystacks: readonly string[],
  meta: Pick<EditorReview, "provider" | "model" | "tokens" | "durationMs">,
): EditorReview {
  let droppedQuotes = 0;
  const criteria: EditorReviewCriterion[] = EDITOR_REVIEW_CRITERIA.map((id) => {
    const answer = output[id];
    const { kept, dropped } = verifyQuotes(answer.evidence, haystacks);
    droppedQuotes += dropped;
    return {
      id,
      label: EDITOR_REVIEW_CRITERION_LABELS[id],
      score: round3((answer.score - 1) / 4),
      evidence: kept,
      comment: answer.comment.trim(),
    };
  });
  const score = round3(criteria.reduce((sum, c) => sum + c.score, 0) / criteria.length);
  return { status: "done", ...meta, score, criteria, droppedQuotes, message: null };
}

const NOT_RUN = { score: null, criteria: [], tokens: { input: 0, output: 0 }, droppedQuotes: 0 };

function offReview(message: string): EditorReview {
  return { status: "off", provider: null, model: null, durationMs: 0, ...NOT_RUN, message };
}

function failedReview(caller: ModelCaller, durationMs: number, message: string): EditorReview {
  return {
    status: "failed",
    provider: caller.provider,
    model: caller.model,
    durationMs,
    ...NOT_RUN,
    message,
  };
}

export const REVIEW_OFF_MESSAGE = "The editor's review is switched off in Settings.";
export const REVIEW_NO_MODEL_MESSAGE =
  "The editor's review needs an AI provider; the offline outline writer does not review.";
export const REVIEW_TIMEOUT_MESSAGE = "The AI model did not finish the review in time.";
export const REVIEW_BAD_OUTPUT_MESSAGE =
  "The AI model answered the review in an unexpected format.";

/** Whether the review runs for a check: switched on, and a model (not the offline outline writer). */
export interface ReviewRun {
  enabled: boolean;
  caller: ModelCaller | undefined;
  target: ReviewTarget;
  piece: ReviewPiece;
  /** The caller's own cancellation (the client left). */
  signal?: AbortSignal;
  /** Our deadline for the whole review, retries included. */
  timeoutMs: number;
  log?: WriterLogger;
}

/** Asks the model for the review. Never throws: a failure is a `failed` review with a safe message. */
export async function runEditorReview(run: ReviewRun): Promise<EditorReview> {
  if (!run.enabled) return offReview(REVIEW_OFF_MESSAGE);
  const caller = run.caller;
  if (!caller) return offReview(REVIEW_NO_MODEL_MESSAGE);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (run.timeoutMs <= 0) return failedReview(caller, 0, REVIEW_TIMEOUT_MESSAGE);
  const deadline = AbortSignal.timeout(run.timeoutMs);
  const text = pieceText(run.piece);
  const prompt = buildReviewPrompt(run.target, text);
  try {
    const { object, usage } = await caller.ask({
      prompt,
      schema: ReviewOutputSchema,
      maxOutputTokens: REVIEW_MAX_OUTPUT_TOKENS,
      signal: run.signal ? AbortSignal.any([run.signal, deadline]) : deadline,
    });
    return presentReview(object, [text, prompt.user], {
      provider: caller.provider,
      model: caller.model,
      tokens: { input: usage.inputTokens, output: usage.outputTokens },
      durationMs: elapsed(),
    });
  } catch (error) {
    const message =
      deadline.aborted || (error instanceof WriterError && error.kind === "timeout")
        ? REVIEW_TIMEOUT_MESSAGE
        : error instanceof WriterError
          ? error.kind === "bad_output"
            ? REVIEW_BAD_OUTPUT_MESSAGE
            : error.message
          : "The editor's review could not be completed.";
    if (!(error instanceof WriterError)) {
      run.log?.warn(
        { error: error instanceof Error ? error.name : typeof error },
        "Editor's review failed unexpectedly",
      );
    }
    return failedReview(caller, elapsed(), message);
  }
}

/**
 * The report with the review combined:
 * - not done (off or failed): the deterministic report, with the review section saying why;
 * - a gate capped the deterministic report: it stays capped; the review may lower it, never
 *   raise it (overall = min(capped overall, blend));
 * - otherwise overall = (1 − EDITOR_REVIEW_WEIGHT) × deterministic + EDITOR_REVIEW_WEIGHT ×
 *   review, and a review below EDITOR_REVIEW_POOR caps it below the standard with the finding
 *   `editor_review_low`.
 * `deterministic` keeps the deterministic overall whenever a review was blended in. `base` is
 * a deterministic report (never one already combined).
 */
export function combineWithReview(base: QualityReport, review: EditorReview): QualityReport {
  if (review.status !== "done" || review.score === null) return { ...base, review };
  const score = review.score;
  const blend = (value: number) =>
    round3((1 - EDITOR_REVIEW_WEIGHT) * value + EDITOR_REVIEW_WEIGHT * score);
  const deterministic = base.overall;
  if (base.cappedBy.length > 0) {
    return { ...base, overall: Math.min(base.overall, blend(base.overall)), deterministic, review };
  }
  const overall = blend(base.overall);
  const uncapped = blend(base.uncapped);
  if (score >= EDITOR_REVIEW_POOR) return { ...base, overall, uncapped, deterministic, review };
  const weakest = review.criteria.reduce((low, c) => (c.score < low.score ? c : low));
  const finding: QualityFinding = {
    code: "editor_review_low",
    score,
    threshold: EDITOR_REVIEW_POOR,
    weakest: weakest.label,
  };
  return {
    ...base,
    overall: Math.min(overall, QUALITY_GATE_CAP),
    uncapped,
    deterministic,
    cappedBy: ["editor_review_low"],
    findings: [finding, ...base.findings],
    review,
  };
}

/** Who and what a generated piece is for, as the review prompt names it. */
export function reviewTargetOf(brief: ContentBrief): ReviewTarget {
  return {
    personaTitle: brief.persona.title,
    personaDescription: brief.persona.description,
    industryName: brief.industry.name,
    buyingStage: brief.buyingStage,
    contentType: brief.contentType,
    topic: brief.topic,
  };
}

/** The review inside a stored quality report (a JSON column), when it has a valid one. */
export function storedReviewOf(report: unknown): EditorReview | undefined {
  if (!report || typeof report !== "object") return undefined;
  const parsed = EditorReviewSchema.safeParse((report as { review?: unknown }).review);
  return parsed.success ? parsed.data : undefined;
}

/** The review's deadline inside a larger one: what is left of it, less a margin for the save. */
export function reviewTimeoutWithin(ctx: AppContext, remainingMs = Infinity): number {
  const own = ctx.config.ai.limits.reviewTimeoutMs ?? DEFAULT_AI_CALL_LIMITS.reviewTimeoutMs!;
  return Math.min(own, remainingMs - 3_000);
}

/**
 * The {@link EditorReviewHook} of a one-off check (POST /api/quality-check, library saves and
 * re-checks): reads the switch and the provider, reviews, combines. Never throws.
 */
export async function reviewQualityCheck(
  ctx: AppContext,
  request: EditorReviewRequest,
): Promise<QualityReport> {
  const { input, report } = request;
  try {
    const [settings, writer, audience] = await Promise.all([
      getGenerationSettings(ctx.db),
      getWriter(ctx, { log: request.log }),
      loadAudience(ctx, input.personaId, input.industryId),
    ]);
    const review = await runEditorReview({
      enabled: settings.editorReview,
      caller: modelCallerOf(writer),
      target: {
        personaTitle: audience.persona.title,
        personaDescription: audience.persona.description,
        industryName: audience.industry.name,
        buyingStage: input.buyingStage,
        contentType: input.contentType,
        topic: input.contentTopic ?? "",
      },
      piece: input,
      signal: request.signal,
      timeoutMs: reviewTimeoutWithin(ctx),
      log: request.log,
    });
    return combineWithReview(report, review);
  } catch (error) {
    request.log?.warn(
      { error: error instanceof Error ? error.name : typeof error },
      "Editor's review could not be prepared",
    );
    return {
      ...report,
      review: {
        status: "failed",
        provider: null,
        model: null,
        durationMs: 0,
        ...NOT_RUN,
        message: "The editor's review could not be completed.",
      },
    };
  }
}
