import { z } from "zod";
import { SettingsCapabilitiesSchema } from "./auth";

// The organisation's generation defaults (Settings → Content Generation Defaults): read by the
// dashboard and the generator as they open, so kept apart from the generation's own schemas
// (which carry the quality report's).

/** Generation defaults; the organisation's settings override them. */
export const GENERATION_DEFAULTS = {
  defaultUseBenchmarks: true,
  defaultQualityCheck: true,
  defaultAutoRefine: false,
  qualityThreshold: 0.7,
  autoRefineThreshold: 0.5,
  editorReview: true,
  allowSelfApproval: false,
} as const;

/** 0.1 to 0.9 in steps of 0.1 (the slider's positions). */
const threshold = z
  .number()
  .min(0.1)
  .max(0.9)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, {
    message: "Use a step of 0.1 (0.1, 0.2, … 0.9).",
  });

export const GenerationSettingsSchema = z.object({
  defaultUseBenchmarks: z.boolean(),
  defaultQualityCheck: z.boolean(),
  defaultAutoRefine: z.boolean(),
  /** 0.1–0.9 in steps of 0.1: 'meets' quality standards above it. */
  qualityThreshold: threshold,
  /** 0.1–0.9: auto-refine runs when the first score is below it. */
  autoRefineThreshold: threshold,
  /**
   * Every quality check the user sees also asks the configured AI model for an editor's
   * review (one model call per check). Settings saved before it existed read as on.
   */
  editorReview: z.boolean().default(GENERATION_DEFAULTS.editorReview),
  /**
   * An item's author may approve it (for a one-person team); otherwise another admin approves.
   * Settings saved before it existed read as off.
   */
  allowSelfApproval: z.boolean().default(GENERATION_DEFAULTS.allowSelfApproval),
});
export type GenerationSettings = z.infer<typeof GenerationSettingsSchema>;

/** GET/PUT /api/settings/generation answer: the settings and whether the caller may change them. */
export const GenerationSettingsResponseSchema = GenerationSettingsSchema.extend({
  /**
   * `edit`: change these settings (admins). `generate`: generate content (the generator reads
   * its defaults from this answer, so it learns here whether its form is usable).
   */
  can: SettingsCapabilitiesSchema.extend({ generate: z.boolean() }),
});
export type GenerationSettingsResponse = z.infer<typeof GenerationSettingsResponseSchema>;
