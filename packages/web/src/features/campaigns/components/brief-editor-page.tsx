import {
  BUYING_STAGES,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  KIT_ASSET_KINDS,
  KIT_ASSET_LABELS,
  KIT_LANGUAGE_LABELS,
  KIT_LANGUAGES,
  type BuyingStage,
  type CampaignBrief,
  type ContentType,
} from "@content-studio/contract";
import { ArrowLeft, Copy, Download, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Dialog } from "../../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { getFieldErrors } from "../../../lib/api-client";
import { useDeleteBrief } from "../api/delete-brief";
import { useDuplicateBrief } from "../api/duplicate-brief";
import { useExportBrief } from "../api/export-brief";
import { useBrief } from "../api/get-brief";
import { useSaveBrief } from "../api/save-brief";
import { BriefKitPanel } from "./brief-kit-panel";
import { initialValues, inputOf, type BriefFormValues } from "./brief-form-state";
import { CellGrid, type GridOption } from "./cell-grid";
import { ChoiceGroup } from "./choice-group";
import { FactPicker, type FactOption } from "./fact-picker";
import { englishOnlyNotice } from "./english-only";

/** What a brief may refer to, loaded by the route. */
export interface BriefOptions {
  personas: GridOption[];
  industries: GridOption[];
  facts: FactOption[];
  factsLoading?: boolean;
  /** The company profile's offers with the stages each suits. */
  offers: { name: string; stages: readonly BuyingStage[] }[];
  /** People a brief may be given to; null when the caller may not assign owners. */
  owners: GridOption[] | null;
}

interface BriefEditorPageProps {
  /** Undefined for a new brief. */
  briefId?: string;
  options: BriefOptions;
  /** Whether the caller may create briefs (new, duplicate). */
  canCreate: boolean;
  /** No AI provider is configured: kits are written by the English-only outline writer. */
  writerOffline: boolean;
}

const stageLabel = (stage: BuyingStage) => stage[0]!.toUpperCase() + stage.slice(1);

/** /campaigns/new and /campaigns/:id: one brief, editable by its owner and admins. */
export function BriefEditorPage({ briefId, ...props }: BriefEditorPageProps) {
  const brief = useBrief(briefId);
  if (briefId === undefined) {
    if (!props.canCreate) {
      return <Alert>Only editors and admins can create briefs.</Alert>;
    }
    return <BriefForm brief={undefined} {...props} />;
  }
  if (brief.data) return <BriefForm key={brief.data.id} brief={brief.data} {...props} />;
  if (brief.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner /> Loading brief...
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <Alert>{brief.error.message}</Alert>
      <Link to="/campaigns" className={buttonClasses("secondary")}>
        All briefs
      </Link>
    </div>
  );
}

