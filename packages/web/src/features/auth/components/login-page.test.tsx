import {
  FORGOT_PASSWORD_ADMIN_MESSAGE,
  FORGOT_PASSWORD_SENT_MESSAGE,
} from "@content-studio/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../../test/data";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { LoginPage } from "./login-page";

const signedOut = { user: null, setupRequired: false };

async function signIn(email = "ada@example.com", password = "wrong-password") {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("LoginPage", () => {
  it("says the credentials are wrong on a 401", async () => {
    installFakeApi({
      "GET /api/session": ok(signedOut),
      "POST /api/auth/sign-in/email": fail(401, "unauthenticated", "Invalid email or password."),
    });
    renderWithProviders(<LoginPage />, { route: "/login" });

    await signIn();

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Login failed. Please check your credentials.",
    );
    expect(screen.queryByText(/any email and password/i)).not.toBeInTheDocument();
  });

  it("shows the server's message for rate limiting; a deactivated account reads as failed credentials", async () => {
    const fake = installFakeApi({
      "GET /api/session": ok(signedOut),
      "POST /api/auth/sign-in/email": fail(
        429,
        "rate_limited",
        "Too many sign-in attempts. Please try again in 15 minutes.",
        { headers: { "Retry-After": "900" } },
      ),
    });
    renderWithProviders(<LoginPage />, { route: "/login" });

    await signIn();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many sign-in attempts. Please try again in 15 minutes.",
    );

    fake.routes["POST /api/auth/sign-in/email"] = fail(
      401,
      "unauthenticated",
      "Invalid email or password.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Login failed. Please check your credentials.",
    );
  });

  it("reads 'Signing in...' while the request is in flight", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    installFakeApi({
      "GET /api/session": ok(signedOut),
      "POST /api/auth/sign-in/email": async () => {
        await held;
        return fail(401, "unauthenticated", "Invalid email or password.");
      },
    });
    renderWithProviders(<LoginPage />, { route: "/login" });

    await signIn();

    expect(screen.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  it("reveals how to reset a password instead of a dead link", async () => {
    installFakeApi({ "GET /api/session": ok(signedOut) });
    renderWithProviders(<LoginPage />, { route: "/login" });
    const toggle = await screen.findByRole("button", { name: "Forgot password?" });

    expect(screen.queryByText(FORGOT_PASSWORD_ADMIN_MESSAGE)).toBeNull();
    await userEvent.click(toggle);

    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(FORGOT_PASSWORD_ADMIN_MESSAGE)).toBeVisible();
  });

  it("sends a reset link when the server has outgoing mail", async () => {
    const fake = installFakeApi({
      "GET /api/session": ok({ ...signedOut, passwordRecovery: "email" }),
      "POST /api/auth/forgot-password": ok({ message: FORGOT_PASSWORD_SENT_MESSAGE }),
    });
    renderWithProviders(<LoginPage />, { route: "/login" });
    await userEvent.click(await screen.findByRole("button", { name: "Forgot password?" }));
    await userEvent.type(screen.getByLabelText("Email for the reset link"), "ada@example.test");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(FORGOT_PASSWORD_SENT_MESSAGE)).toBeVisible();
    expect(fake.requests.find((r) => r.path === "/api/auth/forgot-password")?.body).toEqual({
      email: "ada@example.test",
    });
  });

  it("offers to create the administrator on first run and shows field errors", async () => {
    const fake = installFakeApi({
      "GET /api/session": ok({ user: null, setupRequired: true }),
      "POST /api/setup/admin": fail(400, "validation_error", "This password is too common.", {
        details: { issues: [{ path: "body.password", message: "This password is too common." }] },
      }),
    });
    renderWithProviders(<LoginPage />, { route: "/login" });

    expect(
      await screen.findByRole("heading", { name: "Create the administrator account" }),
    ).toBeInTheDocument();
    expect(screen.getByText("At least 8 characters.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Name"), "Ada Admin");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "password1");
    await user.click(screen.getByRole("button", { name: "Create administrator account" }));

    const password = screen.getByLabelText("Password");
    expect(await screen.findByText("This password is too common.")).toBeInTheDocument();
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription("This password is too common.");
    expect(fake.requests.at(-1)?.body).toEqual({
      name: "Ada Admin",
      email: "ada@example.com",
      password: "password1",
    });
  });

  it("stores the new administrator as the signed-in user", async () => {
    const admin = buildUser({ role: "admin", name: "Ada Admin" });
    installFakeApi({
      "GET /api/session": ok({ user: null, setupRequired: true }),
      "POST /api/setup/admin": ok({ user: admin }, 201),
    });
    const { queryClient } = renderWithProviders(<LoginPage />, { route: "/login" });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name"), "Ada Admin");
    await user.type(screen.getByLabelText("Email"), admin.email);
    await user.type(screen.getByLabelText("Password"), "a-long-passphrase");
    await user.click(screen.getByRole("button", { name: "Create administrator account" }));

    await screen.findByRole("heading", { name: "Sign in" });
    expect(queryClient.getQueryData(["session"])).toEqual({ user: admin, setupRequired: false });
  });
});
