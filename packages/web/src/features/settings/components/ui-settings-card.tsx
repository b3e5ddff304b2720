import { Check } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { SwitchField } from "../../../components/ui/switch-field";
import { SaveForm } from "../../../components/ui/save-form";
import { cn } from "../../../lib/cn";
import type { UiSettingsForm } from "../hooks/use-ui-settings-form";
import { ACCENT_COLORS, type AccentColor } from "../utils/ui-settings";
import { SaveRow } from "./settings-parts";

const ACCENT_LABELS: Record<AccentColor, string> = {
  blue: "Blue",
  green: "Green",
  purple: "Purple",
  red: "Red",
  orange: "Orange",
  teal: "Teal",
};

/** UI Settings: dark mode, accent colour and compact mode, personal to each user. */
export function UiSettingsCard({ form }: { form: UiSettingsForm }) {
  const { draft } = form;
  return (
    <Card
      title="UI Settings"
      description="Personal display preferences: saved with your account, so they follow you to every browser you sign into, and shown as you change them."
    >
      <SaveForm label="UI settings" className="space-y-6" onSave={form.save}>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <div className="space-y-4">
            <SwitchField
              label="Dark Mode"
              description="Light text on dark backgrounds."
              checked={draft.darkMode}
              onChange={(value) => form.set("darkMode", value)}
            />
            <SwitchField
              label="Compact Mode"
              description="Tighter spacing, so more fits on the screen."
              checked={draft.compactMode}
              onChange={(value) => form.set("compactMode", value)}
            />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Accent Color</legend>
            <p className="mt-0.5 text-sm text-slate-500">Used for buttons and highlights.</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {ACCENT_COLORS.map((color) => (
                <label
                  key={color}
                  data-accent={color}
                  className={cn(
                    "relative flex cursor-pointer items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm text-slate-700 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-primary has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-white",
                    draft.accentColor === color
                      ? "border-primary bg-primary/10"
                      : "border-slate-200 hover:bg-slate-50",
                  )}
                >
                  <input
                    type="radio"
                    name="accent-color"
                    value={color}
                    checked={draft.accentColor === color}
                    onChange={() => form.set("accentColor", color)}
                    className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
                  />
                  <span
                    aria-hidden="true"
                    className="flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground"
                  >
                    {draft.accentColor === color ? <Check className="size-3.5" /> : null}
                  </span>
                  {ACCENT_LABELS[color]}
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        {form.notice ? <Alert tone={form.notice.tone}>{form.notice.text}</Alert> : null}
        <SaveRow dirty={form.dirty}>
          <Button type="submit" disabled={!form.dirty || form.saving}>
            {form.saving ? "Saving..." : "Save UI Settings"}
          </Button>
        </SaveRow>
      </SaveForm>
    </Card>
  );
}
