import type { Fact, FactChangeResult } from "@content-studio/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/render";
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
    const post = fake.requests.find((r) => r.method === "POST");
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
