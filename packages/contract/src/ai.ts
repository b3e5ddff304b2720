import { z } from "zod";

/**
 * AI providers and their models: the product's own lists first (the first model of each is its
 * default), then newer ids the providers still serve (Google has retired the 1.x models).
 */
export const AI_PROVIDERS = {
  openai: {
    label: "OpenAI",
    models: ["gpt-4o-mini", "gpt-4o", "gpt-4", "gpt-3.5-turbo", "gpt-4.1-mini", "gpt-4.1"],
  },
  google: {
    label: "Google Gemini",
    models: [
      "gemini-1.5-pro",
      "gemini-1.5-flash",
      "gemini-1.0-pro",
      "gemini-2.5-flash",
      "gemini-2.5-pro",
    ],
  },
  /** Any OpenAI-compatible server; its base URL and model come from configuration. */
  compatible: { label: "OpenAI-compatible endpoint", models: [] },
  /** Not an AI model: see BUILTIN_WRITER_DESCRIPTION. */
  builtin: { label: "Template writer (offline, no AI)", models: ["content-studio-writer-1"] },
} as const;

/** One sentence on how the offline template writer composes text, shown wherever it is named. */
export const BUILTIN_WRITER_DESCRIPTION =
  "It fills fixed sentence templates with your brief (persona, industry, buying stage, topic, approved facts and offers), choosing the sections that match the topic's words; no AI model is involved.";

export type AiProviderId = keyof typeof AI_PROVIDERS;
export const AiProviderIdSchema = z.enum(["openai", "google", "compatible", "builtin"]);
