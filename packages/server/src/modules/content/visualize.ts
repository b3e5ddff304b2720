import {
  CONTENT_TYPE_LABELS,
  type Visualization,
  type VisualizeBody,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { htmlToText } from "../../lib/html";
import type { SessionUser } from "../../plugins/access";
import { getImageWriter } from "../ai/ai-provider.service";
import type { WriterLogger } from "../ai/llm-writer";
import { attachItemAsset } from "../library/library-edit.service";
import { briefOf, loadItemFor } from "./content.service";
import { consumeGenerationBudget } from "./generation-limit";
import { metricsFromText, renderInfographic } from "./infographic";
import { pipelineSignal } from "./pipeline";

const IMAGE_DEADLINE_MS = 100_000;

/**
 * An image for the item: OpenAI's image model when OpenAI is the current provider and has a
 * key; otherwise (or when that fails) the built-in SVG infographic of the headline and key
 * metrics. Saved with the item.
 */
export async function visualizeContentItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: VisualizeBody,
  clientSignal: AbortSignal,
  log: WriterLogger,
): Promise<Visualization> {
  const row = await loadItemFor(ctx, actor, "visualize", id);
  const prompt = input.imagePrompt?.trim() || row.image_prompt || row.headline;
  const imageWriter = await getImageWriter(ctx, { log });
  let note: string | null = null;
  let visualization: Visualization | undefined;

  if (imageWriter) {
    await consumeGenerationBudget(ctx, actor, imageWriter);
    const { signal } = pipelineSignal(clientSignal, IMAGE_DEADLINE_MS);
    try {
      const image = await imageWriter.draw({ prompt, signal });
      visualization = {
        kind: "png",
        mime: "image/png",
        data: image.base64,
        prompt,
        source: "openai",
        note: null,
        createdAt: new Date().toISOString(),
      };
    } catch (error) {
      if (clientSignal.aborted)
        throw new AppError("provider_error", "Visualization was cancelled.");
      note =
        "OpenAI's image model did not return an image, so the built-in infographic was drawn instead.";
      log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        "visualize: image model failed, used the built-in infographic",
      );
    }
  }

  if (!visualization) {
    const catalogName = (await briefOf(ctx, row)).companyName;
    const metrics =
      row.key_metrics.length > 0
        ? row.key_metrics
        : metricsFromText([row.introduction, htmlToText(row.body), row.conclusion].join("\n"));
    visualization = {
      kind: "svg",
      mime: "image/svg+xml",
      data: renderInfographic({
        headline: row.headline,
        metrics,
        companyName: catalogName,
        subtitle: `${CONTENT_TYPE_LABELS[row.content_type]} for the ${row.persona_title} in ${row.industry_name}`,
      }),
      prompt,
      source: "builtin",
      note,
      createdAt: new Date().toISOString(),
    };
  }
  // Re-checked on the locked row: the item may have been published or trashed meanwhile.
  await attachItemAsset(ctx, actor, id, { action: "visualize", visualization });
  return visualization;
}
