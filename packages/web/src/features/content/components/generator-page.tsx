import type {
  BuyingStage,
  CompanyCatalog,
  Industry,
  Persona,
  User,
} from "@content-studio/contract";
import { Plus } from "lucide-react";
import { useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import type { GeneratorFormValues } from "../utils/generation-request";
import { AudienceFocus } from "./audience-focus";
import { GenerationProgress } from "./generation-progress";
import { GeneratorForm } from "./generator-form";
import { GeneratorResultPanels } from "./generator-result-panels";
import { GeneratorTabPanel, GeneratorTabs } from "./generator-tabs";
import { useGeneratorScreen } from "./use-generator-screen";
import { WriterCard, type GeneratorWriter } from "./writer-card";

export interface GeneratorPageProps {
  user: User;
  personas: Persona[];
  industries: Industry[];
  buyingStages: readonly BuyingStage[];
  /** The vendor's key metrics and solutions; undefined while loading. */
  catalog: CompanyCatalog | undefined;
  catalogFailed?: boolean;
  /** The current writer; `offline` when it is the built-in outline writer. */
  writer?: GeneratorWriter;
  /** Audience to start from (e.g. a coverage-map cell: persona, industry and stage). */
  initialValues?: Partial<GeneratorFormValues>;
  /** The permanent address of a stored generation (its library page); the result links there. */
  itemPath?: (contentItemId: string) => string;
}

/** /generate: generates targeted content, then optimises, visualises and repurposes it. */
export function GeneratorPage(props: GeneratorPageProps) {
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const screen = useGeneratorScreen({ initialValues: props.initialValues, resultHeading });
  const { tab, result, generation, audience, validationError, generationError } = screen;

  return (
    <div>
      <PageHeader
        title="Content Generator"
        description="Targeted content for a persona, an industry and a buying stage."
        actions={
          result ? (
            <Button variant="secondary" onClick={screen.startOver}>
              <Plus aria-hidden="true" className="size-4" />
              New Content
            </Button>
          ) : null
        }
      />
      <GeneratorTabs active={tab} hasContent={result !== null} onSelect={screen.setTab} />

      <GeneratorTabPanel tab="generate" active={tab}>
        {!screen.canGenerate ? (
          <Alert tone="info" className="mb-4">
            You have view-only access, so the form is read-only. Ask an administrator for the editor
            role to generate content.
          </Alert>
        ) : null}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <GeneratorForm
              values={screen.values}
              onChange={screen.change}
              personas={props.personas}
              industries={props.industries}
              buyingStages={props.buyingStages}
              catalog={props.catalog}
              catalogFailed={props.catalogFailed}
              settings={screen.settings}
              intent={screen.intent}
              audienceError={audience.isError}
              readOnly={!screen.canGenerate}
              isGenerating={generation.isPending}
              onSubmit={screen.submit}
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
            {props.writer ? <WriterCard writer={props.writer} /> : null}
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
      </GeneratorTabPanel>

      {result ? (
        <GeneratorResultPanels
          headingRef={resultHeading}
          result={result}
          tab={tab}
          revision={screen.revision}
          threshold={screen.threshold}
          initialKeyword={screen.values.primaryKeyword}
          intentKeywords={screen.intent?.topKeywords.map((k) => k.keyword) ?? []}
          onKept={screen.keep}
          itemPath={props.itemPath?.(result.contentItemId)}
        />
      ) : null}
    </div>
  );
}
