import {
  isOutlineBody,
  type ContentSectionId,
  type OptimizeContentBody,
  type OptimizeContentResult,
  type QualityFinding,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import type { SessionUser } from "../../plugins/access";
import { getWriter } from "../ai/ai-provider.service";
import type { WriterLogger } from "../ai/llm-writer";
import type { DraftContent, Writer } from "../ai/writer";
import { briefContextOf, draftOf, loadItemFor } from "./content.service";
import { consumeGenerationBudget } from "./generation-limit";
import {
  critiqueOf,
  incompleteOutputError,
  isComplete,
  pipelineSignal,
  sameText,
  scoreDraft,
  writeRefinement,
  type PipelineRun,
} from "./pipeline";
import {
  addedUnsupportedClaims,
  judgeRefinement,
  type RefinementVerdict,
} from "./refinement-check";
import { toAppError } from "./writer-errors";
import {
  combineWithReview,
  reviewTargetOf,
  reviewTimeoutWithin,
  runEditorReview,
  storedReviewOf,
} from "./editor-review";
import { getGenerationSettings } from "../settings/generation-settings";
import { modelCallerOf } from "../ai/llm-writer";

const SECTIONS: ContentSectionId[] = ["headline", "introduction", "body", "conclusion"];

/**
 * One refinement round with the current critique (and the primary keyword, when given). The
 * candidate is kept only when it makes the text better (`judgeRefinement`: it removes a
 * finding, adds none, adds no unsupported claim, appends no boilerplate and does not score
 * lower); otherwise the candidate is the unchanged draft and `note` says why. An outline is not
 * sent to the offline writer at all: there is nothing it can honestly add.
 * Nothing is saved: the user keeps the candidate with PUT /api/library/:id or drops it.
 */
export async function optimizeContentItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: OptimizeContentBody,
  clientSignal: AbortSignal,
  log?: WriterLogger,
): Promise<OptimizeContentResult> {
  const row = await loadItemFor(ctx, actor, "optimize", id);
  const keyword = input.primaryKeyword?.trim() || undefined;
  const [{ brief, reference }, writer] = await Promise.all([
    briefContextOf(ctx, row, keyword),
    getWriter(ctx, { log }),
  ]);
  const current = draftOf(row);
  const before = scoreDraft(reference, brief, current);
  const sectionsOf = (d: DraftContent) => ({
    headline: d.headline,
    introduction: d.introduction,
    body: d.body,
    conclusion: d.conclusion,
  });
  if (writer.provider === "builtin" && isOutlineBody(current.body)) {
    return {
      candidate: sectionsOf(current),
      before,
      after: before,
      rejectedClaims: [],
      diff: [],
      note: OUTLINE_NOTE,
    };
  }
  await consumeGenerationBudget(ctx, actor, writer);
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
  const verdict = judgeRefinement({
    brief,
    draft: current,
    before,
    candidate,
    after,
    requested: extra,
  });
  const proposed = !sameText(candidate, current);
  if (!verdict.keep) {
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
  const sections = sectionsOf(candidate);
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
    note: diff.length > 0 ? null : unchangedNote(verdict, proposed, reviewedBefore.overall, writer),
  };
}

const OUTLINE_NOTE =
  "Nothing changed: this is an outline from the offline outline writer, and it stays one. Write the sections out yourself, or connect an AI provider in Settings for a written draft.";

const REFUSALS: Record<Exclude<RefinementVerdict, { keep: true }>["reason"], string> = {
  no_finding_removed: "it removed none of the problems the check found",
  finding_added: "it added a problem the draft did not have",
  claim_added: "it added a claim no approved fact supports",
  boilerplate_appended:
    "it appended boilerplate (reference data or a list of facts) instead of improving the text",
  fact_out_of_place: "it put an approved fact into a passage about something else",
  lower_score: "it scored lower than the draft",
};

/** Why an Optimize run changed nothing, in words the user can act on. */
function unchangedNote(
  verdict: RefinementVerdict,
  proposed: boolean,
  overall: number,
  writer: Writer,
): string {
  if (overall >= 1) return "Nothing changed: the draft already meets every check.";
  if (writer.provider === "builtin" && !proposed) {
    return "Nothing changed: there is nothing the offline outline writer can honestly improve here. It only removes or repairs what the check names (banned phrases, unsupported claims, repeated text), and this draft has none of that left. Edit the text yourself, or connect an AI provider in Settings.";
  }
  if (!proposed) {
    return `Nothing changed: ${writer.label} returned the same text. Try again, or edit the text yourself.`;
  }
  const reason = verdict.keep ? REFUSALS.no_finding_removed : REFUSALS[verdict.reason];
  if (writer.provider === "builtin") {
    return `Nothing changed: the outline writer's repair was not kept because ${reason}. Edit the text yourself, or connect an AI provider in Settings.`;
  }
  return `Nothing changed: ${writer.label}'s revision was not kept because ${reason}. Try again, or edit the text yourself.`;
}
