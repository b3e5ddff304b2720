import {
  isOutlineBody,
  type GenerationEvent,
  type QualityFinding,
  type QualityReport,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { sanitizeBody, toPlainText } from "../../lib/html";
import {
  WriterError,
  type ContentBrief,
  type DraftContent,
  type Writer,
  type WriterUsage,
} from "../ai/writer";
import { scoreWithReference, type QualityReference } from "../quality/quality.service";
import { buildDraftPrompt, buildRefinePrompt } from "./prompt";
import { judgeRefinement } from "./refinement-check";
import { DraftContentSchema, MAX_OUTPUT_TOKENS } from "./schemas";

/** Our own deadline for a whole generation (draft and refinements), below the socket idle timeout. */
export const GENERATION_DEADLINE_MS = 110_000;

/** Most refinement rounds after the first draft. */
export const MAX_REFINEMENT_ROUNDS = 2;

/** The state shared by the calls of one pipeline run. */
export interface PipelineRun {
  ctx: AppContext;
  writer: Writer;
  brief: ContentBrief;
  /** What drafts are scored against, loaded once with the brief (banned phrases included). */
  reference: QualityReference;
  /** Aborted when the client leaves or the deadline passes. */
  signal: AbortSignal;
  /** Progress for the live view (stream endpoint). */
  onEvent?: (event: GenerationEvent) => void;
  /** Token usage added up over every call. */
  usage: WriterUsage;
  /**
   * Put first in the system prompt (a campaign kit's language instruction and glossary): it
   * comes before every other rule.
   */
  preamble?: string;
}

/** The prompt with the run's preamble first. */
function withPreamble(run: PipelineRun, prompt: { system: string; user: string }) {
  return run.preamble ? { ...prompt, system: `${run.preamble}\n\n${prompt.system}` } : prompt;
}

/**
 * An AbortSignal that fires when the client goes away or our deadline passes, and a function
 * that turns the writer's failure into the right message for whichever happened.
 */
export function pipelineSignal(
  client: AbortSignal,
  deadlineMs = GENERATION_DEADLINE_MS,
): { signal: AbortSignal; explain: (error: unknown) => unknown } {
  const deadline = AbortSignal.timeout(deadlineMs);
  const signal = AbortSignal.any([client, deadline]);
  const explain = (error: unknown) => {
    if (client.aborted) return new WriterError("cancelled", "Generation was cancelled.");
    if (deadline.aborted && !(error instanceof AppError)) {
      return new WriterError(
        "timeout",
        `The AI provider did not finish within ${Math.round(deadlineMs / 1000)} seconds. Please try again.`,
      );
    }
    return error;
  };
  return { signal, explain };
}

// The stored-text sanitisers live with the shared allow-list (the library's saves use them too).
export { sanitizeBody, toPlainText } from "../../lib/html";

/**
 * What is stored, whatever the model wrote: the body through {@link sanitizeBody}, every other
 * section as plain text.
 */
export function sanitizeDraft(draft: DraftContent): DraftContent {
  return {
    headline: toPlainText(draft.headline),
    introduction: toPlainText(draft.introduction),
    body: sanitizeBody(draft.body),
    conclusion: toPlainText(draft.conclusion),
    imagePrompt: toPlainText(draft.imagePrompt),
  };
}

function addUsage(run: PipelineRun, usage: WriterUsage) {
  run.usage.inputTokens += usage.inputTokens;
  run.usage.outputTokens += usage.outputTokens;
}

/** Whether two drafts have the same four sections. */
export function sameText(a: DraftContent, b: DraftContent): boolean {
  return (
    a.headline === b.headline &&
    a.introduction === b.introduction &&
    a.body === b.body &&
    a.conclusion === b.conclusion
  );
}

/** Whether every required section survived sanitising. */
export function isComplete(draft: DraftContent): boolean {
  return Boolean(draft.headline && draft.introduction && draft.body && draft.conclusion);
}

/** The failure when sanitising left a required section empty. */
export const incompleteOutputError = () =>
  new WriterError(
    "bad_output",
    "The AI provider returned content in an unexpected format. Please try again.",
  );

/** The first draft, sanitised. */
export async function writeDraft(run: PipelineRun): Promise<DraftContent> {
  run.onEvent?.({ type: "stage", stage: "drafting" });
  const { object, usage } = await run.writer.write({
    task: { kind: "draft", brief: run.brief },
    prompt: withPreamble(run, buildDraftPrompt(run.brief, run.reference.bannedPhrases)),
    schema: DraftContentSchema,
    maxOutputTokens: MAX_OUTPUT_TOKENS.draft,
    signal: run.signal,
    onDelta: run.onEvent ? (text) => run.onEvent?.({ type: "delta", text }) : undefined,
  });
  addUsage(run, usage);
  const draft = sanitizeDraft(object);
  if (!isComplete(draft)) throw incompleteOutputError();
  return draft;
}

/** One refinement round from `draft` with the critique, sanitised. */
export async function writeRefinement(
  run: PipelineRun,
  draft: DraftContent,
  critique: QualityFinding[],
  round: number,
): Promise<DraftContent> {
  run.onEvent?.({ type: "stage", stage: "refining", round });
  const { object, usage } = await run.writer.write({
    task: { kind: "refine", brief: run.brief, draft, critique, round },
    prompt: buildRefinePrompt(run.brief, run.reference.bannedPhrases, draft, critique, round),
    schema: DraftContentSchema,
    maxOutputTokens: MAX_OUTPUT_TOKENS.refine,
    signal: run.signal,
    onDelta: run.onEvent ? (text) => run.onEvent?.({ type: "delta", text }) : undefined,
  });
  addUsage(run, usage);
  return sanitizeDraft(object);
}

/** The deterministic quality report of a draft for this brief (no I/O: the reference is loaded). */
export function scoreDraft(
  reference: QualityReference,
  brief: ContentBrief,
  draft: DraftContent,
): QualityReport {
  return scoreWithReference(
    {
      headline: draft.headline,
      introduction: draft.introduction,
      body: draft.body,
      conclusion: draft.conclusion,
      buyingStage: brief.buyingStage,
      contentType: brief.contentType,
      keyMetricsToInclude: brief.keyMetrics,
      contentTopic: brief.topic,
    },
    reference,
  );
}

/** Most findings handed to a refinement. */
const CRITIQUE_MAX = 12;

/**
 * The critique of a report for the writer, as findings (data): `extra` first, then the gate
 * findings and the report's top findings, then every other claim or banned-phrase finding.
 */
export function critiqueOf(report: QualityReport, extra: QualityFinding[] = []): QualityFinding[] {
  const all = [
    ...extra,
    ...report.findings,
    ...report.criteria.flatMap((c) =>
      c.findings.filter(
        (f) =>
          f.code === "unsupported_claim" ||
          f.code === "contradicted_claim" ||
          f.code === "banned_phrase",
      ),
    ),
  ];
  const seen = new Set<string>();
  const out: QualityFinding[] = [];
  for (const f of all) {
    const key = JSON.stringify(f);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  if (out.length === 0) out.push(...report.criteria.flatMap((c) => c.findings));
  return out.slice(0, CRITIQUE_MAX);
}

export interface RefinedResult {
  draft: DraftContent;
  report: QualityReport;
  before: number;
  rounds: number;
}

/**
 * Scores the draft and, when asked and the first score is below `autoRefineThreshold` (or a
 * gate finding caps it), refines it with the critique: at most two rounds, each from the best
 * draft so far. A round is kept only when it makes the text better (`judgeRefinement`: a finding
 * removed, none added, no boilerplate appended, no lower score); the first round that changes
 * nothing or is refused ends the loop, as does meeting `qualityThreshold`. An outline is never
 * refined: it is capped by design, and refining it would only loop.
 */
export async function checkAndRefine(
  run: PipelineRun,
  first: DraftContent,
  options: { autoRefine: boolean; autoRefineThreshold: number; qualityThreshold: number },
): Promise<RefinedResult> {
  run.onEvent?.({ type: "stage", stage: "checking" });
  const firstReport = scoreDraft(run.reference, run.brief, first);
  let best = { draft: first, report: firstReport };
  let rounds = 0;
  // A gate finding (an invented claim, off-topic copy, …) keeps a draft below the standard
  // whatever its score, so it is refined even above the auto-refine threshold.
  const weak = firstReport.overall < options.autoRefineThreshold || firstReport.cappedBy.length > 0;
  if (options.autoRefine && weak && !isOutlineBody(first.body)) {
    for (let round = 1; round <= MAX_REFINEMENT_ROUNDS; round++) {
      const refined = await writeRefinement(run, best.draft, critiqueOf(best.report), round);
      rounds = round;
      // A round whose answer lost a section to sanitising is simply not kept.
      if (!isComplete(refined)) continue;
      run.onEvent?.({ type: "stage", stage: "checking", round });
      const report = scoreDraft(run.reference, run.brief, refined);
      const verdict = judgeRefinement({
        brief: run.brief,
        draft: best.draft,
        before: best.report,
        candidate: refined,
        after: report,
      });
      if (!verdict.keep) {
        // The built-in writer is deterministic, and an unchanged answer says the same: another
        // round from the same draft would repeat this one, so nothing honest is left to improve.
        if (run.writer.provider === "builtin" || sameText(refined, best.draft)) break;
        continue;
      }
      best = { draft: refined, report };
      if (best.report.overall > options.qualityThreshold) break;
    }
  }
  return { ...best, before: firstReport.overall, rounds };
}
