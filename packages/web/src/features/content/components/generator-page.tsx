import { Plus } from "lucide-react";
import { useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import type { GeneratorFormValues } from "../utils/generation-request";
import { AudienceFocus } from "./audience-focus";
import { GenerationProgress } from "./generation-progress";
import { GeneratorForm, type GeneratorFormChoices } from "./generator-form";
import { GeneratorResultPanels } from "./generator-result-panels";
import { GeneratorTabPanel, GeneratorTabs } from "./generator-tabs";
import { useGeneratorScreen } from "./use-generator-screen";
import { WriterCard, type GeneratorWriter } from "./writer-card";

export interface GeneratorPageProps extends GeneratorFormChoices {
  /** The current writer; `offline` when it is the built-in outline writer. */
  writer?: GeneratorWriter;
  /** Audience to start from (e.g. a coverage-map cell: persona, industry and stage). */
  initialValues?: Partial<GeneratorFormValues>;
  /** The permanent address of a stored generation (its library page); the result links there. */
  itemPath?: (contentItemId: string) => string;
}

/** /generate: generates targeted content, then optimises, visualises and repurposes it. */
export function GeneratorPage({ writer, initialValues, itemPath, ...choices }: GeneratorPageProps) {
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const screen = useGeneratorScreen({ initialValues, resultHeading });
  const { tab, optimize, generation, audience, validationError, generationError } = screen;

  return (
    <div>
      <PageHeader
        title="Content Generator"
        description="Targeted content for a persona, an industry and a buying stage."
        actions={
          optimize ? (
            <Button variant="secondary" onClick={screen.startOver}>
              <Plus aria-hidden="true" className="size-4" />
              New Content
            </Button>
          ) : null
        }
      />
      <GeneratorTabs active={tab} hasContent={optimize !== null} onSelect={screen.setTab} />

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
              {...choices}
              {...screen.form}
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
            {writer ? <WriterCard writer={writer} /> : null}
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

      {optimize ? (
        <GeneratorResultPanels
          headingRef={resultHeading}
          tab={tab}
          optimize={optimize}
          itemPath={itemPath?.(optimize.result.contentItemId)}
        />
      ) : null}
    </div>
  );
}
