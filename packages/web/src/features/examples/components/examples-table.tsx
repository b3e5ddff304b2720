import type { ExampleSummary } from "@content-studio/contract";
import { Download, Eye, Pencil, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { CategoryBadge, TagChip } from "./category-badge";
import { contentTypeText } from "./labels";

/** Tags shown per row; the rest are summed up as '+N more'. */
const VISIBLE_TAGS = 3;

interface ExamplesTableProps {
  items: ExampleSummary[];
  /** The example being exported, if any. */
  exportingId?: string | null;
  onView: (example: ExampleSummary) => void;
  onExport: (example: ExampleSummary) => void;
  onEdit: (example: ExampleSummary) => void;
  onDelete: (example: ExampleSummary) => void;
}

export function ExamplesTable({
  items,
  exportingId,
  onView,
  onExport,
  onEdit,
  onDelete,
}: ExamplesTableProps) {
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Examples</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-6 py-3 font-medium">
              Title
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Category
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Content Type
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Target Persona
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Industry
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Tags
            </th>
            <th scope="col" className="px-6 py-3 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((example) => {
            const hidden = example.tags.slice(VISIBLE_TAGS);
            const exporting = exportingId === example.id;
            return (
              <tr key={example.id} className="align-top hover:bg-slate-50/60">
                <td className="min-w-48 px-6 py-3 font-medium text-slate-900">{example.title}</td>
                <td className="px-3 py-3">
                  <CategoryBadge category={example.category} />
                </td>
                <td className="px-3 py-3 text-slate-600 capitalize">
                  {contentTypeText(example.contentType)}
                </td>
                <td className="px-3 py-3 text-slate-600">{example.persona}</td>
                <td className="px-3 py-3 text-slate-600">{example.industry ?? "N/A"}</td>
                <td className="px-3 py-3">
                  <div className="flex max-w-48 flex-wrap gap-1">
                    {example.tags.slice(0, VISIBLE_TAGS).map((tag) => (
                      <TagChip key={tag}>{tag}</TagChip>
                    ))}
                    {hidden.length > 0 ? (
                      <TagChip title={hidden.join(", ")}>{`+${hidden.length} more`}</TagChip>
                    ) : null}
                  </div>
                </td>
                <td className="py-3 pr-4 pl-2">
                  <div className="flex items-center justify-end gap-0.5">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`View ${example.title}`}
                      title="View"
                      className="px-2!"
                      onClick={() => onView(example)}
                    >
                      <Eye className="size-4" aria-hidden="true" />
                      {/* Labels only where the table has room; icons keep their names. */}
                      <span className="hidden 2xl:inline">View</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Export ${example.title}`}
                      title="Export"
                      className="px-2!"
                      aria-disabled={exporting || undefined}
                      onClick={() => onExport(example)}
                    >
                      {exporting ? (
                        <Spinner className="size-4" />
                      ) : (
                        <Download className="size-4" aria-hidden="true" />
                      )}
                      <span className="hidden 2xl:inline">Export</span>
                    </Button>
                    {example.can.edit ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Edit ${example.title}`}
                        title="Edit"
                        className="px-2!"
                        onClick={() => onEdit(example)}
                      >
                        <Pencil className="size-4" aria-hidden="true" />
                      </Button>
                    ) : null}
                    {example.can.delete ? (
                      <>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Delete ${example.title}`}
                          title="Delete"
                          className="px-2! text-red-600 hover:bg-red-50 hover:text-red-700"
                          onClick={() => onDelete(example)}
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                        </Button>
                      </>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
