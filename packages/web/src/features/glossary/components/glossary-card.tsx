import {
  KIT_LANGUAGE_LABELS,
  KIT_LANGUAGES,
  TERM_STATUS_LABELS,
  TERM_STATUSES,
  type GlossaryTerm,
  type ListGlossaryQuery,
  type TermStatus,
} from "@content-studio/contract";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { AddButton } from "../../../components/ui/add-button";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ExportButton } from "../../../components/ui/export-button";
import { useDeleteConfirmation } from "../../../components/ui/confirm-dialog";
import { Card } from "../../../components/ui/card";
import { DataTable } from "../../../components/ui/data-table";
import { OptionsField, optionsOf } from "../../../components/ui/options-field";
import { LoadingText } from "../../../components/ui/spinner";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { TrashButton } from "../../../components/ui/trash-button";
import { useDeleteGlossaryTerm } from "../api/delete-glossary-term";
import { useExportGlossary } from "../api/export-glossary";
import { useGlossary } from "../api/get-glossary";
import { useGlossaryImport } from "./glossary-import";
import { GlossaryTermDialog } from "./glossary-term-dialog";

const STATUS_TONES: Record<TermStatus, StatusTone> = {
  preferred: "green",
  admitted: "blue",
  forbidden: "red",
  "do-not-translate": "purple",
};

type Editing = { term?: GlossaryTerm } | null;

/**
 * Settings > Glossary: the terms per concept and language, filtered by language and status;
 * admins add, edit, delete and import them (the list's `can`); everyone may export.
 */
export function GlossaryCard() {
  const [query, setQuery] = useState<ListGlossaryQuery>({});
  const glossary = useGlossary(query);
  const exporter = useExportGlossary();
  const importer = useGlossaryImport();
  const [editing, setEditing] = useState<Editing>(null);
  const deletion = useDeleteConfirmation(useDeleteGlossaryTerm(), {
    title: "Delete term",
    describe: (term: GlossaryTerm) => (
      <p>
        Delete “{term.term}” ({KIT_LANGUAGE_LABELS[term.locale]}, {TERM_STATUS_LABELS[term.status]}
        )? Writers and the language check stop using it at once.
      </p>
    ),
  });
  const canManage = glossary.data?.can.manage ?? false;
  const filtered = query.locale !== undefined || query.status !== undefined;

  return (
    <Card
      title="Glossary"
      description="Terms per language that writers use and the language check enforces. Do-not-translate terms stay exactly as written in every language."
      actions={
        <div className="flex flex-wrap gap-2">
          <ExportButton busy={exporter.isPending} onClick={() => exporter.mutate()} />
          {canManage ? (
            <>
              {importer.button}
              <AddButton onClick={() => setEditing({})}>Add term</AddButton>
            </>
          ) : null}
        </div>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <OptionsField
          label="Language"
          value={query.locale ?? ""}
          onChange={(locale) => setQuery((q) => ({ ...q, locale: locale || undefined }))}
          emptyLabel="All languages"
          options={optionsOf(KIT_LANGUAGES, KIT_LANGUAGE_LABELS)}
        />
        <OptionsField
          label="Status"
          value={query.status ?? ""}
          onChange={(status) => setQuery((q) => ({ ...q, status: status || undefined }))}
          emptyLabel="All statuses"
          options={optionsOf(TERM_STATUSES, TERM_STATUS_LABELS)}
        />
      </div>
      {exporter.error ? (
        <Alert className="mt-4">{`Failed to export the glossary. ${exporter.error.message}`}</Alert>
      ) : null}
      {importer.message}

      <div className="mt-4">
        {glossary.isPending ? (
          <LoadingText>Loading glossary...</LoadingText>
        ) : glossary.isError ? (
          <Alert>{`Failed to load the glossary. ${glossary.error.message}`}</Alert>
        ) : glossary.data.terms.length === 0 ? (
          <p className="text-sm text-slate-500">
            {filtered
              ? "No terms match these filters."
              : canManage
                ? "No terms yet. Add one, or import a CSV file."
                : "No terms yet. An administrator adds them."}
          </p>
        ) : (
          <TermTable
            terms={glossary.data.terms}
            canManage={canManage}
            onEdit={(term) => setEditing({ term })}
            onDelete={deletion.ask}
          />
        )}
      </div>

      {editing ? (
        <GlossaryTermDialog
          term={editing.term}
          defaultLocale={query.locale}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deletion.dialog}
    </Card>
  );
}

function TermTable({
  terms,
  canManage,
  onEdit,
  onDelete,
}: {
  terms: GlossaryTerm[];
  canManage: boolean;
  onEdit: (term: GlossaryTerm) => void;
  onDelete: (term: GlossaryTerm) => void;
}) {
  const wide = "hidden sm:table-cell";
  // Below 640 px the language, status and concept move under the term, so nothing scrolls.
  return (
    <DataTable
      caption="Glossary terms"
      rows={terms}
      rowClassName="align-top"
      columns={[
        { header: "Term", cellClassName: "min-w-40", cell: (t) => <TermCell term={t} /> },
        {
          header: "Language",
          className: wide,
          cellClassName: "whitespace-nowrap text-slate-600",
          cell: (t) => KIT_LANGUAGE_LABELS[t.locale],
        },
        {
          header: "Status",
          className: wide,
          cell: (t) => (
            <StatusBadge tone={STATUS_TONES[t.status]}>{TERM_STATUS_LABELS[t.status]}</StatusBadge>
          ),
        },
        {
          header: "Concept",
          className: wide,
          cellClassName: "whitespace-nowrap text-slate-600",
          cell: (t) => t.concept,
        },
        {
          header: "Note",
          className: "hidden md:table-cell",
          cellClassName: "max-w-64 break-words text-slate-600",
          cell: (t) => t.note ?? "",
        },
        canManage && {
          header: "Actions",
          hideHeader: true,
          align: "right",
          cellPadding: "px-6 py-1 compact:px-4",
          cellClassName: "whitespace-nowrap",
          cell: (t) => (
            <>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onEdit(t)}
                aria-label={`Edit ${t.term} (${t.locale})`}
              >
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <TrashButton label={`Delete ${t.term} (${t.locale})`} onClick={() => onDelete(t)} />
            </>
          ),
        },
      ]}
    />
  );
}

/** The term, and on narrow screens the columns that are hidden there. */
function TermCell({ term: t }: { term: GlossaryTerm }) {
  return (
    <>
      <span className="font-medium break-words text-slate-900">{t.term}</span>
      {t.caseSensitive ? <span className="block text-xs text-slate-500">Match case</span> : null}
      <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 sm:hidden">
        <StatusBadge tone={STATUS_TONES[t.status]}>{TERM_STATUS_LABELS[t.status]}</StatusBadge>
        <span>{KIT_LANGUAGE_LABELS[t.locale]}</span>
        <span className="break-all">{t.concept}</span>
      </span>
      {t.note ? (
        <span className="mt-1 block text-xs break-words text-slate-500 md:hidden">{t.note}</span>
      ) : null}
    </>
  );
}
