import {
  BUYING_STAGES,
  GENERATION_DEFAULTS,
  GENERATION_FAILED_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  type BuyingStage,
  type CompanyCatalog,
  type GeneratedContent,
  type Industry,
  type Persona,
  type User,
} from "@content-studio/contract";
import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, focusRing } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { hasServerMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
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
import { AudienceFocus } from "./audience-focus";
import { GenerationProgress } from "./generation-progress";
import { GeneratorForm } from "./generator-form";
import { GeneratorTabs, panelId, tabId, type GeneratorTab } from "./generator-tabs";
import { OptimizePanel } from "./optimize-panel";
import { RepurposePanel } from "./repurpose-panel";
import { ResultHeader } from "./result-header";
import { VisualizePanel } from "./visualize-panel";

export interface GeneratorPageProps {
  user: User;
  personas: Persona[];
  industries: Industry[];
  buyingStages: readonly BuyingStage[];
  /** The vendor's key metrics and solutions; undefined while loading. */
  catalog: CompanyCatalog | undefined;
  catalogFailed?: boolean;
  /** Who writes the content: the provider's label, and how it writes when that needs saying. */
  /** The current writer; `offline` when it is the built-in outline writer. */
  writer?: { label: string; description: string | null; offline?: boolean };
  /** Audience to start from (e.g. a coverage-map cell: persona, industry and stage). */
  initialValues?: Partial<GeneratorFormValues>;
  /** The permanent address of a stored generation (its library page); the result links there. */
  itemPath?: (contentItemId: string) => string;
}

const isBuyingStage = (value: string): value is BuyingStage =>
  (BUYING_STAGES as readonly string[]).includes(value);

/** /generate: generates targeted content, then optimises, visualises and repurposes it. */
export function GeneratorPage(props: GeneratorPageProps) {
  const settings = useGenerationSettings();
  // Whether the caller may generate comes with the generation settings (the server's policy).
  // Until that answer arrives the form stays usable (the server refuses a refused caller's
  // request anyway), so editors see no disabled flash.
  const canGenerate = settings.data?.can.generate ?? true;
  const generation = useGenerateContentStream();
  const [values, setValues] = useState<GeneratorFormValues>(() => ({
    ...INITIAL_FORM_VALUES,
    ...props.initialValues,
  }));
  const [tab, setTab] = useState<GeneratorTab>("generate");
  const [result, setResult] = useState<GeneratedContent | null>(null);
  const [revision, setRevision] = useState(0);
  const [validationError, setValidationError] = useState<string | null>(null);
  // After a generation, keyboard and screen-reader focus moves to the result's heading (the
  // form it left is hidden with the Generate tab).
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const focusResult = useRef(false);
  useEffect(() => {
    if (!focusResult.current || !result || tab !== "optimize") return;
    focusResult.current = false;
    resultHeading.current?.focus();
  }, [result, tab]);

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

  const failed = generation.isError && !generation.cancelled;
  const generationError = failed
    ? hasServerMessage(generation.error)
      ? generation.error.message
      : GENERATION_FAILED_MESSAGE
    : null;

  return (
    <div>
      <PageHeader
        title="Content Generator"
        description="Targeted content for a persona, an industry and a buying stage."
        actions={
          result ? (
            <Button variant="secondary" onClick={startOver}>
              <Plus aria-hidden="true" className="size-4" />
              New Content
            </Button>
          ) : null
        }
      />
      <GeneratorTabs active={tab} hasContent={result !== null} onSelect={setTab} />

      <div
        role="tabpanel"
        id={panelId("generate")}
        aria-labelledby={tabId("generate")}
        hidden={tab !== "generate"}
      >
        {!canGenerate ? (
          <Alert tone="info" className="mb-4">
            You have view-only access, so the form is read-only. Ask an administrator for the editor
            role to generate content.
          </Alert>
        ) : null}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <GeneratorForm
              values={values}
              onChange={change}
              personas={props.personas}
              industries={props.industries}
              buyingStages={props.buyingStages}
              catalog={props.catalog}
              catalogFailed={props.catalogFailed}
              settings={settings.data}
              intent={intent}
              audienceError={audience.isError}
              readOnly={!canGenerate}
              isGenerating={generation.isPending}
              onSubmit={submit}
              onCancel={generation.cancel}
              messages={
                <>
                  {validationError ? (
                    <Alert key={validationError} reveal>
                      {validationError}
                    </Alert>
                  ) : null}
                  {generationError ? (
                    <Alert key={generationError} reveal>
                      {generationError}
                    </Alert>
                  ) : null}
                  {generation.isError && generation.cancelled ? (
                    <Alert tone="info">Generation cancelled. Nothing was saved.</Alert>
                  ) : null}
                </>
              }
            />
          </div>
          <aside className="space-y-6">
            {props.writer ? (
              <section
                aria-label="Writer"
                className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
              >
                <p className="text-slate-500">Written by</p>
                <p className="mt-0.5 font-medium text-slate-900">{props.writer.label}</p>
                {props.writer.description ? (
                  <p className="mt-1 text-xs text-slate-500">{props.writer.description}</p>
                ) : null}
                {props.writer.offline ? (
                  <p className="mt-2 text-xs text-slate-600">
                    For written drafts,{" "}
                    <Link
                      to="/settings"
                      className={cn("rounded font-medium text-primary-text underline", focusRing)}
                    >
                      connect an AI provider in Settings
                    </Link>
                    .
                  </p>
                ) : null}
              </section>
            ) : null}
            {generation.isPending ? (
              <GenerationProgress progress={generation.progress} />
            ) : (
              <AudienceFocus
                journey={audience.data?.buyingJourney}
                personaTitle={audience.data?.selectedPersona.title}
                isLoading={audience.isLoading}
              />
            )}
          </aside>
        </div>
      </div>

      {result ? (
        <>
          {tab === "generate" ? null : (
            <ResultHeader
              ref={resultHeading}
              headline={result.content.headline}
              itemPath={props.itemPath?.(result.contentItemId)}
            />
          )}
          <div
            role="tabpanel"
            id={panelId("optimize")}
            aria-labelledby={tabId("optimize")}
            hidden={tab !== "optimize"}
          >
            <OptimizePanel
              key={result.contentItemId}
              result={result}
              revision={revision}
              threshold={threshold}
              initialKeyword={values.primaryKeyword}
              intentKeywords={intent?.topKeywords.map((k) => k.keyword) ?? []}
              onKept={(next) => {
                setResult(next);
                setRevision((r) => r + 1);
              }}
            />
          </div>
          <div
            role="tabpanel"
            id={panelId("visualize")}
            aria-labelledby={tabId("visualize")}
            hidden={tab !== "visualize"}
          >
            <VisualizePanel key={result.contentItemId} result={result} />
          </div>
          <div
            role="tabpanel"
            id={panelId("repurpose")}
            aria-labelledby={tabId("repurpose")}
            hidden={tab !== "repurpose"}
          >
            <RepurposePanel
              key={result.contentItemId}
              contentItemId={result.contentItemId}
              canRepurpose={result.can.repurpose}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}
