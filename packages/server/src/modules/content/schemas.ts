import { REPURPOSE_LIMITS } from "@content-studio/contract";
import { z } from "zod";
import type { DraftContent, RepurposedContent } from "../ai/writer";

/** Text a model must give: trimmed, not empty, at most `max` characters. */
const requiredText = (max: number) => z.string().trim().min(1).max(max);

/**
 * What a model must return for a draft or a refinement. The writers validate against it and
 * make one repair attempt before giving up. Bounds are generous on purpose: a long body is
 * not malformed, and the quality check judges length, not the schema.
 */
export const DraftContentSchema: z.ZodType<DraftContent> = z.object({
  headline: requiredText(300).describe("One headline, plain text, no HTML."),
  introduction: requiredText(20_000).describe("One or two short paragraphs of plain text."),
  body: requiredText(200_000).describe(
    "HTML using only h2, h3, p, ul, ol, li, strong, em, blockquote, table, thead, tbody, tr, th, td and a (http/https links).",
  ),
  conclusion: requiredText(20_000).describe(
    "Plain text ending with a call to action that fits the buying stage.",
  ),
  imagePrompt: requiredText(2000).describe(
    "A prompt for an illustrative image or infographic; no text in the image.",
  ),
});

/**
 * What a model must return when repurposing. Lengths are checked after parsing (over-long
 * text is regenerated once, then cut at a sentence boundary), so the schema only bounds them
 * loosely; three subject lines are required, extra ones are dropped.
 */
export const RepurposedContentSchema: z.ZodType<RepurposedContent> = z.object({
  linkedin: requiredText(REPURPOSE_LIMITS.linkedin * 2).describe(
    `LinkedIn post, at most ${REPURPOSE_LIMITS.linkedin} characters.`,
  ),
  x: requiredText(REPURPOSE_LIMITS.x * 4).describe(
    `X post, at most ${REPURPOSE_LIMITS.x} characters; a link counts as 23.`,
  ),
  emailSubjects: z
    .array(requiredText(REPURPOSE_LIMITS.emailSubject * 3))
    .min(REPURPOSE_LIMITS.emailSubjects)
    .max(6)
    .describe(
      `${REPURPOSE_LIMITS.emailSubjects} email subject lines, each at most ${REPURPOSE_LIMITS.emailSubject} characters.`,
    ),
  newsletter: requiredText(REPURPOSE_LIMITS.newsletter * 3).describe(
    `Newsletter blurb, at most ${REPURPOSE_LIMITS.newsletter} characters.`,
  ),
});

/** Output token budgets per task. */
export const MAX_OUTPUT_TOKENS = { draft: 4000, refine: 4000, repurpose: 1500 } as const;
