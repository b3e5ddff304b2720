import { z } from "zod";
import { SettingsCapabilitiesSchema } from "./auth";
import { BuyingStageSchema } from "./reference";

/** An https URL that calls to action may link to. */
export const OfferUrlSchema = z
  .string()
  .trim()
  .max(500)
  // A host of letters, digits, dots and dashes (with an optional port), then an optional path:
  // no credentials, no spaces, no other scheme.
  .regex(
    /^https:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?(?:[/?#][^\s]*)?$/i,
    "Enter a full https:// address.",
  );

/** Something a call to action may point to, and the buying stages it suits. */
export const OfferSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(120),
  url: OfferUrlSchema,
  stages: z.array(BuyingStageSchema).min(1, "Choose at least one buying stage.").max(3),
});
export type Offer = z.infer<typeof OfferSchema>;

export const ProfileSolutionSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(120),
  /** One line. */
  description: z.string().trim().min(1, "Description is required.").max(300),
  /** The product the solution belongs to. */
  product: z.string().trim().max(120),
});

export const ProfileKeyMetricSchema = z.object({
  label: z.string().trim().min(1, "Label is required.").max(200),
});

/** Whose voice the copy speaks in: the company's ("we"), to the reader ("you"), or neither. */
export const VOICE_POINTS_OF_VIEW = [
  "first-person-plural",
  "second-person",
  "third-person",
] as const;
export type VoicePointOfView = (typeof VOICE_POINTS_OF_VIEW)[number];

export const VOICE_POINT_OF_VIEW_LABELS: Record<VoicePointOfView, string> = {
  "first-person-plural": "First person plural (we, our)",
  "second-person": "Second person (you, your)",
  "third-person": "Third person (the company and the reader by name)",
};

/** How many entries each voice list may hold, and how long each may be. */
export const VOICE_LIMITS = {
  toneAttributes: { items: 6, length: 40 },
  preferredWords: { items: 40, length: 60 },
  avoidWords: { items: 40, length: 60 },
} as const;

const voiceList = (limit: { items: number; length: number }, what: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(2, `Each ${what} needs at least 2 characters.`)
        .max(limit.length, `Each ${what} may be at most ${limit.length} characters.`),
    )
    .max(limit.items, `At most ${limit.items} entries.`);

/**
 * The company voice the writers are given: a few tone adjectives, words to prefer, words to
 * avoid (added to the prompt's never-use list) and the point of view.
 */
export const CompanyVoiceSchema = z.object({
  /** A few adjectives, e.g. "precise", "candid". */
  toneAttributes: voiceList(VOICE_LIMITS.toneAttributes, "tone attribute"),
  /** Words and phrases the writers should use where they fit. */
  preferredWords: voiceList(VOICE_LIMITS.preferredWords, "preferred word"),
  /** Words and phrases the writers must not use. */
  avoidWords: voiceList(VOICE_LIMITS.avoidWords, "word to avoid"),
  pointOfView: z.enum(VOICE_POINTS_OF_VIEW),
});
export type CompanyVoice = z.infer<typeof CompanyVoiceSchema>;

/** The voice of a profile nobody has described yet: no lists, the reader addressed as "you". */
export const DEFAULT_COMPANY_VOICE: CompanyVoice = {
  toneAttributes: [],
  preferredWords: [],
  avoidWords: [],
  pointOfView: "second-person",
};

/** Trims, collapses inner spaces and drops empty entries and case-insensitive duplicates. */
export function normalizeBannedPhrases(phrases: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of phrases) {
    const phrase = raw.trim().replace(/\s+/g, " ");
    const key = phrase.toLowerCase();
    if (!phrase || seen.has(key)) continue;
    seen.add(key);
    out.push(phrase);
  }
  return out;
}

const uniqueBy =
  <T>(key: (item: T) => string, message: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item).toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: "custom", message, path: [index, "name"] });
      seen.add(k);
    });
  };

/**
 * The company profile (admin): who the vendor is and what generated content may mention.
 * The generator's checkboxes, the writers' prompts and calls to action and the quality check
 * read it.
 */
export const CompanyProfileSchema = z.object({
  companyName: z.string().trim().min(1, "Company name is required.").max(120),
  /** A short description of the company, given to the writers. */
  description: z.string().trim().max(600),
  solutions: z
    .array(ProfileSolutionSchema)
    .max(30)
    .superRefine(uniqueBy((s) => s.name, "Each solution needs its own name.")),
  /** Offered as checkboxes in the generator. */
  keyMetrics: z
    .array(ProfileKeyMetricSchema)
    .max(30)
    .superRefine(uniqueBy((m) => m.label, "Each key metric must be different.")),
  offers: z
    .array(OfferSchema)
    .max(30)
    .superRefine(uniqueBy((o) => o.name, "Each offer needs its own name.")),
  /** Phrases the writers must avoid and the quality check penalises. */
  bannedPhrases: z
    .array(z.string().trim().min(2, "A banned phrase needs at least 2 characters.").max(80))
    .max(500),
  /** How the copy should sound. */
  voice: CompanyVoiceSchema,
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

/**
 * GET/PUT /api/company-profile answer: the profile, whether it is still the first-run sample
 * (true until an admin saves it; while it is, the writers get no offers), and whether the
 * caller may edit it.
 */
export const CompanyProfileResponseSchema = CompanyProfileSchema.extend({
  isSample: z.boolean(),
  can: SettingsCapabilitiesSchema,
});
export type CompanyProfileResponse = z.infer<typeof CompanyProfileResponseSchema>;

/**
 * PUT /api/company-profile: the profile, with banned phrases and voice lists normalised and
 * stages deduplicated. Without `bannedPhrases` the stored list stays as it is (the Settings
 * screen edits it in the Content Generation Defaults card); without `voice` the stored voice
 * stays. Saving clears the sample mark.
 */
export const SaveCompanyProfileBodySchema = CompanyProfileSchema.extend({
  bannedPhrases: CompanyProfileSchema.shape.bannedPhrases.optional(),
  voice: CompanyVoiceSchema.optional(),
}).transform((profile) => ({
  ...profile,
  offers: profile.offers.map((offer) => ({ ...offer, stages: [...new Set(offer.stages)] })),
  bannedPhrases:
    profile.bannedPhrases === undefined ? undefined : normalizeBannedPhrases(profile.bannedPhrases),
  voice:
    profile.voice === undefined
      ? undefined
      : {
          toneAttributes: normalizeBannedPhrases(profile.voice.toneAttributes),
          preferredWords: normalizeBannedPhrases(profile.voice.preferredWords),
          avoidWords: normalizeBannedPhrases(profile.voice.avoidWords),
          pointOfView: profile.voice.pointOfView,
        },
}));
export type SaveCompanyProfileBody = z.input<typeof SaveCompanyProfileBodySchema>;
