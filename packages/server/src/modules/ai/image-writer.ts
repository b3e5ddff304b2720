import { createOpenAI } from "@ai-sdk/openai";
import { generateImage, type ImageModel } from "ai";
import type { AiConfig } from "../../config";
import { ProviderCaller, type ProviderCallObserver, type WriterLogger } from "./llm-writer";
import type { Writer } from "./writer";

/** A picture drawn by a provider's image model. */
export interface DrawnImage {
  mime: "image/png";
  /** The PNG, base64-encoded. */
  base64: string;
}

/** Draws one image from a prompt; failures are `WriterError`s like the text writers'. */
export interface ImageWriter {
  readonly provider: Writer["provider"];
  readonly model: string;
  draw(call: { prompt: string; signal: AbortSignal }): Promise<DrawnImage>;
}

/** OpenAI's image model and the size asked of it (16:9-ish, like the built-in infographic). */
export const OPENAI_IMAGE = { model: "gpt-image-1", size: "1536x1024" } as const;

/**
 * OpenAI's image model (`POST /images/generations`) with the same total timeout, retries, key
 * handling and failure mapping as the text writers.
 */
export class OpenAiImageWriter extends ProviderCaller implements ImageWriter {
  private readonly imageModel: ImageModel;

  constructor(ai: AiConfig, log?: WriterLogger, observer?: ProviderCallObserver) {
    super({ provider: "openai", model: OPENAI_IMAGE.model, limits: ai.limits, log, observer });
    this.imageModel = createOpenAI({ apiKey: ai.openai.apiKey, baseURL: ai.openai.baseUrl }).image(
      OPENAI_IMAGE.model,
    );
  }

  draw(call: { prompt: string; signal: AbortSignal }): Promise<DrawnImage> {
    return this.withinDeadline(call.signal, (state) =>
      this.withRetries(state, async () => {
        const { image } = await generateImage({
          model: this.imageModel,
          prompt: call.prompt,
          size: OPENAI_IMAGE.size,
          n: 1,
          maxRetries: 0,
          abortSignal: state.signal,
        });
        if (image.mediaType !== "image/png") {
          throw this.error({ kind: "bad_output", retryable: false });
        }
        return { mime: "image/png" as const, base64: image.base64 };
      }),
    );
  }
}
