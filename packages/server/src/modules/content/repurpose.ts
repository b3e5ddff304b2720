import type { ContentVariations, RepurposeBody } from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import type { SessionUser } from "../../plugins/access";
import { getWriter } from "../ai/ai-provider.service";
import type { WriterLogger } from "../ai/llm-writer";
import type { RepurposedContent } from "../ai/writer";
import { attachItemAsset } from "../library/library-edit.service";
import { presentContentFields } from "../library/library.presenter";
import { briefOf, draftOf, loadItemFor } from "./content.service";
import { consumeGenerationBudget } from "./generation-limit";
import { enforceRepurposeLimits, repurposeViolations } from "./limits";
import { pipelineSignal } from "./pipeline";
import { buildRepurposePrompt } from "./prompt";
import { MAX_OUTPUT_TOKENS, RepurposedContentSchema } from "./schemas";
import { toAppError } from "./writer-errors";

/**
 * LinkedIn, X, email subjects and a newsletter blurb from the item, within each channel's
 * limit: an over-long answer is regenerated once with the violations named, and whatever is
 * still too long is cut at a sentence boundary. Saved with the item.
 */
export async function repurposeContentItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: RepurposeBody,
  clientSignal: AbortSignal,
  log?: WriterLogger,
): Promise<ContentVariations> {
  const row = await loadItemFor(ctx, actor, "repurpose", id);
  const previous = presentContentFields(row).repurposed;
  const variation = input.variation ?? (previous?.variation ?? 0) + 1;
  const [brief, writer] = await Promise.all([briefOf(ctx, row), getWriter(ctx, { log })]);
  await consumeGenerationBudget(ctx, actor, writer);
  const draft = draftOf(row);
  const { signal, explain } = pipelineSignal(clientSignal);

  const write = async (feedback: string[]) => {
    const { object } = await writer.write<RepurposedContent>({
      task: { kind: "repurpose", brief, draft, variation },
      prompt: buildRepurposePrompt(brief, draft, variation, feedback),
      schema: RepurposedContentSchema,
      maxOutputTokens: MAX_OUTPUT_TOKENS.repurpose,
      signal,
    });
    return object;
  };

  let result: RepurposedContent;
  try {
    result = await write([]);
    const violations = repurposeViolations(result);
    if (violations.length > 0) result = await write(violations);
    signal.throwIfAborted();
  } catch (error) {
    throw toAppError(explain(error));
  }
  const fitted = enforceRepurposeLimits(result);
  const variations: ContentVariations = {
    linkedin: fitted.linkedin,
    x: fitted.x,
    emailSubjects: fitted.emailSubjects,
    newsletter: fitted.newsletter,
    variation,
    provider: writer.provider,
    model: writer.model,
    createdAt: new Date().toISOString(),
  };
  // Re-checked on the locked row: the item may have been published or trashed meanwhile.
  await attachItemAsset(ctx, actor, id, { action: "repurpose", repurposed: variations });
  return variations;
}
