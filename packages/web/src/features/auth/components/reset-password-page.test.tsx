import { INVALID_RESET_LINK_MESSAGE } from "@content-studio/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { ResetPasswordPage } from "./reset-password-page";

const TOKEN = "t".repeat(43);

async function fill(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText("New password"), password);
  await userEvent.type(screen.getByLabelText("Confirm new password"), confirm);
  await userEvent.click(screen.getByRole("button", { name: "Set new password" }));
}

describe("ResetPasswordPage", () => {
  it("sends the token from the link's fragment with the new password", async () => {
    const fake = installFakeApi({ "POST /api/auth/reset-password": ok({}) });
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password#token=${TOKEN}` });
    await fill("Lighthouse-Keeper-1906");
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === "POST")?.body).toEqual({
      token: TOKEN,
      newPassword: "Lighthouse-Keeper-1906",
    });
  });

  it("refuses two different passwords without asking the server", async () => {
    const fake = installFakeApi({ "POST /api/auth/reset-password": ok({}) });
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password#token=${TOKEN}` });
    await fill("Lighthouse-Keeper-1906", "Lighthouse-Keeper-1907");
    expect(screen.getByText("The two passwords are not the same.")).toBeInTheDocument();
    expect(fake.requests).toHaveLength(0);
  });

  it("shows the server's answer for a used or expired link", async () => {
    installFakeApi({
      "POST /api/auth/reset-password": fail(400, "validation_error", INVALID_RESET_LINK_MESSAGE, {
        details: { issues: [{ path: "body.token", message: INVALID_RESET_LINK_MESSAGE }] },
      }),
    });
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password#token=${TOKEN}` });
    await fill("Lighthouse-Keeper-1906");
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID_RESET_LINK_MESSAGE);
  });

  it("explains a link without its token", () => {
    installFakeApi({});
    renderWithProviders(<ResetPasswordPage />, { route: "/reset-password" });
    expect(screen.getByRole("alert")).toHaveTextContent(/This reset link is incomplete/);
  });
});
