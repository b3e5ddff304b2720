import {
  BUYING_STAGES,
  GENERATION_DEFAULTS,
  GENERATION_FAILED_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  type BuyingStage,
  type GeneratedContent,
} from "@content-studio/contract";
import { useEffect, useRef, useState, type RefObject } from "react";
import { hasServerMessage } from "../../../lib/api-client";
import { useContentGenerationData } from "../api/get-content-generation-data";
import { useGenerationSettings } from "../api/get-generation-settings";
import { useGenerateContentStream } from "../api/stream-generation";
import {
  INITIAL_FORM_VALUES,
  buildGenerationRequest,
  hasRequiredFields,
  type GeneratorFormValues,
} from "../utils/generation-request";
import { readIntentData } from "../utils/intent-data";
import type { GeneratorTab } from "./generator-tabs";
import type { OptimizePanelProps } from "./optimize-panel";

const isBuyingStage = (value: string): value is BuyingStage =>
  (BUYING_STAGES as readonly string[]).includes(value);

interface GeneratorScreenInput {
  /** Audience to start from (e.g. a coverage-map cell: persona, industry and stage). */
  initialValues?: Partial<GeneratorFormValues>;
  /** The result's heading: focused when a generation has finished. */
  resultHeading: RefObject<HTMLHeadingElement | null>;
}

/**
 * The generator's state: the form's values, the generation (streamed), the open tab, the
 * result and its kept revisions, the audience data for the chosen persona, industry and stage,
 * and the messages the form shows.
 */
export function useGeneratorScreen({ initialValues, resultHeading }: GeneratorScreenInput) {
  const settings = useGenerationSettings();
  // Whether the caller may generate comes with the generation settings (the server's policy).
  // Until that answer arrives the form stays usable (the server refuses a refused caller's
  // request anyway), so editors see no disabled flash.
  const canGenerate = settings.data?.can.generate ?? true;
  const generation = useGenerateContentStream();
  const [values, setValues] = useState<GeneratorFormValues>(() => ({
    ...INITIAL_FORM_VALUES,
    ...initialValues,
  }));
  const [tab, setTab] = useState<GeneratorTab>("generate");
  const [result, setResult] = useState<GeneratedContent | null>(null);
  const [revision, setRevision] = useState(0);
  const [validationError, setValidationError] = useState<string | null>(null);
  // After a generation, keyboard and screen-reader focus moves to the result's heading (the
  // form it left is hidden with the Generate tab).
  const focusResult = useRef(false);
  useEffect(() => {
    if (!focusResult.current || !result || tab !== "optimize") return;
    focusResult.current = false;
    resultHeading.current?.focus();
  }, [result, tab, resultHeading]);

  const { personaId, industryId, buyingStage } = values;
  const audience = useContentGenerationData(
    personaId && industryId && isBuyingStage(buyingStage)
      ? { personaId, industryId, buyingStage }
      : null,
  );
  const intent = readIntentData(audience.data?.sixsenseData);
  const threshold = settings.data?.qualityThreshold ?? GENERATION_DEFAULTS.qualityThreshold;

  const change = (patch: Partial<GeneratorFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (validationError && hasRequiredFields(next)) setValidationError(null);
  };

  const submit = () => {
    const body = buildGenerationRequest(values, settings.data);
    if (!body) {
      setValidationError(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    setValidationError(null);
    generation.mutate(body, {
      onSuccess: (generated) => {
        focusResult.current = true;
        setResult(generated);
        setRevision(0);
        setTab("optimize");
      },
    });
  };

  const startOver = () => {
    setResult(null);
    generation.reset();
    setTab("generate");
  };

  /** An optimisation was kept: it is the result now, one revision on. */
  const keep = (next: GeneratedContent) => {
    setResult(next);
    setRevision((r) => r + 1);
  };

  const failed = generation.isError && !generation.cancelled;
  const generationError = failed
    ? hasServerMessage(generation.error)
      ? generation.error.message
      : GENERATION_FAILED_MESSAGE
    : null;

  /** The form's state and handlers, as the GeneratorForm takes them. */
  const form = {
    values,
    onChange: change,
    settings: settings.data,
    intent,
    audienceError: audience.isError,
    readOnly: !canGenerate,
    isGenerating: generation.isPending,
    onSubmit: submit,
    onCancel: generation.cancel,
  };
  /** What the Optimize panel shows, once there is a result. */
  const optimize: OptimizePanelProps | null = result && {
    result,
    revision,
    threshold,
    initialKeyword: values.primaryKeyword,
    intentKeywords: intent?.topKeywords.map((k) => k.keyword) ?? [],
    onKept: keep,
  };

  return {
    canGenerate,
    generation,
    form,
    startOver,
    tab,
    setTab,
    optimize,
    audience,
    validationError,
    generationError,
  };
}
