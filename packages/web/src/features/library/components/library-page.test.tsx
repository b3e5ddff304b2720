import type { LibraryItem, LibraryPage as Page } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, installFakeApi, ok, type FakeResponse } from "../../../../test/fake-api";
import { NO_CAPABILITIES } from "../../../../test/content-fixtures";
import { renderWithProviders } from "../../../../test/render";
import { LibraryPage } from "./library-page";

const item = (over: Partial<LibraryItem> = {}): LibraryItem => ({
  id: "i1",
  title: "Cost reviews that work",
  contentType: "case-study",
  personaId: "cto",
  personaName: "CTO",
  industryId: "aerospace",
  industryName: "Aerospace",
  buyingStage: "awareness",
  status: "draft",
  qualityScore: 0.8,
  authorId: null,
  authorName: null,
  version: 1,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-03T10:00:00.000Z",
  deletedAt: null,
  can: { ...NO_CAPABILITIES, duplicate: true, delete: true },
  ...over,
});

const page = (items: LibraryItem[], extra: Partial<Page> = {}) =>
  ok({ items, nextCursor: null, total: items.length, totalCapped: false, ...extra });

function setup(list: FakeResponse | ((r: { query: URLSearchParams }) => FakeResponse)) {
  const fake = installFakeApi({
    "GET /api/library": list,
    "GET /api/library/authors": ok([]),
    "DELETE /api/library/:id": ok(null),
  });
  renderWithProviders(<LibraryPage personas={[]} industries={[]} canCreate />, {
    route: "/library",
  });
  return fake;
}

describe("LibraryPage", () => {
  it("loads, then shows the table with the status colours and the en-US date", async () => {
    setup(
      page(
        [
          item(),
          item({ id: "i2", title: "In review piece", status: "in_review" }),
          item({ id: "i3", title: "Approved piece", status: "approved" }),
          item({ id: "i4", title: "Published piece", status: "published" }),
        ],
        { total: 1000, totalCapped: true, nextCursor: "next" },
      ),
    );
    expect(screen.getByText("Loading content...")).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Content library" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Cost reviews that work");
    expect(rows[0]).toHaveTextContent("Case Study");
    expect(rows[0]).toHaveTextContent("11/3/2026");
    expect(within(rows[0]!).getByText("Draft").className).toContain("yellow");
    expect(within(rows[1]!).getByText("In review").className).toContain("blue");
    expect(within(rows[2]!).getByText("Approved").className).toContain("purple");
    expect(within(rows[3]!).getByText("Published").className).toContain("green");
    expect(screen.getByText(/1,000\+ items/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /New Content/ })).toHaveAttribute("href", "/generate");
  });

  it("sends the search and filters to the server and says when nothing matches", async () => {
    const fake = setup(({ query }) => (query.get("q") ? page([]) : page([item()])));
    await screen.findByRole("table", { name: "Content library" });
    await userEvent.selectOptions(screen.getByLabelText("Type"), "Technical Guide");
    await userEvent.type(screen.getByLabelText("Search"), "turbine");
    expect(
      await screen.findByText("No content found matching your search criteria"),
    ).toBeInTheDocument();
    const last = fake.requests.filter((r) => r.path === "/api/library").at(-1)!.query;
    expect(last.get("q")).toBe("turbine");
    expect(last.get("type")).toBe("technical-guide");
  });

  it("pages an uncounted search and says how many items the pages so far show", async () => {
    const twenty = (prefix: string) =>
      Array.from({ length: 20 }, (_, n) => item({ id: `${prefix}${n}`, title: `${prefix} ${n}` }));
    const fake = setup(({ query }) =>
      query.get("cursor")
        ? page([item({ id: "last", title: "Last piece" })], { total: null })
        : page(twenty("First"), { total: null, nextCursor: "page-2" }),
    );
    expect(await screen.findByText("More than 20 items")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /Next/ }));
    expect(await screen.findByText("21 items")).toBeInTheDocument();
    expect(screen.getByText("Last piece")).toBeInTheDocument();
    const last = fake.requests.filter((r) => r.path === "/api/library").at(-1)!.query;
    expect(last.get("cursor")).toBe("page-2");
  });

  it("shows the load failure with a retry", async () => {
    const fake = setup(fail(500, "internal_error", "Something went wrong."));
    expect(
      await screen.findByText("Failed to load content library. Please try again."),
    ).toBeInTheDocument();
    fake.routes["GET /api/library"] = page([item()]);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: "Content library" })).toBeInTheDocument();
  });

  it("deletes only after confirmation", async () => {
    const fake = setup(page([item()]));
    await userEvent.click(
      await screen.findByRole("button", { name: "Delete Cost reviews that work" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Delete content?" });
    expect(fake.requests.some((r) => r.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Move to Trash" }));
    await expect.poll(() => fake.requests.some((r) => r.method === "DELETE")).toBe(true);
    expect(fake.requests.find((r) => r.method === "DELETE")?.path).toBe("/api/library/i1");
  });
});
