/**
 * The reference lists and labels as plain values, without zod: a screen that needs only these
 * (the dashboard) does not load zod with them. reference.ts builds the schemas from them and
 * re-exports them.
 */
export const PERSONA_IDS = [
  "vp-engineering",
  "director-engineering",
  "cto",
  "product-manager",
] as const;
export const INDUSTRY_IDS = ["aerospace", "automotive", "high-tech", "industrial"] as const;
export const BUYING_STAGES = ["awareness", "consideration", "decision"] as const;
export const CONTENT_TYPES = [
  "thought-leadership",
  "case-study",
  "technical-guide",
  "industry-report",
] as const;

export type BuyingStage = (typeof BUYING_STAGES)[number];
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Human label for a content type, e.g. `case-study` → `Case Study`. */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  "thought-leadership": "Thought Leadership",
  "case-study": "Case Study",
  "technical-guide": "Technical Guide",
  "industry-report": "Industry Report",
};
