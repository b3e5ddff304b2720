import { BUYING_STAGES, type BuyingStage } from "@content-studio/contract";
import { Card } from "../../../components/ui/card";
import { SelectField } from "../../../components/ui/field";
import { SelectOptions } from "../../../components/ui/options-field";
import type { BriefOptions } from "./brief-form-state";
import { FactPicker } from "./fact-picker";
import type { BriefFormBinding } from "./use-brief-editor-screen";

interface BriefProofCardProps extends BriefFormBinding {
  options: BriefOptions;
  /** The company profile's offers that suit a stage. */
  offersFor: (stage: BuyingStage) => BriefOptions["offers"];
}

const stageLabel = (stage: BuyingStage) => stage[0]!.toUpperCase() + stage.slice(1);

/** The approved facts the copy may use and the offer (call to action) of each buying stage. */
export function BriefProofCard({
  values,
  set,
  fields,
  fieldError,
  options,
  offersFor,
}: BriefProofCardProps) {
  return (
    <Card title="Proof and offers">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <FactPicker
          facts={options.facts}
          loading={options.factsLoading}
          selected={values.factIds}
          onChange={(ids) => set("factIds", ids)}
          error={fieldError("factIds")}
        />
        <fieldset className="space-y-4">
          <legend className="text-sm font-medium text-slate-700">Offer per stage</legend>
          <p className="text-xs text-slate-500">
            The call to action of each stage, from the company profile&apos;s offers that suit it.
          </p>
          {BUYING_STAGES.map((stage) => {
            const current = values.offers[stage];
            const choices = offersFor(stage);
            return (
              <SelectField
                key={stage}
                label={`${stageLabel(stage)} offer`}
                value={current ?? ""}
                onChange={(e) =>
                  set("offers", { ...values.offers, [stage]: e.target.value || null })
                }
                error={fields[`offers.${stage}`]}
              >
                <option value="">No offer</option>
                {current && !choices.some((o) => o.name === current) ? (
                  <option value={current}>{current} (not available)</option>
                ) : null}
                <SelectOptions options={choices.map((o) => ({ value: o.name, label: o.name }))} />
              </SelectField>
            );
          })}
        </fieldset>
      </div>
    </Card>
  );
}
