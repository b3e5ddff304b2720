import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DataTable, type DataColumn } from "./data-table";

interface Fruit {
  id: string;
  name: string;
  count: number;
}

const fruits: Fruit[] = [
  { id: "a", name: "Apple", count: 3 },
  { id: "b", name: "Banana", count: 12 },
];

const columns: DataColumn<Fruit>[] = [
  { header: "Name", cell: (f) => f.name },
  { header: "Count", align: "right", cell: (f) => f.count },
  { header: "Actions", hideHeader: true, cell: (f) => <button>Eat {f.name}</button> },
];

describe("DataTable", () => {
  it("is a table named by its caption, with column headings and one row per item", () => {
    render(<DataTable caption="Fruit" columns={columns} rows={fruits} />);

    const table = screen.getByRole("table", { name: "Fruit" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Name", "Count", "Actions"]);
    for (const header of headers) expect(header).toHaveAttribute("scope", "col");
    // A hidden heading still names its column for screen readers.
    expect(within(headers[2]!).getByText("Actions")).toHaveClass("sr-only");

    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["Apple", "3", "Eat Apple"],
      ["Banana", "12", "Eat Banana"],
    ]);
    expect(within(rows[1]!).getByRole("button", { name: "Eat Banana" })).toBeInTheDocument();
    expect(within(rows[0]!).getAllByRole("cell")[1]).toHaveClass("text-right");
    // The table scrolls sideways inside its box instead of widening the page.
    expect(table.parentElement).toHaveClass("overflow-x-auto");
  });

  it("leaves out columns given as false", () => {
    render(
      <DataTable
        caption="Fruit"
        columns={[columns[0], false, columns[1]]}
        rows={fruits}
        rowKey={(f) => f.id}
      />,
    );
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Name",
      "Count",
    ]);
  });

  it("shows the empty text instead of a table when there are no rows", () => {
    render(
      <DataTable
        caption="Fruit"
        columns={columns}
        rows={[]}
        rowKey={(f) => f.id}
        empty="No fruit yet."
      />,
    );
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("No fruit yet.")).toBeInTheDocument();
  });

  it("keys rows by their id, and rows without one by the key it is given", () => {
    const names = [{ name: "Cherry" }, { name: "Date" }];
    const nameColumn: DataColumn<{ name: string }>[] = [{ header: "Name", cell: (n) => n.name }];
    // @ts-expect-error rows without an id need a rowKey
    const unkeyed = <DataTable columns={nameColumn} rows={names} />;
    expect(unkeyed).toBeTruthy();
    render(<DataTable columns={nameColumn} rows={names} rowKey={(n) => n.name} />);
    expect(screen.getAllByRole("row")).toHaveLength(3);
  });

  it("keeps an empty table with its headings when no empty text is given", () => {
    render(<DataTable caption="Fruit" columns={columns} rows={[]} rowKey={(f) => f.id} />);
    const table = screen.getByRole("table", { name: "Fruit" });
    expect(within(table).getAllByRole("row")).toHaveLength(1);
  });
});
