import type {
  ContentSectionId,
  OptimizeContentBody,
  OptimizeContentResult,
  QualityReport,
  QualityFinding,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import type { SessionUser } from "../../plugins/access";
import { getWriter } from "../ai/ai-provider.service";
import type { WriterLogger } from "../ai/llm-writer";
import type { DraftContent, Writer } from "../ai/writer";
import { authorizeItemAction } from "./content.policy";
import { briefContextOf, draftOf, loadItem } from "./content.service";
import { consumeGenerationBudget } from "./generation-limit";
import {
  addedUnsupportedClaims,
  critiqueOf,
  incompleteOutputError,
  isComplete,
  pipelineSignal,
  scoreDraft,
  writeRefinement,
  type PipelineRun,
} from "./pipeline";
import { toAppError } from "./writer-errors";
import {
  combineWithReview,
  reviewTargetOf,
  reviewTimeoutWithin,
  runEditorReview,
  storedReviewOf,
} from "./editor-review";
import { getGenerationSettings } from "./generation-settings.service";
import { modelCallerOf } from "../ai/llm-writer";

const SECTIONS: ContentSectionId[] = ["headline", "introduction", "body", "conclusion"];

/**
 * One refinement round with the current critique (and the primary keyword, when given). A
 * round that adds a claim no approved fact supports is rejected: the candidate is the
 * unchanged draft and the claims are listed.
 * Nothing is saved: the user keeps the candidate with PUT /api/content/:id or drops it.
 */
export async function optimizeContentItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: OptimizeContentBody,
  clientSignal: AbortSignal,
  log?: WriterLogger,
): Promise<OptimizeContentResult> {
  const row = await loadItem(ctx, id);
  authorizeItemAction(actor, "optimize", row);
  const keyword = input.primaryKeyword?.trim() || undefined;
  const [{ brief, reference }, writer] = await Promise.all([
    briefContextOf(ctx, row, keyword),
    getWriter(ctx, { log }),
  ]);
  await consumeGenerationBudget(ctx, actor, writer);
  const current = draftOf(row);
  const before = scoreDraft(reference, brief, current);
  const extra: QualityFinding[] = keyword ? [{ code: "use_primary_keyword", keyword }] : [];
  const { signal, explain } = pipelineSignal(clientSignal);
  const run: PipelineRun = {
    ctx,
    writer,
    brief,
    reference,
    signal,
    usage: { inputTokens: 0, outputTokens: 0 },
  };
  let candidate: DraftContent;
  try {
    candidate = await writeRefinement(run, current, critiqueOf(before, extra), 1);
    if (!isComplete(candidate)) throw incompleteOutputError();
  } catch (error) {
    throw toAppError(explain(error));
  }
  let after = scoreDraft(reference, brief, candidate);
  // Optimize may remove unsupported claims or swap in approved facts, never add new ones.
  const rejectedClaims = addedUnsupportedClaims(before, after);
  // The stored report's review read the current text: it is combined into `before` again (no
  // second call) while the review is on, and the candidate gets a review of its own.
  const { editorReview } = await getGenerationSettings(ctx.db);
  const caller = modelCallerOf(writer);
  const stored = storedReviewOf(row.quality_report);
  const reviewedBefore =
    editorReview && caller && stored?.status === "done"
      ? combineWithReview(before, stored)
      : before;
  if (rejectedClaims.length > 0) {
    candidate = current;
    after = reviewedBefore;
  } else {
    const review = await runEditorReview({
      enabled: editorReview,
      caller,
      target: reviewTargetOf(brief),
      piece: candidate,
      signal: clientSignal,
      timeoutMs: reviewTimeoutWithin(ctx),
      log,
    });
    after = combineWithReview(after, review);
  }
  const sections = {
    headline: candidate.headline,
    introduction: candidate.introduction,
    body: candidate.body,
    conclusion: candidate.conclusion,
  };
  const diff = SECTIONS.filter((s) => current[s] !== sections[s]).map((section) => ({
    section,
    before: current[section],
    after: sections[section],
  }));
  return {
    candidate: sections,
    before: reviewedBefore,
    after,
    rejectedClaims,
    diff,
    note: unchangedNote(diff.length, reviewedBefore, writer),
  };
}

/** Why an Optimize run changed nothing, in words the user can act on; null when it changed something. */
function unchangedNote(changed: number, before: QualityReport, writer: Writer): string | null {
  if (changed > 0) return null;
  if (before.overall >= 1) return "Nothing changed: the draft already meets every check.";
  return writer.provider === "builtin"
    ? "Nothing changed: the template writer has already added every section it has for this topic, and the remaining findings need rewording it cannot do offline. Edit the text yourself, or choose an AI provider in Settings."
    : `Nothing changed: ${writer.label} returned the same text. Try again, or edit the text yourself.`;
}
