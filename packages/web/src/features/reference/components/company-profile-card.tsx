import { BUYING_STAGES, type BuyingStage } from "@content-studio/contract";
import { Plus } from "lucide-react";
import type { ChangeEvent, ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { LoadingText } from "../../../components/ui/spinner";
import { TrashButton } from "../../../components/ui/trash-button";
import { SaveForm } from "../../../components/ui/save-form";
import { CompanyVoiceSection } from "./company-voice-section";
import type { CompanyProfileDraft, CompanyProfileForm } from "./use-company-profile-form";

/** Shown while the profile is the first-run sample. */
export const SAMPLE_PROFILE_NOTICE =
  "This is a sample profile: replace it with your company's details. Until an administrator saves it, generated content points to none of its offers.";

/** The keys of `T` whose values are strings: the ones a text field edits. */
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

const STAGE_LABELS: Record<BuyingStage, string> = {
  awareness: "Awareness",
  consideration: "Consideration",
  decision: "Decision",
};

function ListSection({
  title,
  hint,
  addLabel,
  onAdd,
  disabled,
  children,
}: {
  title: string;
  hint: string;
  addLabel: string;
  onAdd: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{title}</legend>
      <p className="text-sm text-slate-500">{hint}</p>
      <div className="space-y-3">{children}</div>
      {disabled ? null : (
        <Button type="button" size="sm" variant="secondary" onClick={onAdd}>
          <Plus className="size-4" aria-hidden="true" />
          {addLabel}
        </Button>
      )}
    </fieldset>
  );
}

/**
 * Admins: the company profile the generator, the writers and the quality check read — name,
 * description, voice, solutions, key metrics (the generator's checkboxes) and the offers calls
 * to action may point to, per buying stage.
 */
export function CompanyProfileCard({
  form,
  canEdit,
}: {
  form: CompanyProfileForm;
  canEdit: boolean;
}) {
  const { draft, fieldErrors: errors } = form;
  const readOnly = !canEdit;

  const set = <K extends keyof CompanyProfileDraft>(key: K, value: CompanyProfileDraft[K]) => {
    if (draft) form.change({ ...draft, [key]: value });
  };
  const replaceAt = <T,>(items: T[], index: number, item: T) =>
    items.map((current, i) => (i === index ? item : current));
  const removeAt = <T,>(items: T[], index: number) => items.filter((_, i) => i !== index);
  /** Binds a text field or area to `value`, with the error at `path`; `change` stores an edit. */
  const textField = (value: string, path: string, change: (next: string) => void) => ({
    value,
    readOnly,
    error: errors[path],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(e.target.value),
  });
  /** Binds the text fields of item `index` of the list at `path`; `replace` stores a changed item. */
  const itemFields =
    <T extends object>(path: string, index: number, item: T, replace: (next: T) => void) =>
    (field: TextKeys<T>) =>
      textField(item[field] as string, `${path}.${index}.${field}`, (next) =>
        replace({ ...item, [field]: next }),
      );

  return (
    <Card
      title="Company Profile"
      description="Who you are and what generated content may mention: the generator's solutions and key metrics, the writers' company description, and the offers calls to action link to."
    >
      {form.loading ? (
        <LoadingText>Loading company profile...</LoadingText>
      ) : form.loadError || !draft ? (
        <Alert>{form.loadError?.message ?? "Failed to load the company profile."}</Alert>
      ) : (
        <SaveForm label="Company profile" className="space-y-8" onSave={form.save}>
          {form.isSample ? <Alert tone="info">{SAMPLE_PROFILE_NOTICE}</Alert> : null}
          <div className="grid gap-4 lg:grid-cols-2">
            <TextField
              label="Company name"
              {...textField(draft.companyName, "companyName", (next) => set("companyName", next))}
              maxLength={120}
              required
            />
            <TextAreaField
              label="Short description"
              {...textField(draft.description, "description", (next) => set("description", next))}
              rows={3}
              maxLength={600}
            />
          </div>

          <CompanyVoiceSection
            voice={draft.voice}
            readOnly={readOnly}
            errors={errors}
            onChange={(voice) => set("voice", voice)}
          />

          <ListSection
            title="Solutions"
            hint="Offered as Featured Solutions in the generator."
            addLabel="Add solution"
            disabled={readOnly}
            onAdd={() =>
              set("solutions", [...draft.solutions, { name: "", description: "", product: "" }])
            }
          >
            {draft.solutions.map((solution, index) => {
              const field = itemFields("solutions", index, solution, (next) =>
                set("solutions", replaceAt(draft.solutions, index, next)),
              );
              return (
                <div
                  key={index}
                  className="grid items-start gap-3 rounded-lg border border-slate-200 p-3 md:grid-cols-[1fr_2fr_1fr_auto]"
                >
                  <TextField label="Name" {...field("name")} required />
                  <TextField
                    label="One-line description"
                    {...field("description")}
                    maxLength={300}
                    required
                  />
                  <TextField label="Product" {...field("product")} />
                  {readOnly ? null : (
                    <div className="md:pt-6">
                      <TrashButton
                        label={`Remove solution ${solution.name || index + 1}`}
                        onClick={() => set("solutions", removeAt(draft.solutions, index))}
                      />
                    </div>
                  )}
                </div>
              );
            })}
          </ListSection>

          <ListSection
            title="Key metrics"
            hint="Offered as Key Metrics checkboxes in the generator; the writers may cite only these figures."
            addLabel="Add key metric"
            disabled={readOnly}
            onAdd={() => set("keyMetrics", [...draft.keyMetrics, { label: "" }])}
          >
            {draft.keyMetrics.map((metric, index) => (
              <div key={index} className="flex items-start gap-2">
                <div className="flex-1">
                  <TextField
                    label={`Key metric ${index + 1}`}
                    value={metric.label}
                    maxLength={200}
                    readOnly={readOnly}
                    error={
                      errors[`keyMetrics.${index}.label`] ?? errors[`keyMetrics.${index}.name`]
                    }
                    onChange={(e) =>
                      set(
                        "keyMetrics",
                        replaceAt(draft.keyMetrics, index, { label: e.target.value }),
                      )
                    }
                    required
                  />
                </div>
                {readOnly ? null : (
                  <div className="pt-6">
                    <TrashButton
                      label={`Remove key metric ${index + 1}`}
                      onClick={() => set("keyMetrics", removeAt(draft.keyMetrics, index))}
                    />
                  </div>
                )}
              </div>
            ))}
          </ListSection>

          <ListSection
            title="Offers"
            hint="What calls to action may point to (https addresses), and the buying stages each suits."
            addLabel="Add offer"
            disabled={readOnly}
            onAdd={() =>
              set("offers", [...draft.offers, { name: "", url: "https://", stages: [] }])
            }
          >
            {draft.offers.map((offer, index) => {
              const field = itemFields("offers", index, offer, (next) =>
                set("offers", replaceAt(draft.offers, index, next)),
              );
              return (
                <div
                  key={index}
                  className="grid items-start gap-3 rounded-lg border border-slate-200 p-3 md:grid-cols-[1fr_1.5fr_auto]"
                >
                  <TextField label="Offer name" {...field("name")} required />
                  <TextField label="URL" type="url" {...field("url")} required />
                  {readOnly ? null : (
                    <div className="md:pt-6">
                      <TrashButton
                        label={`Remove offer ${offer.name || index + 1}`}
                        onClick={() => set("offers", removeAt(draft.offers, index))}
                      />
                    </div>
                  )}
                  <fieldset className="md:col-span-3">
                    <legend className="text-sm font-medium text-slate-700">Buying stages</legend>
                    <div className="mt-1 flex flex-wrap gap-4">
                      {BUYING_STAGES.map((stage) => (
                        <label
                          key={stage}
                          className="flex items-center gap-2 text-sm text-slate-700"
                        >
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            checked={offer.stages.includes(stage)}
                            disabled={readOnly}
                            onChange={(e) =>
                              set(
                                "offers",
                                replaceAt(draft.offers, index, {
                                  ...offer,
                                  stages: e.target.checked
                                    ? BUYING_STAGES.filter(
                                        (s) => s === stage || offer.stages.includes(s),
                                      )
                                    : offer.stages.filter((s) => s !== stage),
                                }),
                              )
                            }
                          />
                          {STAGE_LABELS[stage]}
                        </label>
                      ))}
                    </div>
                    {errors[`offers.${index}.stages`] ? (
                      <p className="mt-1 text-sm text-red-600">
                        {errors[`offers.${index}.stages`]}
                      </p>
                    ) : null}
                  </fieldset>
                </div>
              );
            })}
          </ListSection>

          <p className="text-sm text-slate-500">
            Banned phrases are edited under Content Generation Defaults; the writers and the quality
            check use that one list.
          </p>
          {form.notice ? <Alert tone={form.notice.tone}>{form.notice.text}</Alert> : null}
          {canEdit ? (
            <Button type="submit" disabled={!form.dirty || form.saving}>
              {form.saving ? "Saving..." : "Save Company Profile"}
            </Button>
          ) : (
            <p className="text-sm text-slate-500">
              Only administrators can change the company profile.
            </p>
          )}
        </SaveForm>
      )}
    </Card>
  );
}
