import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export interface DataColumn<Row> {
  /** The column heading; with `hideHeader` only screen readers get it (e.g. "Actions"). */
  header: ReactNode;
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** Classes on the heading and every cell of the column, e.g. `hidden sm:table-cell`. */
  className?: string;
  /** Classes on the cells only (colour, width, wrapping). */
  cellClassName?: string;
  /** Replaces the cells' usual padding (both directions), e.g. for a column of icon buttons. */
  cellPadding?: string;
  align?: "left" | "right";
}

type Variant = keyof typeof VARIANTS;

/**
 * card: flush with a Card's edges (it reaches through the card's padding, in compact mode too);
 * page: the body of a panel of its own, under a shaded heading row;
 * plain: a small table inside other content, no outer padding.
 */
const VARIANTS = {
  card: {
    wrapper: "-mx-6 compact:-mx-4",
    table: "min-w-full",
    head: "border-b border-slate-200 text-xs font-medium tracking-wide text-slate-500 uppercase",
    headPadding: "py-2",
    cellPadding: "py-2",
    edge: "px-6 compact:px-4",
    inner: "px-3",
    last: "px-6 compact:px-4",
  },
  page: {
    wrapper: "",
    table: "min-w-full",
    head: "border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase",
    headPadding: "py-3",
    cellPadding: "py-3",
    edge: "px-6",
    inner: "px-3",
    last: "px-6",
  },
  plain: {
    wrapper: "",
    table: "w-full",
    head: "text-xs text-slate-500 uppercase",
    headPadding: "py-1",
    cellPadding: "py-1",
    edge: "pr-3",
    inner: "pr-3",
    last: "",
  },
} as const;

/** Rows with an `id` are keyed by it; others name their key. */
type RowKey<Row> = Row extends { id: string }
  ? { rowKey?: (row: Row) => string }
  : { rowKey: (row: Row) => string };

type DataTableProps<Row> = RowKey<Row> & {
  columns: readonly (DataColumn<Row> | false | null | undefined)[];
  rows: readonly Row[];
  /** The table's accessible name, read out but not shown unless `captionClassName` styles it. */
  caption?: string;
  captionClassName?: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  variant?: Variant;
  /** Vertical padding of the body cells, when the variant's is not right. */
  cellPadding?: string;
  /** Classes on the table, e.g. a minimum width that makes narrow screens scroll. */
  className?: string;
  /** Classes on the body, e.g. its text colour. */
  bodyClassName?: string;
  rowClassName?: string;
};

/**
 * A semantic table (caption, column headings with scope, one row per item) in a box that
 * scrolls sideways on narrow screens. Columns that are `false` or empty are left out.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionClassName = "sr-only",
  empty,
  variant = "card",
  cellPadding,
  className,
  bodyClassName,
  rowClassName,
}: DataTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) {
    return <p className="text-sm text-slate-500">{empty}</p>;
  }
  const style = VARIANTS[variant];
  const shown = columns.filter((column): column is DataColumn<Row> => Boolean(column));
  const padding = (index: number) =>
    index === 0 ? style.edge : index === shown.length - 1 ? style.last : style.inner;
  const alignment = (column: DataColumn<Row>) => column.align === "right" && "text-right";

  return (
    <div className={cn("relative overflow-x-auto", style.wrapper)}>
      <table className={cn("text-left text-sm", style.table, className)}>
        {caption ? <caption className={captionClassName}>{caption}</caption> : null}
        <thead className={style.head}>
          <tr>
            {shown.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={cn(
                  padding(index),
                  style.headPadding,
                  "font-medium",
                  alignment(column),
                  column.className,
                )}
              >
                {column.hideHeader ? (
                  <span className="sr-only">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn("divide-y divide-slate-100", bodyClassName)}>
          {rows.map((row) => (
            <tr key={rowKey ? rowKey(row) : (row as { id: string }).id} className={rowClassName}>
              {shown.map((column, index) => (
                <td
                  key={index}
                  className={cn(
                    column.cellPadding ?? cn(padding(index), cellPadding ?? style.cellPadding),
                    alignment(column),
                    column.className,
                    column.cellClassName,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
