import { z } from "zod";

/** AI providers and their models (spec §9); the first model of each is its default. */
export const AI_PROVIDERS = {
  openai: { label: "OpenAI", models: ["gpt-4o-mini", "gpt-4o", "gpt-4", "gpt-3.5-turbo"] },
  google: {
    label: "Google Gemini",
    models: ["gemini-1.5-pro", "gemini-1.5-flash", "gemini-1.0-pro"],
  },
  builtin: { label: "Built-in writer (offline)", models: ["content-studio-writer-1"] },
} as const;

export type AiProviderId = keyof typeof AI_PROVIDERS;
export const AiProviderIdSchema = z.enum(["openai", "google", "builtin"]);
