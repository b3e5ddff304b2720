import type { CampaignBrief } from "@content-studio/contract";
import { Card } from "../../../components/ui/card";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { SelectOptions } from "../../../components/ui/options-field";
import type { GridOption } from "./cell-grid";
import type { BriefTextField } from "./use-brief-editor-screen";

interface BriefMessageCardProps {
  /** Undefined for a new brief. */
  brief: CampaignBrief | undefined;
  textField: BriefTextField;
  /** People a brief may be given to; null when the caller may not assign owners. */
  owners: GridOption[] | null;
}

/** The brief's name, objective, key message, owner and due date. */
export function BriefMessageCard({ brief, textField, owners }: BriefMessageCardProps) {
  return (
    <Card title="Message">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextField label="Name" {...textField("name")} maxLength={200} required />
        </div>
        <TextAreaField
          label="Objective"
          rows={3}
          {...textField("objective")}
          maxLength={2000}
          hint="What the campaign should achieve."
        />
        <TextAreaField
          label="Key message"
          rows={3}
          {...textField("keyMessage")}
          maxLength={2000}
          required
          hint="The one thing every asset says."
        />
        {owners ? (
          <SelectField label="Owner" {...textField("ownerId")}>
            {brief ? null : <option value="">Me</option>}
            {brief && !owners.some((o) => o.id === brief.ownerId) ? (
              <option value={brief.ownerId}>{brief.ownerName || brief.ownerId}</option>
            ) : null}
            <SelectOptions options={owners.map((o) => ({ value: o.id, label: o.name }))} />
          </SelectField>
        ) : null}
        <TextField label="Due date" type="date" {...textField("dueDate")} />
      </div>
    </Card>
  );
}
