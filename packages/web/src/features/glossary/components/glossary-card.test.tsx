import type { GlossaryTerm } from "@content-studio/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { GlossaryCard } from "./glossary-card";

const ENGINE: GlossaryTerm = {
  id: "t1",
  concept: "cost-engine",
  locale: "en",
  term: "Cost Engine",
  status: "do-not-translate",
  caseSensitive: true,
  note: "Product name",
};
const FORBIDDEN: GlossaryTerm = {
  id: "t2",
  concept: "should-cost",
  locale: "de",
  term: "Kostenmodell",
  status: "forbidden",
  caseSensitive: false,
};

afterEach(() => vi.unstubAllGlobals());

describe("GlossaryCard", () => {
  it("lists terms read-only for someone who may not manage them", async () => {
    installFakeApi({
      "GET /api/settings/glossary": ok({ terms: [ENGINE, FORBIDDEN], can: { manage: false } }),
    });
    renderWithProviders(<GlossaryCard />);
    const table = await screen.findByRole("table", { name: "Glossary terms" });
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Cost Engine");
    expect(rows[1]).toHaveTextContent("Match case");
    expect(rows[1]).toHaveTextContent("Do not translate");
    expect(rows[2]).toHaveTextContent("Forbidden");
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add term" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Import CSV" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it("shows the empty state and an error state", async () => {
    const fake = installFakeApi({
      "GET /api/settings/glossary": ok({ terms: [], can: { manage: true } }),
    });
    renderWithProviders(<GlossaryCard />);
    expect(
      await screen.findByText("No terms yet. Add one, or import a CSV file."),
    ).toBeInTheDocument();

    fake.routes["GET /api/settings/glossary"] = fail(500, "internal_error", "Something broke.");
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Language"), "de");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to load the glossary. Something broke.",
    );
  });

  it("filters by language and status", async () => {
    const fake = installFakeApi({
      "GET /api/settings/glossary": ok({ terms: [FORBIDDEN], can: { manage: false } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<GlossaryCard />);
    await screen.findByRole("table");
    await user.selectOptions(screen.getByLabelText("Language"), "de");
    await user.selectOptions(screen.getByLabelText("Status"), "forbidden");
    await waitFor(() => {
      const last = fake.requests.at(-1)!;
      expect(last.query.get("locale")).toBe("de");
      expect(last.query.get("status")).toBe("forbidden");
    });
  });

  it("lets an admin add a term", async () => {
    const fake = installFakeApi({
      "GET /api/settings/glossary": ok({ terms: [], can: { manage: true } }),
      "POST /api/settings/glossary": ok(ENGINE, 201),
    });
    const user = userEvent.setup();
    renderWithProviders(<GlossaryCard />);
    await user.click(await screen.findByRole("button", { name: "Add term" }));
    const dialog = screen.getByRole("dialog", { name: "Add term" });
    await user.type(within(dialog).getByLabelText("Term"), "Cost Engine");
    await user.type(within(dialog).getByLabelText("Concept"), "cost-engine");
    await user.selectOptions(within(dialog).getByLabelText("Status"), "do-not-translate");
    await user.click(within(dialog).getByRole("switch", { name: "Match case" }));
    await user.click(within(dialog).getByRole("button", { name: "Add term" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = fake.requests.find((r) => r.method === "POST");
    expect(post?.body).toEqual({
      term: "Cost Engine",
      concept: "cost-engine",
      locale: "en",
      status: "do-not-translate",
      caseSensitive: true,
    });
  });

  it("deletes a term after confirmation", async () => {
    const fake = installFakeApi({
      "GET /api/settings/glossary": ok({ terms: [ENGINE], can: { manage: true } }),
      "DELETE /api/settings/glossary/:id": ok({ deleted: true }),
    });
    const user = userEvent.setup();
    renderWithProviders(<GlossaryCard />);
    await user.click(await screen.findByRole("button", { name: "Delete Cost Engine (en)" }));
    const dialog = screen.getByRole("dialog", { name: "Delete term" });
    await user.click(within(dialog).getByRole("button", { name: "Delete term" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.requests.find((r) => r.method === "DELETE")?.params).toEqual({ id: "t1" });
  });

  it("lists every bad row of a refused import, then reports a good one", async () => {
    const fake = installFakeApi({
      "GET /api/settings/glossary": ok({ terms: [], can: { manage: true } }),
      "POST /api/settings/glossary/import": fail(
        400,
        "validation_error",
        "2 rows have errors; nothing was imported.",
        {
          details: {
            rows: [
              { line: 3, message: "locale must be one of en, de, fr, es, ja." },
              { line: 5, message: "Term is required." },
            ],
          },
        },
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<GlossaryCard />);
    await screen.findByRole("button", { name: "Import CSV" });
    const csv = "concept,locale,term,status\nx,xx,y,preferred\n";
    await user.upload(
      screen.getByTestId("glossary-import-file"),
      new File([csv], "glossary.csv", { type: "text/csv" }),
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("2 rows have errors; nothing was imported.");
    expect(
      within(alert)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Line 3: locale must be one of en, de, fr, es, ja.", "Line 5: Term is required."]);
    expect(fake.requests.find((r) => r.method === "POST")?.body).toEqual({ csv });

    fake.routes["POST /api/settings/glossary/import"] = ok({ created: 2, updated: 1 });
    await user.upload(
      screen.getByTestId("glossary-import-file"),
      new File([csv], "terms.csv", { type: "text/csv" }),
    );
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Imported terms.csv: 2 added, 1 updated.",
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
