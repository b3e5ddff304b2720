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
  builtin: { label: "Outline writer (offline, no AI)", models: ["content-studio-writer-1"] },
} as const;

/** One sentence on what the offline outline writer produces, shown wherever it is named. */
export const BUILTIN_WRITER_DESCRIPTION =
  "It writes an outline, not finished copy: sections with the point each must make for your topic, the approved fact that supports it (when one matches) and the example to add; no AI model is involved.";

/** The generator's invitation while the outline writer is the current provider. */
export const BUILTIN_WRITER_INVITATION = "For written drafts, connect an AI provider in Settings.";

export type AiProviderId = keyof typeof AI_PROVIDERS;
export const AiProviderIdSchema = z.enum(["openai", "google", "compatible", "builtin"]);

/** One provider as GET /api/ai-service-info lists it. */
export const ProviderModelInfoSchema = z.object({
  id: AiProviderIdSchema,
  label: z.string(),
  models: z.array(z.string()),
  defaultModel: z.string(),
  /** A key is set in the server environment (built-in: always). */
  available: z.boolean(),
  /** Last 4 characters of the key, when set. */
  keyHint: z.string().nullable(),
});
