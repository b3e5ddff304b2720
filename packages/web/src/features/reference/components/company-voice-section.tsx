import {
  VOICE_LIMITS,
  VOICE_POINT_OF_VIEW_LABELS,
  VOICE_POINTS_OF_VIEW,
  type CompanyVoice,
  type VoicePointOfView,
} from "@content-studio/contract";
import { useState } from "react";
import { SelectField, TextAreaField } from "../../../components/ui/field";
import { optionsOf, SelectOptions } from "../../../components/ui/options-field";

/** Entries typed one per line or separated by commas, trimmed, empty ones dropped. */
function parseWordList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((word) => word.trim())
    .filter(Boolean);
}

/**
 * A list of words edited as text. The text typed is kept as typed (a trailing comma or a new
 * line is not thrown away on each key); the list follows it, and a list changed from outside
 * (a save, a reload) replaces the text.
 */
function WordListField({
  label,
  hint,
  value,
  readOnly,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string[];
  readOnly: boolean;
  error: string | undefined;
  onChange: (words: string[]) => void;
}) {
  const [text, setText] = useState(value.join(", "));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (JSON.stringify(parseWordList(text)) !== JSON.stringify(value)) setText(value.join(", "));
  }
  return (
    <TextAreaField
      label={label}
      hint={hint}
      value={text}
      rows={2}
      readOnly={readOnly}
      error={error}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseWordList(event.target.value));
      }}
    />
  );
}

/** The first message among a list's field errors (the list itself or one of its entries). */
function listError(errors: Record<string, string>, path: string): string | undefined {
  const key = Object.keys(errors).find((k) => k === path || k.startsWith(`${path}.`));
  return key ? errors[key] : undefined;
}

/**
 * The company voice the writers are given: tone, words to prefer, words to avoid (added to the
 * prompt's never-use list) and point of view.
 */
export function CompanyVoiceSection({
  voice,
  readOnly,
  errors,
  onChange,
}: {
  voice: CompanyVoice;
  readOnly: boolean;
  errors: Record<string, string>;
  onChange: (voice: CompanyVoice) => void;
}) {
  /** Binds a word list field to one of the voice's lists, with its error. */
  const wordsOf = (key: "toneAttributes" | "preferredWords" | "avoidWords") => ({
    value: voice[key],
    readOnly,
    error: listError(errors, `voice.${key}`),
    onChange: (words: string[]) => onChange({ ...voice, [key]: words }),
  });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Voice</legend>
      <p className="text-sm text-slate-500">
        How generated content sounds. The writers follow it; words to avoid are never used.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <WordListField
          label="Tone"
          hint={`A few adjectives, separated by commas (at most ${VOICE_LIMITS.toneAttributes.items}).`}
          {...wordsOf("toneAttributes")}
        />
        <SelectField
          label="Point of view"
          value={voice.pointOfView}
          disabled={readOnly}
          error={errors["voice.pointOfView"]}
          onChange={(event) =>
            onChange({ ...voice, pointOfView: event.target.value as VoicePointOfView })
          }
        >
          <SelectOptions options={optionsOf(VOICE_POINTS_OF_VIEW, VOICE_POINT_OF_VIEW_LABELS)} />
        </SelectField>
        <WordListField
          label="Words to prefer"
          hint="Terms your company uses, separated by commas or one per line."
          {...wordsOf("preferredWords")}
        />
        <WordListField
          label="Words to avoid"
          hint="Never used in generated content, separated by commas or one per line."
          {...wordsOf("avoidWords")}
        />
      </div>
    </fieldset>
  );
}
