import { BUILTIN_WRITER_DESCRIPTION, type AiServiceInfo } from "@content-studio/contract";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FieldLabel, SelectField } from "../../../components/ui/field";
import { SelectOptions } from "../../../components/ui/options-field";
import { SaveForm } from "../../../components/ui/save-form";
import { cn } from "../../../lib/cn";
import type { AiProviderForm } from "../hooks/use-ai-provider-form";
import { ReadOnlyNote, SaveRow, SettingsCard } from "./settings-parts";

type ProviderInfo = AiServiceInfo["providers"][number];

/** What the server needs before each provider can be chosen (it reports only availability). */
const ENABLE_HINTS: Record<string, string> = {
  openai: "Set OPENAI_API_KEY on the server to enable.",
  google: "Set GOOGLE_GENERATIVE_AI_API_KEY on the server to enable.",
  compatible: "Set OPENAI_COMPATIBLE_BASE_URL and OPENAI_COMPATIBLE_MODEL on the server to enable.",
};

/** The environment variable that holds each provider's key. */
const KEY_VARIABLES: Record<string, string> = {
  openai: "OPENAI_API_KEY",
  google: "GOOGLE_GENERATIVE_AI_API_KEY",
  compatible: "OPENAI_COMPATIBLE_API_KEY",
};

const MASK = "••••••••";

function statusText(provider: ProviderInfo): string {
  if (!provider.available) return ENABLE_HINTS[provider.id] ?? "Not configured on the server.";
  if (provider.id === "builtin")
    return `Works offline; no key needed. ${BUILTIN_WRITER_DESCRIPTION}`;
  if (provider.id === "compatible") return "Endpoint configured on the server.";
  return "Key set on the server.";
}

interface AiProviderCardProps {
  info: AiServiceInfo | undefined;
  loading: boolean;
  loadError: Error | null;
  form: AiProviderForm;
  canEdit: boolean;
}

/** AI Provider Settings: provider, model, the (hinted) key and the current choice. */
export function AiProviderCard({ info, loading, loadError, form, canEdit }: AiProviderCardProps) {
  return (
    <SettingsCard
      title="AI Provider Settings"
      description="The AI service and model that write generated content, for everyone in the organisation."
      loading={loading}
      loadingText="Loading AI providers..."
      loadError={loadError}
      failedText="The AI provider settings could not be loaded."
      data={info}
    >
      {(loaded) => <ProviderForm info={loaded} form={form} canEdit={canEdit} />}
    </SettingsCard>
  );
}

function ProviderForm({
  info,
  form,
  canEdit,
}: {
  info: AiServiceInfo;
  form: AiProviderForm;
  canEdit: boolean;
}) {
  const name = useId();
  const chosen = info.providers.find((p) => p.id === form.draft?.provider);

  return (
    <SaveForm label="AI provider settings" className="space-y-5" onSave={form.save}>
      <p className="text-sm text-slate-700">
        Currently using <strong className="font-semibold">{info.providerLabel}</strong> with model{" "}
        <strong className="font-semibold">{info.model}</strong>
      </p>

      <fieldset disabled={!canEdit}>
        <legend className="mb-2 text-sm font-medium text-slate-700">Provider</legend>
        {info.providers.length === 0 ? (
          <p className="text-sm text-slate-500">The server lists no AI providers.</p>
        ) : (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {info.providers.map((provider) => (
              <ProviderOption
                key={provider.id}
                name={name}
                provider={provider}
                checked={provider.id === form.draft?.provider}
                onChoose={() => form.chooseProvider(provider.id)}
              />
            ))}
          </div>
        )}
      </fieldset>

      <SelectField
        label="Model"
        value={form.draft?.model ?? ""}
        onChange={(event) => form.chooseModel(event.target.value)}
        disabled={!canEdit || !chosen || chosen.models.length === 0}
        className="sm:max-w-sm"
      >
        <SelectOptions
          options={(chosen?.models ?? []).map((model) => ({ value: model, label: model }))}
        />
      </SelectField>

      <ApiKeyField provider={chosen} />

      {form.notice ? <Alert tone={form.notice.tone}>{form.notice.text}</Alert> : null}
      {canEdit ? (
        <SaveRow dirty={form.dirty}>
          <Button type="submit" disabled={form.saving || !form.dirty}>
            {form.saving ? "Saving..." : "Save AI Settings"}
          </Button>
        </SaveRow>
      ) : (
        <ReadOnlyNote />
      )}
    </SaveForm>
  );
}

function ProviderOption({
  name,
  provider,
  checked,
  onChoose,
}: {
  name: string;
  provider: ProviderInfo;
  checked: boolean;
  onChoose: () => void;
}) {
  const nameId = useId();
  const hintId = useId();
  return (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-disabled:cursor-not-allowed",
        checked ? "border-primary bg-primary/5" : "border-slate-200 hover:bg-slate-50",
        !provider.available && "bg-slate-50 hover:bg-slate-50",
      )}
    >
      <input
        type="radio"
        name={name}
        value={provider.id}
        checked={checked}
        disabled={!provider.available}
        onChange={onChoose}
        aria-labelledby={nameId}
        aria-describedby={hintId}
        className="mt-0.5 size-4 accent-primary"
      />
      <span className="min-w-0">
        <span
          id={nameId}
          className={cn(
            "block text-sm font-medium",
            provider.available ? "text-slate-900" : "text-slate-500",
          )}
        >
          {provider.label}
        </span>
        <span id={hintId} className="mt-0.5 block text-xs text-slate-500">
          {statusText(provider)}
        </span>
      </span>
    </label>
  );
}

/**
 * The key field never holds a key: the browser only ever gets its last four characters
 * (`keyHint`). Show reveals those four; Hide masks them too.
 */
function ApiKeyField({ provider }: { provider: ProviderInfo | undefined }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const hint = provider?.keyHint ?? null;
  const variable = provider ? KEY_VARIABLES[provider.id] : undefined;
  const value =
    provider?.id === "builtin"
      ? "No key needed"
      : hint
        ? `${MASK}${shown ? hint : "••••"}`
        : provider?.available && provider.id !== "compatible"
          ? "Set on the server"
          : "Not set";

  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={id}>API key</FieldLabel>
      <div className="flex max-w-sm gap-2">
        <input
          id={id}
          type="text"
          readOnly
          value={value}
          aria-describedby={`${id}-hint`}
          className="block h-10 w-full rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-700 outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30"
        />
        <Button
          variant="secondary"
          aria-controls={id}
          aria-pressed={shown}
          disabled={!hint}
          onClick={() => setShown(!shown)}
        >
          {shown ? "Hide" : "Show"}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        API keys live in server environment variables
        {variable ? (
          <>
            {" "}
            (<code className="font-mono">{variable}</code>)
          </>
        ) : null}{" "}
        and never reach the browser; Show reveals only the last four characters.
      </p>
    </div>
  );
}
