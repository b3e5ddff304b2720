import { GLOSSARY_CSV_COLUMNS, GLOSSARY_LIMITS } from "@content-studio/contract";
import { Upload } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { FileButton } from "../../../components/ui/file-button";
import { importRowErrors, useImportGlossary } from "../api/import-glossary";

type Outcome =
  | { kind: "done"; message: string }
  | { kind: "refused"; message: string; rows: { line: number; message: string }[] };

/**
 * "Import CSV": a button that opens the file picker and sends the file. A file with any bad row
 * is refused whole; every bad row is listed by its line so it can be fixed in one go.
 */
export function useGlossaryImport() {
  const importer = useImportGlossary();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onFile = async (file: File) => {
    setOutcome(null);
    const csv = await file.text();
    if (csv.length > GLOSSARY_LIMITS.maxCsvChars) {
      setOutcome({ kind: "refused", message: "The file is too large (at most 1 MB).", rows: [] });
      return;
    }
    importer.mutate(csv, {
      onSuccess: ({ created, updated }) =>
        setOutcome({
          kind: "done",
          message: `Imported ${file.name}: ${created} added, ${updated} updated.`,
        }),
      onError: (error) =>
        setOutcome({ kind: "refused", message: error.message, rows: importRowErrors(error) }),
    });
  };

  const button = (
    <FileButton
      accept=".csv,text/csv"
      inputTestId="glossary-import-file"
      size="sm"
      disabled={importer.isPending}
      onFile={(file) => void onFile(file)}
    >
      <Upload className="size-4" aria-hidden="true" />
      {importer.isPending ? "Importing..." : "Import CSV"}
    </FileButton>
  );

  const message = outcome ? (
    outcome.kind === "done" ? (
      <Alert key={outcome.message} tone="success" reveal className="mt-4">
        {outcome.message}
      </Alert>
    ) : (
      <Alert key={outcome.message} reveal className="mt-4">
        <p className="font-medium">{outcome.message}</p>
        {outcome.rows.length > 0 ? (
          <ul className="mt-2 list-disc space-y-0.5 pl-5">
            {outcome.rows.map((row) => (
              <li key={`${row.line}-${row.message}`}>
                Line {row.line}: {row.message}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-2 text-xs">Columns: {GLOSSARY_CSV_COLUMNS.join(", ")}.</p>
      </Alert>
    )
  ) : null;

  return { button, message };
}
