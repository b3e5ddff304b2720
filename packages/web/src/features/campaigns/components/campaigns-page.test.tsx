import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, installFakeApi, ok, type FakeResponse } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { CampaignsPage } from "./campaigns-page";
import { buildBrief } from "../../../../test/campaigns-fixtures";

const CAN = { create: true, assignOwner: false };

function setup(list: FakeResponse, extra: Record<string, FakeResponse> = {}) {
  const fake = installFakeApi({ "GET /api/campaigns": list, ...extra });
  renderWithProviders(<CampaignsPage />, { route: "/campaigns" });
  return fake;
}

describe("CampaignsPage", () => {
  it("lists each brief with owner, cells, languages, due date and latest kit", async () => {
    setup(
      ok({
        briefs: [
          buildBrief(),
          buildBrief({
            id: "brief-2",
            name: "Autumn push",
            dueDate: null,
            languages: ["en"],
            latestKit: {
              id: "kit-1",
              status: "running",
              createdAt: "2026-11-22T10:00:00.000Z",
              finishedAt: null,
              total: 12,
              done: 3,
              failed: 0,
            },
          }),
        ],
        can: CAN,
      }),
    );
    expect(screen.getByText("Loading briefs...")).toBeInTheDocument();
    const rows = within(await screen.findByRole("list", { name: "Briefs" })).getAllByRole(
      "listitem",
    );
    expect(within(rows[0]!).getByRole("link", { name: "Should-cost launch" })).toHaveAttribute(
      "href",
      "/campaigns/brief-1",
    );
    expect(rows[0]).toHaveTextContent("Owner: Erin Editor");
    expect(rows[0]).toHaveTextContent("Cells: 2");
    expect(rows[0]).toHaveTextContent("Languages: English, German");
    expect(rows[0]).toHaveTextContent("Due: 2027-01-15");
    expect(rows[0]).toHaveTextContent("Latest kit: None yet");
    expect(rows[1]).toHaveTextContent("Due: —");
    expect(within(rows[1]!).getByText("Running 3/12")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New brief" })).toHaveAttribute(
      "href",
      "/campaigns/new",
    );
    expect(screen.getByRole("button", { name: "Import CSV" })).toBeInTheDocument();
  });

  it("offers a new brief when there is none, and nothing to create for viewers", async () => {
    setup(ok({ briefs: [], can: CAN }));
    expect(await screen.findByText("No briefs yet")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "New brief" })).toHaveLength(2);
  });

  it("shows no create actions to a viewer", async () => {
    setup(ok({ briefs: [buildBrief()], can: { create: false, assignOwner: false } }));
    await screen.findByRole("list", { name: "Briefs" });
    expect(screen.queryByRole("link", { name: "New brief" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Import CSV" })).toBeNull();
  });

  it("shows a load failure with a retry", async () => {
    const fake = setup(fail(500, "internal_error", "Something went wrong."));
    expect(await screen.findByText(/Something went wrong/)).toBeInTheDocument();
    fake.routes["GET /api/campaigns"] = ok({ briefs: [buildBrief()], can: CAN });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Should-cost launch" })).toBeInTheDocument();
  });

  it("imports a CSV and lists every problem the server names", async () => {
    const fake = setup(ok({ briefs: [], can: CAN }), {
      "POST /api/campaigns/import": fail(400, "validation_error", "The file has 2 problems.", {
        details: {
          issues: [
            { path: "row 2.persona", message: "Unknown persona 'ghost'." },
            { path: "row 3.languages", message: "Unknown language 'xx'." },
          ],
        },
      }),
    });
    await screen.findByText("No briefs yet");
    const file = new File(["name\n"], "brief.csv", { type: "text/csv" });
    await userEvent.upload(screen.getByLabelText("CSV file to import"), file);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The file has 2 problems.");
    expect(alert).toHaveTextContent("row 2.persona: Unknown persona 'ghost'.");
    expect(alert).toHaveTextContent("row 3.languages: Unknown language 'xx'.");
    const sent = fake.requests.find((r) => r.path === "/api/campaigns/import")!.body as FormData;
    expect((sent.get("file") as File).name).toBe("brief.csv");
  });
});
