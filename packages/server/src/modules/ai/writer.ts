import type {
  AiProviderId,
  BuyingStage,
  BuyingJourney,
  CompanyVoice,
  ContentType,
  Industry,
  Persona,
  QualityFinding,
} from "@content-studio/contract";
import type { z } from "zod";

/** Version of the prompt templates; stored with every generation for provenance. */
export const PROMPT_VERSION = "2026-11-27.2";

/** A benchmark example handed to a writer as data (never as instructions). */
export interface BriefExample {
  id: string;
  title: string;
  category: "good" | "bad";
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
  notes: string;
  similarity: number;
}

/** Everything a writer knows about the piece, as structured data. */
export interface ContentBrief {
  persona: Persona;
  industry: Industry;
  buyingStage: BuyingStage;
  journey: BuyingJourney[BuyingStage];
  contentType: ContentType;
  topic: string;
  keyMetrics: string[];
  solutions: { name: string; description: string }[];
  companyName: string;
  /** The company profile's short description ("" when none). */
  companyDescription: string;
  /**
   * Offers from the company profile a call to action may point to, each with the buying stages
   * it suits; a writer links only to one that suits the brief's stage. Empty while the profile
   * is the first-run sample (its offers are placeholders).
   */
  offers: BriefOffer[];
  primaryKeyword: string | undefined;
  goodExamples: BriefExample[];
  badExamples: BriefExample[];
  /**
   * Approved, unexpired facts relevant to the brief (the proof library). The only source of
   * figures a writer may state. Absent when none are supplied.
   */
  approvedFacts?: BriefFact[];
  /** Phrases the organisation has banned (on top of the defaults). */
  bannedPhrases?: readonly string[];
  /** Language and spelling of the copy (a BCP 47 tag); the contract's default when absent. */
  language?: string;
  /** How the company sounds (the company profile's voice). */
  voice?: CompanyVoice;
}

/** An approved fact as a writer sees it: the statement is the approved wording. */
export interface BriefFact {
  id: string;
  statement: string;
  value: number | null;
  unit: string | null;
}

/** Something the company really offers (a guide, a demo, a pilot), with where to get it. */
export interface BriefOffer {
  name: string;
  url: string;
  stages: BuyingStage[];
}

/** What the writer is asked to do. LLM writers use `prompt`; the built-in writer uses the structured fields. */
export type WritingTask =
  | { kind: "draft"; brief: ContentBrief }
  | {
      kind: "refine";
      brief: ContentBrief;
      draft: DraftContent;
      /** The quality check's findings (data; render with describeFinding), best first. */
      critique: QualityFinding[];
      round: number;
    }
  | { kind: "repurpose"; brief: ContentBrief; draft: DraftContent; variation: number }
  | { kind: "kit-asset"; brief: ContentBrief; draft: DraftContent; asset: KitAssetTaskKind };

/** A short asset of a campaign kit, written from the cell's article. */
export type KitAssetTaskKind = "linkedin" | "x" | "email-subjects" | "newsletter" | "image-prompt";

/** The answer for a short kit asset: `text`, or three `subjects` for email subjects. */
export interface KitAssetOutput {
  text?: string;
  subjects?: string[];
}

/** The structured output of a draft or refinement. Body is HTML (sanitised by the caller). */
export interface DraftContent {
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
  imagePrompt: string;
}

export interface RepurposedContent {
  linkedin: string;
  x: string;
  emailSubjects: string[];
  newsletter: string;
}

export interface WriterUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface WriterCall<T> {
  task: WritingTask;
  /** System and user prompt text (built by the generation module; the built-in writer ignores it). */
  prompt: { system: string; user: string };
  /** zod schema the output must satisfy. */
  schema: z.ZodType<T>;
  maxOutputTokens: number;
  /** Aborted when the user cancels or leaves, or our own total timeout fires. */
  signal: AbortSignal;
  /** Called with text as it streams in (for the live preview). */
  onDelta?: (text: string) => void;
}

/** A structured call that is not a writing task (the editor's review): prompt and schema only. */
export type ModelCall<T> = Omit<WriterCall<T>, "task">;

/**
 * A language model that answers any structured call. The LLM writers are; the built-in
 * offline outline writer is not (it only outlines and repairs), so it has no `ask`.
 */
export interface ModelCaller {
  provider: AiProviderId;
  model: string;
  label: string;
  /** Produces an object matching `call.schema`, or throws a WriterError. */
  ask<T>(call: ModelCall<T>): Promise<{ object: T; usage: WriterUsage }>;
}

/**
 * One AI provider behind one interface. Implementations: OpenAI, Google Gemini, any
 * OpenAI-compatible endpoint, and the built-in offline writer.
 */
export interface Writer {
  provider: AiProviderId;
  model: string;
  label: string;
  /** Produces an object matching `call.schema`, or throws a WriterError. */
  write<T>(call: WriterCall<T>): Promise<{ object: T; usage: WriterUsage }>;
}

export type WriterErrorKind =
  | "auth" // 401/403 from the provider: key missing or refused
  | "rate_limited" // 429 after our bounded retries
  | "timeout" // total or idle timeout
  | "cancelled" // the user cancelled or left
  | "bad_output" // output failed the schema after one repair attempt
  | "unavailable"; // 5xx or network failure after retries

/** A provider failure with a message safe to show the user (never a key or raw body). */
export class WriterError extends Error {
  constructor(
    readonly kind: WriterErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "WriterError";
  }
}
