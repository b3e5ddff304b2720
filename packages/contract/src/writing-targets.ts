/**
 * What a first draft aims for, in one place: the writers' prompts state these targets and the
 * quality check measures against them.
 */

/**
 * Words per section a piece should have: the structure criterion's ideal band (outside it the
 * section scores lower and a `section_length` finding names this range). The same for every
 * content type.
 */
export const SECTION_WORD_RANGES = {
  headline: { min: 6, max: 20 },
  introduction: { min: 30, max: 130 },
  body: { min: 250, max: 1800 },
  conclusion: { min: 15, max: 90 },
} as const;

/**
 * Average sentence length the writers are asked for: long enough for the precise terms a peer
 * uses (very short sentences read as too simple for engineering leaders), short enough to skim.
 */
export const TARGET_SENTENCE_WORDS = { min: 14, max: 22 } as const;

/**
 * The language and spelling copy is written in unless a brief says otherwise (a BCP 47 tag:
 * language, then region).
 */
export const DEFAULT_CONTENT_LANGUAGE = "en-US";
