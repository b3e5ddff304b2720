import {
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  KIT_ASSET_KINDS,
  KIT_ASSET_LABELS,
  KIT_LANGUAGE_LABELS,
  KIT_LANGUAGES,
  type ContentType,
} from "@content-studio/contract";
import { Alert } from "../../../components/ui/alert";
import { Card } from "../../../components/ui/card";
import { CheckboxGroup } from "../../../components/ui/checkbox-group";
import { SelectField } from "../../../components/ui/field";
import { optionsOf, SelectOptions } from "../../../components/ui/options-field";
import type { BriefFormValues } from "./brief-form-state";
import type { BriefFormBinding } from "./use-brief-editor-screen";

interface BriefAssetsCardProps extends BriefFormBinding {
  /** Said under the languages when some of them will not be written; null when nothing. */
  notice: string | null;
}

/** Which assets each cell gets, the article's content type and the output languages. */
export function BriefAssetsCard({ values, set, fields, fieldError, notice }: BriefAssetsCardProps) {
  /** Binds a checkbox group to one of the brief's lists, with its error. */
  const listOf = <K extends "assets" | "languages">(key: K) => ({
    selected: values[key],
    onChange: (next: BriefFormValues[K]) => set(key, next),
    error: fieldError(key),
  });
  return (
    <Card title="Assets and languages">
      <div className="space-y-6">
        <CheckboxGroup
          legend="Assets per cell"
          columns={3}
          options={optionsOf(KIT_ASSET_KINDS, KIT_ASSET_LABELS)}
          {...listOf("assets")}
        />
        <div className="max-w-sm">
          <SelectField
            label="Article content type"
            value={values.articleContentType}
            onChange={(e) => set("articleContentType", e.target.value as ContentType)}
            error={fields.articleContentType}
          >
            <SelectOptions options={optionsOf(CONTENT_TYPES, CONTENT_TYPE_LABELS)} />
          </SelectField>
        </div>
        <CheckboxGroup
          legend="Output languages"
          columns={3}
          options={optionsOf(KIT_LANGUAGES, KIT_LANGUAGE_LABELS)}
          {...listOf("languages")}
        >
          {notice ? <Alert tone="info">{notice}</Alert> : null}
        </CheckboxGroup>
      </div>
    </Card>
  );
}
