import type { CampaignBrief } from "@content-studio/contract";
import { Card } from "../../../components/ui/card";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { SelectOptions } from "../../../components/ui/options-field";
import type { BriefFormValues } from "./brief-form-state";
import type { GridOption } from "./cell-grid";
import type { SetBriefValue } from "./use-brief-editor-screen";

interface BriefMessageCardProps {
  /** Undefined for a new brief. */
  brief: CampaignBrief | undefined;
  values: BriefFormValues;
  set: SetBriefValue;
  fields: Record<string, string>;
  /** People a brief may be given to; null when the caller may not assign owners. */
  owners: GridOption[] | null;
}

/** The brief's name, objective, key message, owner and due date. */
export function BriefMessageCard({ brief, values, set, fields, owners }: BriefMessageCardProps) {
  return (
    <Card title="Message">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextField
            label="Name"
            value={values.name}
            onChange={(e) => set("name", e.target.value)}
            maxLength={200}
            required
            error={fields.name}
          />
        </div>
        <TextAreaField
          label="Objective"
          rows={3}
          value={values.objective}
          onChange={(e) => set("objective", e.target.value)}
          maxLength={2000}
          hint="What the campaign should achieve."
          error={fields.objective}
        />
        <TextAreaField
          label="Key message"
          rows={3}
          value={values.keyMessage}
          onChange={(e) => set("keyMessage", e.target.value)}
          maxLength={2000}
          required
          hint="The one thing every asset says."
          error={fields.keyMessage}
        />
        {owners ? (
          <SelectField
            label="Owner"
            value={values.ownerId}
            onChange={(e) => set("ownerId", e.target.value)}
            error={fields.ownerId}
          >
            {brief ? null : <option value="">Me</option>}
            {brief && !owners.some((o) => o.id === brief.ownerId) ? (
              <option value={brief.ownerId}>{brief.ownerName || brief.ownerId}</option>
            ) : null}
            <SelectOptions options={owners.map((o) => ({ value: o.id, label: o.name }))} />
          </SelectField>
        ) : null}
        <TextField
          label="Due date"
          type="date"
          value={values.dueDate}
          onChange={(e) => set("dueDate", e.target.value)}
          error={fields.dueDate}
        />
      </div>
    </Card>
  );
}
