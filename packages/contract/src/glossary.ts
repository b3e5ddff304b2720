import { z } from "zod";
import { KitLanguageSchema } from "./campaigns";

/**
 * The glossary: terms per concept and output language, each with a status that tells writers
 * and the language check how to treat it.
 */

/** How a term may be used in its language. */
export const TERM_STATUSES = ["preferred", "admitted", "forbidden", "do-not-translate"] as const;
export const TermStatusSchema = z.enum(TERM_STATUSES);
export type TermStatus = z.infer<typeof TermStatusSchema>;

/** Each status: its name, and what it tells a writer, side by side. */
export const TERM_STATUS_INFO: Record<TermStatus, { label: string; hint: string }> = {
  preferred: { label: "Preferred", hint: "Use this term for the concept." },
  admitted: { label: "Admitted", hint: "Acceptable, but the preferred term is better." },
  forbidden: { label: "Forbidden", hint: "Never use this term." },
  "do-not-translate": {
    label: "Do not translate",
    hint: "Keep this term exactly as written, in every language.",
  },
};

export const TERM_STATUS_LABELS = Object.fromEntries(
  TERM_STATUSES.map((status) => [status, TERM_STATUS_INFO[status].label]),
) as Record<TermStatus, string>;

export const GLOSSARY_LIMITS = {
  conceptChars: 120,
  termChars: 120,
  noteChars: 500,
  /** Terms in the whole glossary (and rows in one import). */
  maxTerms: 5000,
  /** Characters of one uploaded CSV file. */
  maxCsvChars: 1_000_000,
} as const;

/** What an admin writes for one term (create, update, one CSV row). */
export const GlossaryTermInputSchema = z.object({
  /** Groups the terms that name the same thing across languages and statuses, e.g. `cost-model`. */
  concept: z
    .string()
    .trim()
    .min(1, "Concept is required.")
    .max(
      GLOSSARY_LIMITS.conceptChars,
      `Concept must be at most ${GLOSSARY_LIMITS.conceptChars} characters.`,
    ),
  locale: KitLanguageSchema,
  term: z
    .string()
    .trim()
    .min(1, "Term is required.")
    .max(
      GLOSSARY_LIMITS.termChars,
      `Term must be at most ${GLOSSARY_LIMITS.termChars} characters.`,
    ),
  status: TermStatusSchema,
  /** When true, only the stored case matches (a sentence-initial capital is still allowed). */
  caseSensitive: z.boolean(),
  note: z
    .string()
    .trim()
    .max(GLOSSARY_LIMITS.noteChars, `Note must be at most ${GLOSSARY_LIMITS.noteChars} characters.`)
    .optional(),
});
export type GlossaryTermInput = z.infer<typeof GlossaryTermInputSchema>;

export const GlossaryTermSchema = GlossaryTermInputSchema.extend({
  id: z.string(),
  note: z.string().optional(),
});
export type GlossaryTerm = z.infer<typeof GlossaryTermSchema>;

export const GlossaryTermIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const GlossaryListSchema = z.object({
  terms: z.array(GlossaryTermSchema),
  /** What the caller may do to the glossary (admins manage it; everyone reads it). */
  can: z.object({ manage: z.boolean() }),
});
export type GlossaryList = z.infer<typeof GlossaryListSchema>;

/** The CSV columns, in order, for export and import. */
export const GLOSSARY_CSV_COLUMNS = [
  "concept",
  "locale",
  "term",
  "status",
  "case_sensitive",
  "note",
] as const;

export const GlossaryImportInputSchema = z.object({
  csv: z
    .string()
    .min(1, "The file is empty.")
    .max(GLOSSARY_LIMITS.maxCsvChars, "The file is too large (at most 1 MB)."),
});
export type GlossaryImportInput = z.infer<typeof GlossaryImportInputSchema>;

/** One rejected CSV row: its line in the file (the header is line 1) and why. */
export const GlossaryImportRowErrorSchema = z.object({
  line: z.number().int(),
  message: z.string(),
});
export type GlossaryImportRowError = z.infer<typeof GlossaryImportRowErrorSchema>;

export const GlossaryImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});
export type GlossaryImportResult = z.infer<typeof GlossaryImportResultSchema>;

/** The key that makes a term unique: concept, language and term, case-insensitively. */
export const glossaryKeyOf = (t: Pick<GlossaryTermInput, "concept" | "locale" | "term">): string =>
  `${t.concept.toLowerCase()}|${t.locale}|${t.term.toLowerCase()}`;

/** The `details` of a refused import: every row that failed, so the whole file can be fixed at once. */
export const GlossaryImportErrorDetailsSchema = z.object({
  rows: z.array(GlossaryImportRowErrorSchema),
});

export const ListGlossaryQuerySchema = z.object({
  locale: KitLanguageSchema.optional(),
  status: TermStatusSchema.optional(),
});
export type ListGlossaryQuery = z.infer<typeof ListGlossaryQuerySchema>;