function BriefForm({
  brief,
  options,
  canCreate,
  writerOffline,
}: Omit<BriefEditorPageProps, "briefId"> & { brief: CampaignBrief | undefined }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<BriefFormValues>(() => initialValues(brief));
  const [saved, setSaved] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveBrief();
  const duplicate = useDuplicateBrief();
  const exportCsv = useExportBrief();
  const remove = useDeleteBrief();
  const editable = brief ? brief.can.edit : canCreate;
  const fields = getFieldErrors(save.error);
  const set = <K extends keyof BriefFormValues>(key: K, value: BriefFormValues[K]) => {
    setSaved(false);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const fieldError = (prefix: string) =>
    Object.entries(fields).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(values, options, options.owners !== null);
    save.mutate(
      { id: brief?.id, input },
      {
        onSuccess: (result) => {
          setSaved(true);
          if (!brief)
            void navigate(`/campaigns/${encodeURIComponent(result.id)}`, { replace: true });
        },
      },
    );
  };
  const onDuplicate = () =>
    brief &&
    duplicate.mutate(brief.id, {
      onSuccess: (copy) => void navigate(`/campaigns/${encodeURIComponent(copy.id)}`),
    });
  const onDelete = () =>
    brief &&
    remove.mutate(brief.id, { onSuccess: () => void navigate("/campaigns", { replace: true }) });

  const notice = writerOffline ? englishOnlyNotice(values.languages) : null;
  const offersFor = (stage: BuyingStage) => options.offers.filter((o) => o.stages.includes(stage));
  const actionError = duplicate.error ?? exportCsv.error;

  return (
    <div>
      <Link
        to="/campaigns"
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> All briefs
      </Link>
      <PageHeader
        title={brief ? brief.name : "New brief"}
        description={
          brief
            ? `Owned by ${brief.ownerName || "a former user"} · ${brief.cells.length} ${brief.cells.length === 1 ? "cell" : "cells"}`
            : "A campaign brief: one message carried to the personas, industries and stages you choose."
        }
        actions={
          brief ? (
            <>
              {canCreate ? (
                <Button variant="secondary" onClick={onDuplicate} disabled={duplicate.isPending}>
                  <Copy aria-hidden="true" className="size-4" /> Duplicate
                </Button>
              ) : null}
              <Button
                variant="secondary"
                onClick={() => exportCsv.mutate(brief.id)}
                disabled={exportCsv.isPending}
              >
                <Download aria-hidden="true" className="size-4" /> Export CSV
              </Button>
              {brief.can.delete ? (
                <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                  <Trash2 aria-hidden="true" className="size-4" /> Delete
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      {actionError ? <Alert className="mb-4">{actionError.message}</Alert> : null}
      {brief && !editable ? (
        <Alert tone="info" className="mb-4">
          You can read this brief. Only its owner or an admin can change it.
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Brief">
        <fieldset disabled={!editable} className="min-w-0 space-y-6">
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
              {options.owners ? (
                <SelectField
                  label="Owner"
                  value={values.ownerId}
                  onChange={(e) => set("ownerId", e.target.value)}
                  error={fields.ownerId}
                >
                  {brief ? null : <option value="">Me</option>}
                  {brief && !options.owners.some((o) => o.id === brief.ownerId) ? (
                    <option value={brief.ownerId}>{brief.ownerName || brief.ownerId}</option>
                  ) : null}
                  {options.owners.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
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
                  The call to action of each stage, from the company profile&apos;s offers that suit
                  it.
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
                      {choices.map((o) => (
                        <option key={o.name} value={o.name}>
                          {o.name}
                        </option>
                      ))}
                    </SelectField>
                  );
                })}
              </fieldset>
            </div>
          </Card>

          <Card
            title="Cells"
            description="Choose the personas, industries and buying stages the kit is written for."
          >
            <CellGrid
              personas={options.personas}
              industries={options.industries}
              selected={values.cellKeys}
              onChange={(keys) => set("cellKeys", keys)}
              disabled={!editable}
              error={fieldError("cells")}
            />
          </Card>

          <Card title="Assets and languages">
            <div className="space-y-6">
              <ChoiceGroup
                legend="Assets per cell"
                options={KIT_ASSET_KINDS.map((k) => ({ value: k, label: KIT_ASSET_LABELS[k] }))}
                selected={values.assets}
                onChange={(assets) => set("assets", assets)}
                error={fieldError("assets")}
              />
              <div className="max-w-sm">
                <SelectField
                  label="Article content type"
                  value={values.articleContentType}
                  onChange={(e) => set("articleContentType", e.target.value as ContentType)}
                  error={fields.articleContentType}
                >
                  {CONTENT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {CONTENT_TYPE_LABELS[t]}
                    </option>
                  ))}
                </SelectField>
              </div>
              <ChoiceGroup
                legend="Output languages"
                options={KIT_LANGUAGES.map((l) => ({ value: l, label: KIT_LANGUAGE_LABELS[l] }))}
                selected={values.languages}
                onChange={(languages) => set("languages", languages)}
                error={fieldError("languages")}
              >
                {notice ? <Alert tone="info">{notice}</Alert> : null}
              </ChoiceGroup>
            </div>
          </Card>
        </fieldset>

        {editable ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner className="size-4" /> : null}
              {brief ? "Save brief" : "Create brief"}
            </Button>
            {save.error ? (
              <Alert className="min-w-0 flex-1">{save.error.message}</Alert>
            ) : saved ? (
              <p role="status" className="text-sm text-green-700">
                Saved.
              </p>
            ) : null}
          </div>
        ) : null}
      </form>

      {brief ? (
        <div className="mt-8">
          <BriefKitPanel
            briefId={brief.id}
            personas={options.personas}
            industries={options.industries}
          />
        </div>
      ) : null}

      {confirmDelete && brief ? (
        <Dialog
          title="Delete this brief?"
          size="md"
          onClose={() => setConfirmDelete(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
                Cancel
              </Button>
              <Button variant="danger" disabled={remove.isPending} onClick={onDelete}>
                {remove.isPending ? <Spinner className="size-4" /> : null}
                Delete brief
              </Button>
            </>
          }
        >
          <div className="space-y-3 text-sm text-slate-700">
            <p>
              &ldquo;{brief.name}&rdquo; and its {brief.cells.length}{" "}
              {brief.cells.length === 1 ? "cell" : "cells"} will be deleted.
            </p>
            {remove.error ? <Alert>{remove.error.message}</Alert> : null}
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
