import type { GenerationSettings } from "@content-studio/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextAreaField } from "../../../components/ui/field";
import { SwitchField } from "../../../components/ui/switch-field";
import { SaveForm } from "../../../components/ui/save-form";
import type { GenerationForm } from "../hooks/use-generation-form";
import { ReadOnlyNote, SaveRow, SettingsCard } from "./settings-parts";
import { ThresholdSlider } from "./threshold-slider";

/** The generator's options that new content starts with, as switches. */
const OPTION_SWITCHES: {
  setting: "defaultUseBenchmarks" | "defaultQualityCheck" | "defaultAutoRefine" | "editorReview";
  label: string;
  description: string;
}[] = [
  {
    setting: "defaultUseBenchmarks",
    label: "Use Benchmark Examples",
    description: "Compare new content with the good and bad examples.",
  },
  {
    setting: "defaultQualityCheck",
    label: "Perform Quality Check",
    description: "Score new content against the quality criteria.",
  },
  {
    setting: "defaultAutoRefine",
    label: "Auto-Refine Content",
    description: "Rewrite drafts that score below the auto-refine threshold.",
  },
  {
    setting: "editorReview",
    label: "Editor's review",
    description:
      "The AI model reviews each quality check against an editor's rubric; costs one model call per check.",
  },
];

/** The two quality thresholds, as sliders. */
const THRESHOLDS: {
  setting: "qualityThreshold" | "autoRefineThreshold";
  label: string;
  hint: string;
}[] = [
  {
    setting: "qualityThreshold",
    label: "Quality Threshold",
    hint: "Content scoring above this meets the quality standards.",
  },
  {
    setting: "autoRefineThreshold",
    label: "Auto-Refine Threshold",
    hint: "Auto-refine rewrites a draft whose first score is below this.",
  },
];

interface GenerationDefaultsCardProps {
  loading: boolean;
  loadError: Error | null;
  form: GenerationForm;
  canEdit: boolean;
}

/**
 * Content Generation Defaults: the generator's option defaults, the two quality
 * thresholds, whether authors may approve their own content, and the banned phrases the
 * quality check penalises. Stored on the server.
 */
export function GenerationDefaultsCard({
  loading,
  loadError,
  form,
  canEdit,
}: GenerationDefaultsCardProps) {
  return (
    <SettingsCard
      title="Content Generation Defaults"
      description="How new content is generated and checked, for everyone in the organisation."
      loading={loading}
      loadingText="Loading generation defaults..."
      loadError={loadError}
      failedText="The generation defaults could not be loaded."
      data={form.draft}
    >
      {(draft) => <DefaultsForm draft={draft} form={form} canEdit={canEdit} />}
    </SettingsCard>
  );
}

function DefaultsForm({
  draft,
  form,
  canEdit,
}: {
  draft: GenerationSettings;
  form: GenerationForm;
  canEdit: boolean;
}) {
  return (
    <SaveForm label="Content generation defaults" className="space-y-6" onSave={form.save}>
      <fieldset disabled={!canEdit} className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <legend className="sr-only">Defaults and thresholds</legend>
        <div className="space-y-4">
          <h3 className="text-sm font-semibold text-slate-900">Generation options</h3>
          {OPTION_SWITCHES.map((option) => (
            <SwitchField
              key={option.setting}
              label={option.label}
              description={option.description}
              checked={draft[option.setting]}
              disabled={!canEdit}
              onChange={(value) => form.set(option.setting, value)}
            />
          ))}
        </div>
        <div className="space-y-5">
          <h3 className="text-sm font-semibold text-slate-900">Thresholds</h3>
          {THRESHOLDS.map((threshold) => (
            <ThresholdSlider
              key={threshold.setting}
              label={threshold.label}
              hint={threshold.hint}
              value={draft[threshold.setting]}
              disabled={!canEdit}
              onChange={(value) => form.set(threshold.setting, value)}
            />
          ))}
          <h3 className="pt-2 text-sm font-semibold text-slate-900">Approval</h3>
          <SwitchField
            label="Authors may approve their own content"
            description="For a one-person team. Otherwise another admin approves each item; an approval by its own author is marked as such on the item."
            checked={draft.allowSelfApproval}
            disabled={!canEdit}
            onChange={(value) => form.set("allowSelfApproval", value)}
          />
        </div>
      </fieldset>

      <TextAreaField
        label="Banned phrases"
        value={form.draftText}
        onChange={(event) => form.editPhrases(event.target.value)}
        readOnly={!canEdit}
        rows={8}
        spellCheck={false}
        error={form.phrasesError ?? undefined}
        hint="One phrase per line (2 to 80 characters). The quality check penalises content that uses them; case is ignored."
        className="font-mono"
      />

      {form.notice ? <Alert tone={form.notice.tone}>{form.notice.text}</Alert> : null}
      {canEdit ? (
        <SaveRow dirty={form.dirty}>
          <Button type="submit" disabled={form.saving || !form.dirty || form.phrasesError !== null}>
            {form.saving ? "Saving..." : "Save Generation Defaults"}
          </Button>
        </SaveRow>
      ) : (
        <ReadOnlyNote />
      )}
    </SaveForm>
  );
}
