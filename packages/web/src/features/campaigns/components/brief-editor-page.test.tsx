import type { CampaignBriefInput } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { fail, installFakeApi, ok, type FakeResponse } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { BriefEditorPage, type BriefOptions } from "./brief-editor-page";
import { buildBrief, OPTIONS } from "../../../../test/campaigns-fixtures";

function setup({
  route = "/campaigns/new",
  routes = {},
  writerOffline = false,
  options = OPTIONS,
}: {
  route?: string;
  routes?: Record<
    string,
    FakeResponse | ((r: { body: unknown; params: Record<string, string> }) => FakeResponse)
  >;
  writerOffline?: boolean;
  options?: BriefOptions;
} = {}) {
  const fake = installFakeApi({ "GET /api/campaigns/:id": ok(buildBrief()), ...routes });
  const page = (briefId?: string) => (
    <BriefEditorPage briefId={briefId} options={options} canCreate writerOffline={writerOffline} />
  );
  function ById() {
    return page(useParams().id);
  }
  renderWithProviders(
    <Routes>
      <Route path="/campaigns" element={<p>All briefs page</p>} />
      <Route path="/campaigns/new" element={page()} />
      <Route path="/campaigns/:id" element={<ById />} />
    </Routes>,
    { route },
  );
  return fake;
}

describe("BriefEditorPage", () => {
  it("creates a brief from the form: cells in grid order, facts, offers, assets, languages", async () => {
    const fake = setup({
      routes: {
        "POST /api/campaigns": ({ body }) =>
          ok(buildBrief({ ...(body as CampaignBriefInput), id: "brief-9" }), 201),
      },
    });
    await userEvent.type(screen.getByLabelText("Name"), "Spring launch");
    await userEvent.type(screen.getByLabelText("Key message"), "Cost while it can change.");
    await userEvent.type(screen.getByLabelText("Search facts"), "3x");
    await userEvent.click(screen.getByRole("checkbox", { name: /Quotes 3x faster/ }));
    await userEvent.selectOptions(screen.getByLabelText("Decision offer"), "ROI Calculator");
    expect(
      within(screen.getByLabelText("Awareness offer")).queryByRole("option", {
        name: "Pilot Plan",
      }),
    ).toBeNull();
    await userEvent.click(
      screen.getByRole("checkbox", { name: "VP Engineering, Aerospace, Decision" }),
    );
    await userEvent.click(screen.getByRole("checkbox", { name: "CTO, Aerospace, Awareness" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Image prompt" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "French" }));
    await userEvent.click(screen.getByRole("button", { name: "Create brief" }));

    expect(await screen.findByRole("heading", { name: "Spring launch" })).toBeInTheDocument();
    const sent = fake.requests.find((r) => r.method === "POST")!.body as CampaignBriefInput;
    expect(sent).toEqual({
      name: "Spring launch",
      objective: "",
      keyMessage: "Cost while it can change.",
      factIds: ["fact-2"],
      offers: { awareness: null, consideration: null, decision: "ROI Calculator" },
      cells: [
        { personaId: "cto", industryId: "aerospace", buyingStage: "awareness" },
        { personaId: "vp", industryId: "aerospace", buyingStage: "decision" },
      ],
      assets: ["article", "linkedin", "x", "email-subjects", "newsletter"],
      articleContentType: "thought-leadership",
      languages: ["en", "fr"],
      dueDate: null,
    });
  });

  it("says the outline writer writes English only when another language is chosen without an AI provider", async () => {
    setup({ writerOffline: true });
    expect(screen.queryByText(/writes English only/)).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: "German" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Japanese" }));
    expect(
      screen.getByText(
        "No AI provider is configured, so kits are written by the outline writer, which writes English only: German and Japanese will not be written. An admin can connect an AI provider under Settings.",
      ),
    ).toBeInTheDocument();
  });

  it("says nothing about languages when an AI provider is configured", async () => {
    setup({ writerOffline: false });
    await userEvent.click(screen.getByRole("checkbox", { name: "German" }));
    expect(screen.queryByText(/writes English only/)).toBeNull();
  });

  it("shows the server's field messages next to the fields", async () => {
    setup({
      routes: {
        "POST /api/campaigns": fail(400, "validation_error", "2 fields need attention.", {
          details: {
            issues: [
              {
                path: "body.offers.decision",
                message: "The offer 'X' does not suit the decision stage.",
              },
              { path: "body.cells.0.personaId", message: "Unknown persona 'ghost'." },
            ],
          },
        }),
      },
    });
    await userEvent.type(screen.getByLabelText("Name"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Create brief" }));
    expect(await screen.findByText("2 fields need attention.")).toBeInTheDocument();
    expect(screen.getByText("The offer 'X' does not suit the decision stage.")).toBeInTheDocument();
    expect(screen.getByText("Unknown persona 'ghost'.")).toBeInTheDocument();
  });

  it("loads a brief, saves it, and deletes it after confirmation", async () => {
    const fake = setup({
      route: "/campaigns/brief-1",
      routes: {
        "PUT /api/campaigns/:id": ({ body }) => ok(buildBrief({ ...(body as CampaignBriefInput) })),
        "DELETE /api/campaigns/:id": ok(null),
      },
    });
    expect(await screen.findByRole("heading", { name: "Should-cost launch" })).toBeInTheDocument();
    expect(screen.getByLabelText("Due date")).toHaveValue("2027-01-15");
    expect(screen.getByRole("checkbox", { name: "CTO, Aerospace, Awareness" })).toBeChecked();
    await userEvent.clear(screen.getByLabelText("Objective"));
    await userEvent.click(screen.getByRole("button", { name: "Save brief" }));
    expect(await screen.findByText("Saved.")).toBeInTheDocument();
    const put = fake.requests.find((r) => r.method === "PUT")!.body as CampaignBriefInput;
    expect(put.objective).toBe("");
    expect(put.cells).toHaveLength(2);

    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this brief?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete brief" }));
    expect(await screen.findByText("All briefs page")).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === "DELETE")).toBe(true);
  });

  it("shows another's brief read-only, with duplicate and export but no save or delete", async () => {
    setup({
      route: "/campaigns/brief-1",
      routes: {
        "GET /api/campaigns/:id": ok(
          buildBrief({ can: { edit: false, run: false, delete: false } }),
        ),
        "POST /api/campaigns/:id/duplicate": ok(
          buildBrief({ id: "brief-2", name: "Copy of Should-cost launch" }),
          201,
        ),
      },
    });
    expect(await screen.findByText(/Only its owner or an admin can change it/)).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "CTO, Aerospace, Awareness" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save brief" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Duplicate" }));
    expect(
      await screen.findByRole("heading", { name: "Copy of Should-cost launch" }),
    ).toBeInTheDocument();
  });

  it("lets an admin choose the owner", async () => {
    const fake = setup({
      options: { ...OPTIONS, owners: [{ id: "u-2", name: "Olive Owner" }] },
      routes: {
        // The server answers the brief as stored (here, with the fixture's message and cells).
        "POST /api/campaigns": ({ body }) => {
          const { name, ownerId } = body as CampaignBriefInput;
          return ok(buildBrief({ name, ownerId }), 201);
        },
      },
    });
    await userEvent.type(screen.getByLabelText("Name"), "x");
    await userEvent.selectOptions(screen.getByLabelText("Owner"), "Olive Owner");
    await userEvent.click(screen.getByRole("button", { name: "Create brief" }));
    await screen.findByText("Saved.");
    expect(
      (fake.requests.find((r) => r.method === "POST")!.body as CampaignBriefInput).ownerId,
    ).toBe("u-2");
  });
});
