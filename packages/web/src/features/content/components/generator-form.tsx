import {
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  type BuyingStage,
  type CompanyCatalog,
  type GenerationSettings,
  type Industry,
  type Persona,
} from "@content-studio/contract";
import { Sparkles, X } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { SwitchField } from "../../../components/ui/switch-field";
import { Button } from "../../../components/ui/button";
import { CheckboxGroup } from "../../../components/ui/checkbox-group";
import { TextField } from "../../../components/ui/field";
import { OptionsField, optionsOf } from "../../../components/ui/options-field";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import {
  effectiveOptions,
  hasRequiredFields,
  type GeneratorFormValues,
} from "../utils/generation-request";
import type { IntentSummary } from "../utils/intent-data";
import { capitalize } from "../utils/text";
import { AccordionSection } from "./accordion-section";

const AUDIENCE_DATA_ERROR = "Failed to fetch target audience data. Please try again.";
const TOPIC_PLACEHOLDER = "e.g., The ROI of digital manufacturing simulation for engineering teams";
const MAX_INSIGHTS = 3;

type SectionId = "audience" | "details" | "options";

/** The choices the form offers, loaded by the route. */
export interface GeneratorFormChoices {
  personas: Persona[];
  industries: Industry[];
  buyingStages: readonly BuyingStage[];
  /** The vendor's key metrics and solutions; undefined while loading. */
  catalog: CompanyCatalog | undefined;
  catalogFailed?: boolean;
}

interface GeneratorFormProps extends GeneratorFormChoices {
  values: GeneratorFormValues;
  onChange: (patch: Partial<GeneratorFormValues>) => void;
  settings: GenerationSettings | undefined;
  /** Intent data of the chosen audience, when there is any. */
  intent: IntentSummary | null;
  audienceError: boolean;
  /** Viewers see the form but cannot change or submit it. */
  readOnly: boolean;
  isGenerating: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** Messages under the button (validation and generation errors). */
  messages?: ReactNode;
}

/** The generation form: three sections, one open at a time, the audience first. */
export function GeneratorForm(props: GeneratorFormProps) {
  const { values, onChange, readOnly, isGenerating } = props;
  const [open, setOpen] = useState<SectionId | null>("audience");
  const toggle = (section: SectionId) =>
    setOpen((current) => (current === section ? null : section));
  const persona = props.personas.find((p) => p.id === values.personaId);
  const industry = props.industries.find((i) => i.id === values.industryId);
  const options = effectiveOptions(values, props.settings);
  const locked = readOnly || isGenerating;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!readOnly && !isGenerating) props.onSubmit();
  };

  const audienceSummary = [
    persona?.title,
    industry?.name,
    values.buyingStage && capitalize(values.buyingStage),
  ]
    .filter(Boolean)
    .join(" · ");
  const optionsSummary = [
    `Benchmarks ${options.useBenchmarkExamples ? "on" : "off"}`,
    `Quality check ${options.performQualityCheck ? "on" : "off"}`,
    `Auto-refine ${options.autoRefine ? "on" : "off"}`,
  ].join(" · ");

  return (
    <form aria-label="Content generation" noValidate onSubmit={handleSubmit} className="space-y-4">
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <AccordionSection
          title="Target Audience"
          summary={audienceSummary}
          open={open === "audience"}
          onToggle={() => toggle("audience")}
        >
          <fieldset disabled={locked} className="space-y-5">
            <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
              <OptionsField
                label="Persona"
                value={values.personaId}
                onChange={(value) => onChange({ personaId: value })}
                emptyLabel="Select a persona"
                options={props.personas.map((p) => ({ value: p.id, label: p.title }))}
              />
              <OptionsField
                label="Industry"
                value={values.industryId}
                onChange={(value) => onChange({ industryId: value })}
                emptyLabel="Select an industry"
                options={props.industries.map((i) => ({ value: i.id, label: i.name }))}
              />
              <OptionsField
                label="Buying Stage"
                value={values.buyingStage}
                onChange={(buyingStage) => onChange({ buyingStage })}
                emptyLabel="Select a buying stage"
                options={optionsOf(props.buyingStages, capitalize)}
              />
            </div>
            {persona || industry ? (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                {persona ? (
                  <InsightCard title={persona.title}>
                    <InsightList title="Pain points" items={persona.painPoints} />
                    <InsightList title="Goals" items={persona.goals} />
                  </InsightCard>
                ) : null}
                {industry ? (
                  <InsightCard title={industry.name}>
                    <InsightList title="Top challenges" items={industry.topChallenges} />
                    <InsightList title="Key drivers" items={industry.keyDrivers} />
                  </InsightCard>
                ) : null}
              </div>
            ) : null}
            {props.audienceError ? <Alert>{AUDIENCE_DATA_ERROR}</Alert> : null}
          </fieldset>
        </AccordionSection>

        <AccordionSection
          title="Content Details"
          summary={values.contentTopic.trim()}
          open={open === "details"}
          onToggle={() => toggle("details")}
        >
          <fieldset disabled={locked} className="space-y-5">
            <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
              <div className="md:col-span-2">
                <TextField
                  label="Content Topic"
                  value={values.contentTopic}
                  maxLength={500}
                  placeholder={TOPIC_PLACEHOLDER}
                  onChange={(e) => onChange({ contentTopic: e.target.value })}
                />
              </div>
              <OptionsField
                label="Content Type"
                value={values.contentType}
                onChange={(contentType) => onChange({ contentType })}
                emptyLabel="Select a content type"
                options={optionsOf(CONTENT_TYPES, CONTENT_TYPE_LABELS)}
              />
            </div>
            <CheckboxGroup
              legend="Key Metrics"
              options={(props.catalog?.keyMetrics ?? []).map((m) => ({
                value: m.label,
                label: m.label,
              }))}
              selected={values.keyMetrics}
              onChange={(keyMetrics) => onChange({ keyMetrics })}
              emptyText={catalogText(props, "key metrics")}
            />
            <CheckboxGroup
              legend="Featured Solutions"
              options={(props.catalog?.solutions ?? []).map((s) => ({
                value: s.name,
                label: s.name,
                description: s.description,
              }))}
              selected={values.featuredSolutions}
              onChange={(featuredSolutions) => onChange({ featuredSolutions })}
              emptyText={catalogText(props, "solutions")}
            />
            {/* Last, so that its arriving with the audience's data moves no field above it. */}
            {props.intent ? (
              <IntentPanel
                intent={props.intent}
                primaryKeyword={values.primaryKeyword}
                onPrimaryKeyword={(primaryKeyword) => onChange({ primaryKeyword })}
              />
            ) : null}
          </fieldset>
        </AccordionSection>

        <AccordionSection
          title="Generation Options"
          summary={optionsSummary}
          open={open === "options"}
          onToggle={() => toggle("options")}
        >
          <fieldset disabled={locked} className="space-y-5">
            <SwitchField
              label="Use Benchmark Examples"
              description="Show the writer the closest good and bad examples from the repository."
              checked={options.useBenchmarkExamples}
              onChange={(useBenchmarkExamples) => onChange({ useBenchmarkExamples })}
            />
            <SwitchField
              label="Perform Quality Check"
              description="Score the draft against the quality criteria and the benchmark examples."
              checked={options.performQualityCheck}
              onChange={(performQualityCheck) => onChange({ performQualityCheck })}
            />
            <SwitchField
              label="Auto-Refine Content"
              description="Rewrite a draft that scores below the auto-refine threshold."
              checked={options.autoRefine}
              onChange={(autoRefine) => onChange({ autoRefine })}
            />
          </fieldset>
        </AccordionSection>
      </div>

      {/* The messages sit right under the button that caused them. */}
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={readOnly || isGenerating || !hasRequiredFields(values)}>
            {isGenerating ? (
              <>
                <Spinner className="size-4" />
                Generating Content...
              </>
            ) : (
              <>
                <Sparkles aria-hidden="true" className="size-4" />
                Generate Content
              </>
            )}
          </Button>
          {isGenerating ? (
            <Button variant="secondary" onClick={props.onCancel}>
              <X aria-hidden="true" className="size-4" />
              Cancel
            </Button>
          ) : null}
        </div>
        {props.messages}
      </div>
    </form>
  );
}

