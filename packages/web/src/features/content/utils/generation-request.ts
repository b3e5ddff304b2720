import {
  BUYING_STAGES,
  CONTENT_TYPES,
  GENERATION_DEFAULTS,
  type BuyingStage,
  type ContentType,
  type GenerateContentBody,
  type GenerationSettings,
} from "@content-studio/contract";

/** What the generator form holds. Toggles left undefined follow the organisation's defaults. */
export interface GeneratorFormValues {
  personaId: string;
  industryId: string;
  buyingStage: BuyingStage | "";
  contentTopic: string;
  contentType: ContentType | "";
  /** Labels of the chosen key metrics. */
  keyMetrics: string[];
  /** Names of the chosen featured solutions. */
  featuredSolutions: string[];
  useBenchmarkExamples?: boolean;
  performQualityCheck?: boolean;
  autoRefine?: boolean;
  /** An intent keyword chosen to optimise for; "" for none. */
  primaryKeyword: string;
}

export const INITIAL_FORM_VALUES: GeneratorFormValues = {
  personaId: "",
  industryId: "",
  buyingStage: "",
  contentTopic: "",
  contentType: "thought-leadership",
  keyMetrics: [],
  featuredSolutions: [],
  primaryKeyword: "",
};

/** The three toggles as shown: the user's choice, else the organisation's setting, else the built-in default. */
export function effectiveOptions(
  values: GeneratorFormValues,
  settings: GenerationSettings | undefined,
) {
  return {
    useBenchmarkExamples:
      values.useBenchmarkExamples ??
      settings?.defaultUseBenchmarks ??
      GENERATION_DEFAULTS.defaultUseBenchmarks,
    performQualityCheck:
      values.performQualityCheck ??
      settings?.defaultQualityCheck ??
      GENERATION_DEFAULTS.defaultQualityCheck,
    autoRefine:
      values.autoRefine ?? settings?.defaultAutoRefine ?? GENERATION_DEFAULTS.defaultAutoRefine,
  };
}

const isBuyingStage = (value: string): value is BuyingStage =>
  (BUYING_STAGES as readonly string[]).includes(value);
const isContentType = (value: string): value is ContentType =>
  (CONTENT_TYPES as readonly string[]).includes(value);

/** True when persona, industry, buying stage, topic and content type are all chosen. */
export function hasRequiredFields(values: GeneratorFormValues): boolean {
  return (
    values.personaId !== "" &&
    values.industryId !== "" &&
    isBuyingStage(values.buyingStage) &&
    values.contentTopic.trim() !== "" &&
    isContentType(values.contentType)
  );
}

/**
 * The generation request body, or null when a required field is missing. Key
 * metrics and featured solutions are sent only when at least one is chosen.
 */
export function buildGenerationRequest(
  values: GeneratorFormValues,
  settings: GenerationSettings | undefined,
): GenerateContentBody | null {
  if (!hasRequiredFields(values)) return null;
  if (!isBuyingStage(values.buyingStage) || !isContentType(values.contentType)) return null;
  return {
    personaId: values.personaId,
    industryId: values.industryId,
    buyingStage: values.buyingStage,
    contentTopic: values.contentTopic.trim(),
    contentType: values.contentType,
    ...(values.keyMetrics.length > 0 ? { keyMetricsToInclude: values.keyMetrics } : {}),
    ...(values.featuredSolutions.length > 0 ? { featuredSolutions: values.featuredSolutions } : {}),
    ...effectiveOptions(values, settings),
    ...(values.primaryKeyword.trim() ? { primaryKeyword: values.primaryKeyword.trim() } : {}),
  };
}
