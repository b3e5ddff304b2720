import type { Fact, FactChangeResult } from "@content-studio/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { formatFigure, ProofLibraryPage } from "./proof-library-page";

const NONE = { edit: false, approve: false, expire: false, retire: false };

function buildFact(overrides: Partial<Fact> = {}): Fact {
  return {
    id: "fact-1",
    statement: "Customers see a 35-45% reduction in engineering change orders.",
    value: 35,
    valueMax: 45,
    unit: "%",
    subjectType: "company",
    subjectId: null,
    subjectLabel: "Northwind Cost Systems",
    source: "Customer study 2026, page 4",
    owner: "Marketing",
    status: "approved",
    expired: false,
    expiresOn: null,
    isSample: false,
    structure: { measure: "engineering change orders", metric: "count", direction: "reduction" },
    proposedBy: "Ada",
    approvedBy: "Grace",
    approvedAt: "2026-11-20T10:00:00.000Z",
    createdAt: "2026-11-20T09:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    can: NONE,
    ...overrides,
  };
}

const SOLUTIONS = [{ id: "pro", name: "NCS Pro" }];
/** What the fake server reads from a statement with a figure. */
const READ = { measure: "rework orders", metric: "count", direction: "reduction" } as const;
const INDUSTRIES = [{ id: "aerospace", name: "Aerospace" }];

afterEach(() => vi.unstubAllGlobals());

