import {
  CONTENT_STATUS_LABELS,
  ContentStatusSchema,
  formatColorStep,
  intentColorStep,
  type Industry,
  type Persona,
} from "@content-studio/contract";

/** Bar fill per colour step (0 = strongest). */
const STEP_FILLS = ["bg-green-500", "bg-primary", "bg-amber-400", "bg-red-400"] as const;

export const intentBarClass = (intent: number) => STEP_FILLS[intentColorStep(intent)];
export const formatBarClass = (effectiveness: number) => STEP_FILLS[formatColorStep(effectiveness)];

export const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A content item's status as people read it ("In review", never the stored "in_review"). */
export function statusLabel(status: string): string {
  const known = ContentStatusSchema.safeParse(status);
  return known.success ? CONTENT_STATUS_LABELS[known.data] : capitalise(status.replace(/_/g, " "));
}

/** Display names of industries (ours from reference data, plus "Other"). */
export function industryNames(industries: Industry[]): Map<string, string> {
  const names = new Map(industries.map((i) => [i.id, i.name]));
  names.set("other", "Other");
  return names;
}

export function personaNames(personas: Persona[]): Map<string, string> {
  return new Map(personas.map((p) => [p.id, p.title]));
}

/** The generator pre-filled for a content gap (the generator reads these query parameters). */
export function generatorLink(gap: {
  personaId: string;
  industryId: string;
  buyingStage: string;
  suggestedTopic: string;
  keyword: string;
}): string {
  const params = new URLSearchParams({ persona: gap.personaId });
  if (gap.industryId !== "other") params.set("industry", gap.industryId);
  params.set("stage", gap.buyingStage);
  params.set("topic", gap.suggestedTopic);
  params.set("keyword", gap.keyword);
  return `/generate?${params.toString()}`;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
export const formatDateTime = (iso: string) => dateFormat.format(new Date(iso));
