import type { SsoSettings } from "@content-studio/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { SsoCard } from "./sso-card";

const CALLBACK = "http://localhost:3000/api/auth/sso/callback/company-idp";
const ADMINS = [
  { id: "a1", label: "Ada Admin <ada@acme.test>" },
  { id: "a2", label: "Bo Admin <bo@acme.test>" },
];
const CONNECTED: SsoSettings = {
  callbackUrl: CALLBACK,
  connection: {
    name: "Acme Okta",
    issuer: "https://login.acme.test",
    allowPrivateIssuer: false,
    clientId: "content-studio",
    clientSecretSet: true,
    domains: ["acme.test"],
    groupsClaim: "groups",
    groupRoles: [{ group: "marketing-editors", role: "editor" }],
    defaultRole: "viewer",
    passwordSignIn: "everyone",
    breakGlassUserIds: [],
    updatedAt: "2026-11-27T10:00:00.000Z",
  },
};

afterEach(() => vi.unstubAllGlobals());

describe("SsoCard", () => {
  it("sets up a provider: sends every field, the confirmed domains and the break-glass admin", async () => {
    const fake = installFakeApi({
      "GET /api/settings/sso": ok({ callbackUrl: CALLBACK, connection: null }),
      "PUT /api/settings/sso": ok({
        ...CONNECTED,
        connection: { ...CONNECTED.connection!, passwordSignIn: "break_glass_only" },
      }),
    });
    renderWithProviders(<SsoCard admins={ADMINS} />);
    const form = await screen.findByRole("form", { name: "Single sign-on provider" });
    expect(within(form).getByText(CALLBACK)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText("Provider name"), "Acme Okta");
    await user.type(within(form).getByLabelText("Issuer URL"), "https://login.acme.test");
    await user.type(within(form).getByLabelText("Client ID"), "content-studio");
    await user.type(within(form).getByLabelText("Client secret"), "s3cret-value");
    await user.type(within(form).getByLabelText(/Domains whose people may sign in/), "Acme.test");
    await user.click(within(form).getByRole("checkbox", { name: /owns these domains/ }));
    await user.click(within(form).getByRole("checkbox", { name: /Turn password sign-in off/ }));
    await user.click(within(form).getByRole("checkbox", { name: /Bo Admin/ }));
    await user.click(within(form).getByRole("button", { name: "Set up single sign-on" }));

    await waitFor(() => expect(fake.requests.some((r) => r.method === "PUT")).toBe(true));
    expect(fake.requests.find((r) => r.method === "PUT")?.body).toMatchObject({
      name: "Acme Okta",
      issuer: "https://login.acme.test",
      allowPrivateIssuer: false,
      clientId: "content-studio",
      clientSecret: "s3cret-value",
      domains: ["acme.test"],
      domainsConfirmed: true,
      passwordSignIn: "break_glass_only",
      breakGlassUserIds: ["a2"],
    });
    expect(await screen.findByRole("status")).toHaveTextContent(
      'Saved. Discovery worked and the sign-in page offers "Sign in with Acme Okta".',
    );
  });

  it("keeps the stored secret unless a new one is typed, and shows a refused issuer's reason", async () => {
    const fake = installFakeApi({
      "GET /api/settings/sso": ok(CONNECTED),
      "PUT /api/settings/sso": fail(400, "validation_error", "Discovery failed.", {
        details: {
          issues: [
            {
              path: "body.issuer",
              message:
                "The issuer URL resolves to a private or loopback address, which is not allowed.",
            },
          ],
        },
      }),
    });
    renderWithProviders(<SsoCard admins={ADMINS} />);
    const form = await screen.findByRole("form", { name: "Single sign-on provider" });
    expect(within(form).getByLabelText("Provider name")).toHaveValue("Acme Okta");
    const user = userEvent.setup();
    await user.click(within(form).getByRole("button", { name: "Save single sign-on" }));
    expect(
      await within(form).findAllByText(/resolves to a private or loopback address/),
    ).not.toHaveLength(0);
    const body = fake.requests.find((r) => r.method === "PUT")?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("clientSecret");
    expect(body.groupRoles).toEqual([{ group: "marketing-editors", role: "editor" }]);
  });

  it("removes single sign-on only after confirmation in a dialog", async () => {
    const fake = installFakeApi({
      "GET /api/settings/sso": ok(CONNECTED),
      "DELETE /api/settings/sso": ok({ callbackUrl: CALLBACK, connection: null }),
    });
    renderWithProviders(<SsoCard admins={ADMINS} />);
    const form = await screen.findByRole("form", { name: "Single sign-on provider" });
    const user = userEvent.setup();

    await user.click(within(form).getByRole("button", { name: "Remove" }));
    let dialog = await screen.findByRole("dialog", { name: "Remove single sign-on" });
    expect(dialog).toHaveTextContent("passwords work for everyone again");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.requests.some((r) => r.method === "DELETE")).toBe(false);

    await user.click(within(form).getByRole("button", { name: "Remove" }));
    dialog = await screen.findByRole("dialog", { name: "Remove single sign-on" });
    await user.click(within(dialog).getByRole("button", { name: "Remove single sign-on" }));
    expect(
      await screen.findByRole("button", { name: "Set up single sign-on" }),
    ).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === "DELETE")).toHaveLength(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
