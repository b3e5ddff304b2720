import type { WebhookEndpoint } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { WebhooksCard } from "./webhooks-card";

const ENDPOINT: WebhookEndpoint = {
  id: "w1",
  url: "https://hooks.example.com/cs",
  description: "CRM",
  events: ["content.approved"],
  enabled: true,
  disabledReason: null,
  previousSecretUntil: null,
  createdAt: "2026-11-28T10:00:00.000Z",
  createdBy: "Ada",
  lastDelivery: null,
};
const SECRET = "whsec_c2VjcmV0LXNob3duLW9uY2UtYW5kLW5ldmVyLWFnYWlu";

afterEach(() => vi.unstubAllGlobals());

describe("WebhooksCard", () => {
  it("adds an endpoint with the chosen events and shows its secret once", async () => {
    const fake = installFakeApi({
      "GET /api/webhooks": ok({ endpoints: [], allowedOrigins: [] }),
      "POST /api/webhooks": ok({ endpoint: ENDPOINT, secret: SECRET }, 201),
    });
    renderWithProviders(<WebhooksCard />);
    await screen.findByText("No endpoints yet. Add one to receive events.");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    const dialog = screen.getByRole("dialog", { name: "Add webhook endpoint" });
    await user.type(within(dialog).getByLabelText("URL"), ENDPOINT.url);
    await user.click(within(dialog).getByRole("checkbox", { name: "Fact retired" }));
    await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }));

    const shown = await screen.findByRole("dialog", { name: "Endpoint added" });
    expect(within(shown).getByLabelText("Signing secret")).toHaveValue(SECRET);
    expect(fake.requests.find((r) => r.method === "POST")?.body).toEqual({
      url: ENDPOINT.url,
      description: "",
      events: ["content.approved", "fact.retired"],
    });
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it("shows why the server switched an endpoint off", async () => {
    installFakeApi({
      "GET /api/webhooks": ok({
        endpoints: [
          { ...ENDPOINT, enabled: false, disabledReason: "The endpoint answered 410 Gone." },
        ],
        allowedOrigins: [],
      }),
    });
    renderWithProviders(<WebhooksCard />);
    const row = await screen.findByRole("listitem", { name: ENDPOINT.url });
    expect(row).toHaveTextContent("Switched off: The endpoint answered 410 Gone.");
    expect(within(row).getByRole("button", { name: "Send test event" })).toBeDisabled();
    expect(within(row).getByRole("button", { name: "Switch on" })).toBeEnabled();
  });
});