function catalogText(props: GeneratorFormProps, what: string): string {
  if (props.catalog) return `No ${what} are defined.`;
  return props.catalogFailed ? `The ${what} could not be loaded.` : `Loading ${what}...`;
}

function InsightCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </div>
  );
}

function InsightList({ title, items }: { title: string; items: string[] }) {
  const shown = items.slice(0, MAX_INSIGHTS);
  return (
    <div>
      <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{title}</h4>
      {shown.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">None listed.</p>
      ) : (
        <ul aria-label={title} className="mt-1.5 list-disc space-y-1 pl-4 text-sm text-slate-700">
          {shown.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function IntentPanel({
  intent,
  primaryKeyword,
  onPrimaryKeyword,
}: {
  intent: IntentSummary;
  primaryKeyword: string;
  onPrimaryKeyword: (keyword: string) => void;
}) {
  const stages = [
    ["Awareness", intent.buyingStages.awareness],
    ["Consideration", intent.buyingStages.consideration],
    ["Decision", intent.buyingStages.decision],
  ] as const;
  return (
    <section
      aria-label="Intent data"
      className="rounded-lg border border-primary/20 bg-primary-soft p-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">Intent data</h3>
      <div className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-2">
        <div>
          <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            Top keywords
          </h4>
          {intent.topKeywords.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">No keywords yet.</p>
          ) : (
            <>
              <ul aria-label="Top keywords" className="mt-2 flex flex-wrap gap-2">
                {intent.topKeywords.map(({ keyword, volume }) => {
                  const chosen = primaryKeyword === keyword;
                  return (
                    <li key={keyword}>
                      <button
                        type="button"
                        aria-pressed={chosen}
                        onClick={() => onPrimaryKeyword(chosen ? "" : keyword)}
                        className={cn(
                          "rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset",
                          chosen
                            ? "bg-primary text-primary-foreground ring-primary"
                            : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
                        )}
                      >
                        {keyword}
                        {volume !== null ? (
                          <span
                            className={chosen ? "text-primary-foreground/80" : "text-slate-400"}
                          >
                            {" "}
                            · {volume.toLocaleString("en-US")}
                          </span>
                        ) : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
              <p className="mt-2 text-xs text-slate-500">
                Choose a keyword to optimise the content for it.
              </p>
            </>
          )}
        </div>
        <div>
          <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            Buying-stage intent
          </h4>
          <dl className="mt-2 grid grid-cols-3 gap-2">
            {stages.map(([label, percent]) => (
              <div key={label} className="rounded-md bg-white px-3 py-2 ring-1 ring-slate-200">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-lg font-semibold text-slate-900">{Math.round(percent)}%</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
