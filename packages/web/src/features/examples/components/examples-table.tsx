import type { ExampleSummary } from "@content-studio/contract";
import { Download, Eye, Pencil, Trash2 } from "lucide-react";
import { DataTable } from "../../../components/ui/data-table";
import { RowAction } from "../../../components/ui/row-action";
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
    <DataTable
      variant="page"
      caption="Examples"
      rows={items}
      rowClassName="align-top hover:bg-slate-50/60"
      columns={[
        {
          header: "Title",
          cellClassName: "min-w-48 font-medium text-slate-900",
          cell: (example) => example.title,
        },
        {
          header: "Category",
          cell: (example) => <CategoryBadge category={example.category} />,
        },
        {
          header: "Content Type",
          cellClassName: "text-slate-600 capitalize",
          cell: (example) => contentTypeText(example.contentType),
        },
        {
          header: "Target Persona",
          cellClassName: "text-slate-600",
          cell: (example) => example.persona,
        },
        {
          header: "Industry",
          cellClassName: "text-slate-600",
          cell: (example) => example.industry ?? "N/A",
        },
        { header: "Tags", cell: (example) => <Tags tags={example.tags} /> },
        {
          header: "Actions",
          align: "right",
          cellPadding: "py-3 pr-4 pl-2",
          cell: (example) => (
            <div className="flex items-center justify-end gap-0.5">
              <RowAction
                action="View"
                item={example.title}
                icon={Eye}
                labelWhenWide
                onClick={() => onView(example)}
              />
              <RowAction
                action="Export"
                item={example.title}
                icon={Download}
                busy={exportingId === example.id}
                labelWhenWide
                aria-disabled={exportingId === example.id || undefined}
                onClick={() => onExport(example)}
              />
              {example.can.edit ? (
                <RowAction
                  action="Edit"
                  item={example.title}
                  icon={Pencil}
                  onClick={() => onEdit(example)}
                />
              ) : null}
              {example.can.delete ? (
                <RowAction
                  action="Delete"
                  item={example.title}
                  icon={Trash2}
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                  onClick={() => onDelete(example)}
                />
              ) : null}
            </div>
          ),
        },
      ]}
    />
  );
}

/** The first tags; the rest summed up as '+N more', named in full on hover. */
function Tags({ tags }: { tags: string[] }) {
  const hidden = tags.slice(VISIBLE_TAGS);
  return (
    <div className="flex max-w-48 flex-wrap gap-1">
      {tags.slice(0, VISIBLE_TAGS).map((tag) => (
        <TagChip key={tag}>{tag}</TagChip>
      ))}
      {hidden.length > 0 ? (
        <TagChip title={hidden.join(", ")}>{`+${hidden.length} more`}</TagChip>
      ) : null}
    </div>
  );
}