describe("ProofLibraryPage", () => {
  it("lists facts read-only for a viewer, with figure, subject, source and status", async () => {
    installFakeApi({
      "GET /api/proof/facts": ok({
        facts: [
          buildFact(),
          buildFact({ id: "fact-2", statement: "Old proof.", status: "approved", expired: true }),
        ],
        can: { propose: false },
      }),
    });
    renderWithProviders(<ProofLibraryPage solutions={SOLUTIONS} industries={INDUSTRIES} />);
    const list = await screen.findByRole("list", { name: "Facts" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(first).toHaveTextContent(
      "35–45% · Northwind Cost Systems · Source: Customer study 2026",
    );
    expect(first).toHaveTextContent("Approved");
    expect(first).toHaveTextContent("Reduction · engineering change orders · count");
    expect(second).toHaveTextContent("Expired");
    expect(screen.queryByRole("button", { name: "Add fact" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Retire/ })).not.toBeInTheDocument();
  });

  it("shows the empty state", async () => {
    installFakeApi({ "GET /api/proof/facts": ok({ facts: [], can: { propose: true } }) });
    renderWithProviders(<ProofLibraryPage solutions={SOLUTIONS} industries={INDUSTRIES} />);
    expect(await screen.findByText("No facts found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add fact" })).toBeInTheDocument();
  });

  it("proposes a fact about a solution", async () => {
    const fake = installFakeApi({
      "GET /api/proof/facts": ok({ facts: [], can: { propose: true } }),
      "POST /api/proof/facts/derive-structure": ok({ structure: READ }),
      "POST /api/proof/facts": ok(buildFact({ status: "proposed" }), 201),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProofLibraryPage solutions={SOLUTIONS} industries={INDUSTRIES} />);
    await user.click(await screen.findByRole("button", { name: "Add fact" }));
    const dialog = screen.getByRole("dialog", { name: "Add fact" });
    await user.type(within(dialog).getByLabelText("Statement"), "NCS Pro quotes 3x faster.");
    await user.type(within(dialog).getByLabelText("Figure"), "3");
    await user.selectOptions(within(dialog).getByLabelText("Unit"), "x");
    await user.selectOptions(within(dialog).getByLabelText("Subject"), "solution");
    await user.selectOptions(within(dialog).getByLabelText("Solution"), "pro");
    await user.type(within(dialog).getByLabelText("Source"), "Quote study, p. 2");
    await user.type(within(dialog).getByLabelText("Owner"), "Sales");
    await user.click(within(dialog).getByRole("button", { name: "Propose fact" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = fake.requests.find((r) => r.method === "POST" && r.path === "/api/proof/facts");
    // Never set by hand: the structure is left out and the server reads it from the statement.
    expect(post?.body).toEqual({
      statement: "NCS Pro quotes 3x faster.",
      value: 3,
      valueMax: null,
      unit: "x",
      subjectType: "solution",
      subjectId: "pro",
      source: "Quote study, p. 2",
      owner: "Sales",
      expiresOn: null,
      isSample: false,
    });
  });

  it("fills the structure fields from the statement, and sends them once set by hand", async () => {
    const fake = installFakeApi({
      "GET /api/proof/facts": ok({ facts: [], can: { propose: true } }),
      "POST /api/proof/facts/derive-structure": (request) =>
        ok({
          structure: String((request.body as { statement: string }).statement).includes("%")
            ? READ
            : null,
        }),
      "POST /api/proof/facts": ok(buildFact({ status: "proposed" }), 201),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProofLibraryPage solutions={SOLUTIONS} industries={INDUSTRIES} />);
    await user.click(await screen.findByRole("button", { name: "Add fact" }));
    const dialog = screen.getByRole("dialog", { name: "Add fact" });
    // A qualitative fact has no structure to fill.
    await user.type(
      within(dialog).getByLabelText("Statement"),
      "Plants log 30% fewer rework orders.",
    );
    expect(within(dialog).queryByLabelText("Measures")).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Figure"), "30");
    await user.selectOptions(within(dialog).getByLabelText("Unit"), "%");
    const measures = within(dialog).getByLabelText("Measures");
    await waitFor(() => expect(measures).toHaveValue(READ.measure));
    expect(within(dialog).getByLabelText("Kind of figure")).toHaveValue(READ.metric);
    expect(within(dialog).getByLabelText("Direction")).toHaveValue(READ.direction);
    const asked = fake.requests.filter((r) => r.path === "/api/proof/facts/derive-structure");
    expect(asked.at(-1)?.body).toEqual({ statement: "Plants log 30% fewer rework orders." });
    expect(
      within(within(dialog).getByLabelText("Direction"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose…", "Increase", "Reduction", "Share", "Level"]);

    // Set by hand: the fields stop following the statement and are sent as set.
    await user.selectOptions(within(dialog).getByLabelText("Direction"), "level");
    await user.clear(measures);
    await user.type(measures, "rework orders per plant");
    await user.type(within(dialog).getByLabelText("Statement"), " Audited.");
    await user.type(within(dialog).getByLabelText("Source"), "Plant audit, p. 3");
    await user.type(within(dialog).getByLabelText("Owner"), "Operations");
    await user.click(within(dialog).getByRole("button", { name: "Propose fact" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = fake.requests.find((r) => r.path === "/api/proof/facts" && r.method === "POST");
    expect(post?.body).toMatchObject({
      value: 30,
      unit: "%",
      structure: { measure: "rework orders per plant", metric: READ.metric, direction: "level" },
    });
  });

  it("shows the server's message under a structure field it refuses", async () => {
    installFakeApi({
      "GET /api/proof/facts": ok({
        facts: [buildFact({ status: "proposed", can: { ...NONE, edit: true } })],
        can: { propose: true },
      }),
      "PUT /api/proof/facts/:id": fail(400, "validation_error", "Invalid request.", {
        details: {
          issues: [{ path: "body.structure.measure", message: "Say what the figure measures." }],
        },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProofLibraryPage solutions={SOLUTIONS} industries={INDUSTRIES} />);
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit fact" });
    // An existing fact's structure is its own: shown as it is, not read again.
    expect(within(dialog).getByLabelText("Measures")).toHaveValue("engineering change orders");
    expect(within(dialog).getByLabelText("Direction")).toHaveValue("reduction");
    await user.clear(within(dialog).getByLabelText("Measures"));
    await user.click(within(dialog).getByRole("button", { name: "Save fact" }));
    expect(await within(dialog).findByText("Say what the figure measures.")).toBeInTheDocument();
  });

  it("retires a fact and lists the content that uses it", async () => {
    const fact = buildFact({ can: { ...NONE, expire: true, retire: true } });
    const result: FactChangeResult = {
      fact: { ...fact, status: "retired", can: NONE },
      usages: [
        {
          contentItemId: "c-1",
          title: "Late ECOs in aerostructures",
          createdAt: "2026-11-21T10:00:00.000Z",
          claims: ["35-45% reduction in engineering change orders"],
        },
      ],
    };
    const fake = installFakeApi({
      "GET /api/proof/facts": ok({ facts: [fact], can: { propose: true } }),
      "POST /api/proof/facts/:id/retire": ok(result),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProofLibraryPage solutions={SOLUTIONS} industries={INDUSTRIES} />);
    await user.click(await screen.findByRole("button", { name: `Retire: ${fact.statement}` }));
    const usages = await screen.findByRole("region", { name: "Content using this fact" });
    expect(usages).toHaveTextContent("1 stored content item uses this fact:");
    expect(
      within(usages).getByRole("link", { name: "Late ECOs in aerostructures" }),
    ).toHaveAttribute("href", "/library/c-1");
    expect(fake.requests.some((r) => r.path === "/api/proof/facts/fact-1/retire")).toBe(true);
  });

  it("formats figures by unit", () => {
    expect(formatFigure({ value: 35, valueMax: 45, unit: "%" })).toBe("35–45%");
    expect(formatFigure({ value: 3, valueMax: null, unit: "x" })).toBe("3x");
    expect(formatFigure({ value: 1200000, valueMax: null, unit: "USD" })).toBe("USD 1,200,000");
    expect(formatFigure({ value: null, valueMax: null, unit: null })).toBe("");
  });
});
