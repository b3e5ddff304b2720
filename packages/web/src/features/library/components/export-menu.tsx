import { EXPORT_FORMATS, type ExportFormat } from "@content-studio/contract";
import { Download } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { BusyIcon } from "../../../components/ui/spinner";
import { hasServerMessage } from "../../../lib/api-client";
import { useExportLibraryItem } from "../api/export-library-item";

const LABELS: Record<ExportFormat, string> = { md: "Markdown", html: "HTML", docx: "DOCX" };

/** Downloads the current text as Markdown, HTML or DOCX. */
export function ExportMenu({ id }: { id: string }) {
  const exporter = useExportLibraryItem();
  return (
    <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Export">
      <span className="mr-1 text-sm text-slate-500">Export</span>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          size="sm"
          variant="secondary"
          disabled={exporter.isPending}
          aria-label={`Export as ${LABELS[format]}`}
          onClick={() => exporter.mutate({ id, format })}
        >
          <BusyIcon
            busy={exporter.isPending && exporter.variables?.format === format}
            icon={Download}
          />
          {LABELS[format]}
        </Button>
      ))}
      {exporter.isError ? (
        <span role="alert" className="text-sm text-red-700">
          {hasServerMessage(exporter.error) ? exporter.error.message : "The export failed."}
        </span>
      ) : null}
    </div>
  );
}
