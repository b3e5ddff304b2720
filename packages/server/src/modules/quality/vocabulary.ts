/**
 * The judge's audience vocabularies, derived from the reference data in the database (never
 * typed into code): an industry's words are those of its drivers, challenges, content
 * strategies and companies; a persona's those of its description, pain points, goals, metrics
 * and buying journey. A word counts as *distinctive* for one industry (or persona) when no other
 * industry (or persona) uses it, so adding an industry or persona needs no code.
 */
import type { BuyingStage, Industry, Persona } from "@content-studio/contract";
import { tokenize } from "./text";

/** Stems too common in this domain to show that a specific audience is addressed. */
export const GENERIC_STEMS: ReadonlySet<string> = new Set(
  [
    "cost",
    "costs",
    "product",
    "engineering",
    "engineer",
    "design",
    "team",
    "time",
    "program",
    "data",
    "process",
    "work",
    "use",
    "make",
    "need",
    "company",
    "business",
    "value",
    "new",
    "already",
    "across",
    "every",
    "supplier",
    "manufacturing",
    "reduction",
    "reduce",
    "case",
    "studies",
    "guide",
    "webinar",
    "report",
    "benchmark",
  ].map((w) => tokenize(w)[0] ?? w),
);

export interface AudienceVocabulary {
  id: string;
  name: string;
  /** Stems only this industry or persona uses in the reference data. */
  distinctive: Set<string>;
}

export interface Vocabularies {
  industries: Map<string, AudienceVocabulary>;
  personas: Map<string, AudienceVocabulary>;
}

function distinctive(
  entries: readonly { id: string; name: string; texts: string[] }[],
): Map<string, AudienceVocabulary> {
  const stemsOf = entries.map((e) => ({
    ...e,
    stems: new Set(e.texts.flatMap(tokenize).filter((s) => !GENERIC_STEMS.has(s) && s.length > 2)),
  }));
  const usage = new Map<string, number>();
  for (const e of stemsOf) for (const s of e.stems) usage.set(s, (usage.get(s) ?? 0) + 1);
  return new Map(
    stemsOf.map((e) => [
      e.id,
      {
        id: e.id,
        name: e.name,
        distinctive: new Set([...e.stems].filter((s) => usage.get(s) === 1)),
      },
    ]),
  );
}

export function industryTexts(i: Industry): string[] {
  return [i.name, ...i.keyDrivers, ...i.topChallenges, ...i.contentStrategies, ...i.companies];
}

export function personaTexts(p: Persona): string[] {
  const j = p.buyingJourney;
  return [
    p.title,
    p.description,
    ...p.painPoints,
    ...p.goals,
    ...p.keyMetrics,
    ...p.contentPreferences,
    ...j.awareness.painPoints,
    ...j.consideration.evaluationCriteria,
    ...j.decision.objections,
  ];
}

/** The persona's stage concerns: awareness pains, evaluation criteria or decision objections. */
export function stageConcerns(p: Persona, stage: BuyingStage): string[] {
  const j = p.buyingJourney;
  return stage === "awareness"
    ? j.awareness.painPoints
    : stage === "consideration"
      ? j.consideration.evaluationCriteria
      : j.decision.objections;
}

/**
 * Names the reader's role may go by, from the persona's title alone: "VP of Engineering" is
 * also "engineering VP" and "VPs of Engineering".
 */
export function roleNames(p: Persona): string[] {
  const names = [p.title];
  const of = /^(.+?) of (.+)$/i.exec(p.title);
  if (of) names.push(`${of[2]} ${of[1]}`, `${of[1]}s of ${of[2]}`);
  else names.push(`${p.title}s`);
  return names;
}

const cache = new WeakMap<readonly Industry[], WeakMap<readonly Persona[], Vocabularies>>();

/** Vocabularies for the reference data (cached per loaded reference). */
export function vocabularies(
  industries: readonly Industry[],
  personas: readonly Persona[],
): Vocabularies {
  let byPersonas = cache.get(industries);
  if (!byPersonas) {
    byPersonas = new WeakMap();
    cache.set(industries, byPersonas);
  }
  let v = byPersonas.get(personas);
  if (!v) {
    v = {
      industries: distinctive(
        industries.map((i) => ({ id: i.id, name: i.name, texts: industryTexts(i) })),
      ),
      personas: distinctive(
        personas.map((p) => ({ id: p.id, name: p.title, texts: personaTexts(p) })),
      ),
    };
    byPersonas.set(personas, v);
  }
  return v;
}

/** Distinctive stems of each audience found in a text's stems, most first. */
export function audienceHits(
  vocab: Map<string, AudienceVocabulary>,
  stems: ReadonlySet<string>,
): { id: string; name: string; hits: string[] }[] {
  return [...vocab.values()]
    .map((v) => ({ id: v.id, name: v.name, hits: [...v.distinctive].filter((s) => stems.has(s)) }))
    .sort((a, b) => b.hits.length - a.hits.length);
}
