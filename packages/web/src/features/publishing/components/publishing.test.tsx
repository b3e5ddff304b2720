import type { ContentExport, PublishingConnection } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { ItemExportsPanel } from "./item-exports-panel";
import { PublishingCard } from "./publishing-card";

const CONNECTION: PublishingConnection = {
  id: "c1",
  name: "Company blog",
  target: "wordpress",
  settings: { target: "wordpress", siteUrl: "https://blog.example.com", username: "editor" },
  utm: { source: "content-studio", medium: "blog", campaign: "" },
  fieldMapping: null,
  lastTest: null,
  createdAt: "2026-11-28T10:00:00.000Z",
  createdBy: "Ada",
};

const EXPORT: ContentExport = {
  id: "e1",
  itemId: "i1",
  connectionId: "c1",
  connectionName: "Company blog",
  target: "wordpress",
  status: "drafted",
  requestedVersion: 2,
  exportedVersion: 2,
  externalId: "4211",
  externalUrl: "https://blog.example.com/?p=4211",
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  updatedAt: "2026-11-28T10:05:00.000Z",
};

afterEach(() => vi.unstubAllGlobals());

describe("PublishingCard", () => {
  // Many fields: up to 30 s on a loaded machine.
  it("adds a WordPress connection and shows what a test said", { timeout: 30_000 }, async () => {
    const fake = installFakeApi({
      "GET /api/publishing/connections": ok({ connections: [], allowedOrigins: [] }),
      "POST /api/publishing/connections": ok(CONNECTION, 201),
    });
    renderWithProviders(<PublishingCard />);
    await screen.findByText(/No connections yet/);
    const user = userEvent.setup();
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await user.click(screen.getByRole("button", { name: "Add connection" }));
    const dialog = screen.getByRole("dialog", { name: "Add publishing connection" });
    await fill(within(dialog).getByLabelText("Name"), "Company blog");
    await fill(within(dialog).getByLabelText("Site URL"), "https://blog.example.com");
    await fill(within(dialog).getByLabelText("WordPress user"), "editor");
    await fill(within(dialog).getByLabelText("Application password"), "abcd efgh");
    fake.routes["GET /api/publishing/connections"] = ok({
      connections: [
        {
          ...CONNECTION,
          lastTest: {
            ok: false,
            message: "WordPress did not receive the credentials (rest_not_logged_in).",
            at: "2026-11-28T10:01:00.000Z",
          },
        },
      ],
      allowedOrigins: [],
    });
    await user.click(within(dialog).getByRole("button", { name: "Add connection" }));
    expect(fake.requests.find((r) => r.method === "POST")?.body).toEqual({
      name: "Company blog",
      settings: { target: "wordpress", siteUrl: "https://blog.example.com", username: "editor" },
      secret: "abcd efgh",
      utm: { source: "content-studio", medium: "blog", campaign: "" },
    });
    const row = await screen.findByRole("listitem", { name: "Company blog" });
    expect(within(row).getByText("Test failed")).toBeInTheDocument();
    expect(within(row).getByText(/rest_not_logged_in/)).toBeInTheDocument();
  });
});

describe("ItemExportsPanel", () => {
  it("sends the approved version to the chosen connection and lists the draft", async () => {
    const fake = installFakeApi({
      "GET /api/publishing/items/:id/exports": ok({
        exports: [EXPORT],
        targets: [{ id: "c1", name: "Company blog", target: "wordpress" }],
        can: { send: true },
        blockedReason: null,
      }),
      "POST /api/publishing/items/:id/exports": ok(EXPORT, 202),
    });
    renderWithProviders(<ItemExportsPanel itemId="i1" approvedVersion={2} />);
    const row = await screen.findByRole("listitem", { name: "Company blog draft" });
    expect(within(row).getByText(/External id 4211/)).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Open the draft" })).toHaveAttribute(
      "href",
      EXPORT.externalUrl,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Send as draft" }));
    expect(fake.requests.find((r) => r.method === "POST")?.body).toEqual({
      connectionId: "c1",
      version: 2,
    });
  });

  it("offers no sending without the capability, and hides itself with nothing to show", async () => {
    installFakeApi({
      "GET /api/publishing/items/:id/exports": ok({
        exports: [],
        targets: [],
        can: { send: false },
        blockedReason: "Only approved or published content can be sent as a draft.",
      }),
    });
    const { container } = renderWithProviders(
      <ItemExportsPanel itemId="i1" approvedVersion={null} />,
    );
    await vi.waitFor(() => expect(screen.queryByText(/Loading drafts/)).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Send as draft" })).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });
});
