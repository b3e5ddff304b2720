import type { ApiToken } from "@content-studio/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { ApiTokensCard } from "./api-tokens-card";

const SERVICE: ApiToken = {
  id: "0123456789abcdef",
  name: "CMS sync",
  kind: "service",
  scopes: ["library:read", "admin"],
  prefix: "cs_0123456789abcdef",
  ownerId: "u2",
  ownerLabel: "Other Admin <other@example.test>",
  createdAt: "2026-11-20T10:00:00.000Z",
  expiresAt: "2027-02-18T10:00:00.000Z",
  lastUsedAt: null,
  expired: false,
  can: { revoke: true },
};

afterEach(() => vi.unstubAllGlobals());

describe("ApiTokensCard", () => {
  it("creates a token with the chosen scopes and expiry and shows its secret once", async () => {
    const fake = installFakeApi({
      "GET /api/tokens": ok({
        tokens: [SERVICE],
        grantableScopes: ["library:read", "library:write", "generate"],
        canCreateService: false,
      }),
      "POST /api/tokens": () =>
        ok(
          {
            token: { ...SERVICE, id: "fedcba9876543210", kind: "personal", name: "Nightly" },
            secret: `cs_fedcba9876543210_${"x".repeat(43)}`,
          },
          201,
        ),
    });
    renderWithProviders(<ApiTokensCard />);
    const table = await screen.findByRole("table", { name: "API tokens" });
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("CMS sync");
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Service");
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Other Admin");

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "New token" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByText(/^Service:/)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^admin/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Name"), "Nightly");
    await user.click(within(dialog).getByRole("checkbox", { name: /library:write/ }));
    await user.selectOptions(within(dialog).getByLabelText("Expires after"), "90");
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));

    const secret = await within(dialog).findByLabelText("Token");
    expect(secret).toHaveValue(`cs_fedcba9876543210_${"x".repeat(43)}`);
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    const posted = fake.requests.find((r) => r.method === "POST");
    expect(posted?.body).toEqual({
      name: "Nightly",
      kind: "personal",
      scopes: ["library:read", "library:write"],
      expiresInDays: 90,
    });
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(/^cs_fedcba/)).not.toBeInTheDocument();
  });

  it("revokes a token after confirmation", async () => {
    const fake = installFakeApi({
      "GET /api/tokens": ok({
        tokens: [SERVICE],
        grantableScopes: ["library:read"],
        canCreateService: true,
      }),
      "DELETE /api/tokens/:id": ok({ revoked: true }),
    });
    renderWithProviders(<ApiTokensCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke CMS sync" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Revoke “CMS sync”");
    await user.click(within(dialog).getByRole("button", { name: "Revoke token" }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === "DELETE")).toBe(true));
    expect(fake.requests.find((r) => r.method === "DELETE")?.params).toEqual({
      id: "0123456789abcdef",
    });
  });
});
