import { AI_PROVIDERS } from "@content-studio/contract";
import { composeOutline } from "./builtin-outline";
import { refineDraft } from "./builtin-refine";
import { composeRepurposed } from "./builtin-repurpose";
import {
  WriterError,
  type ContentBrief,
  type DraftContent,
  type KitAssetOutput,
  type KitAssetTaskKind,
  type Writer,
  type WriterCall,
  type WriterUsage,
} from "./writer";

export const BUILTIN_MODEL = AI_PROVIDERS.builtin.models[0];

const NO_USAGE: WriterUsage = { inputTokens: 0, outputTokens: 0 };

/**
 * The outline writer: not an AI model. No key, no network, deterministic for the same inputs.
 * Its draft is an outline of the topic (builtin-outline.ts), its refinement only removes and
 * repairs what the quality findings name, by code (builtin-refine.ts), and it writes channel
 * versions (builtin-repurpose.ts). It is the default while no provider key is configured, so a
 * fresh `npm start` is usable.
 *
 * Like the LLM writers, it validates against `call.schema` and passes the JSON to `onDelta`.
 */
export class BuiltinWriter implements Writer {
  readonly provider = "builtin" as const;
  readonly model = BUILTIN_MODEL;
  readonly label = AI_PROVIDERS.builtin.label;

  async write<T>(call: WriterCall<T>): Promise<{ object: T; usage: WriterUsage }> {
    if (call.signal.aborted) throw new WriterError("cancelled", "Generation was cancelled.");
    const { task } = call;
    const output =
      task.kind === "draft"
        ? composeOutline(task.brief)
        : task.kind === "refine"
          ? // The findings as data: the refine switches on their codes.
            refineDraft(task.brief, task.draft, task.critique)
          : task.kind === "kit-asset"
            ? composeKitAsset(task.brief, task.draft, task.asset)
            : composeRepurposed(task.brief, task.draft, task.variation);
    const parsed = call.schema.safeParse(output);
    if (!parsed.success) {
      throw new WriterError(
        "bad_output",
        "The outline writer could not produce content in the expected format. Please try again.",
      );
    }
    call.onDelta?.(JSON.stringify(parsed.data));
    return { object: parsed.data, usage: { ...NO_USAGE } };
  }
}

/** A short kit asset from the outline: the channel versions, or the outline's image prompt. */
function composeKitAsset(
  brief: ContentBrief,
  draft: DraftContent,
  asset: KitAssetTaskKind,
): KitAssetOutput {
  if (asset === "image-prompt") return { text: draft.imagePrompt };
  const channels = composeRepurposed(brief, draft, 1);
  if (asset === "email-subjects") return { subjects: channels.emailSubjects };
  return { text: channels[asset] };
}
