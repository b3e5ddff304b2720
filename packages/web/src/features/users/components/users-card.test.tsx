import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildUser, usersAnswer } from "../../../../test/data";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { UsersCard } from "./users-card";

const admin = buildUser({ id: "admin-1", name: "Ada Admin", role: "admin" });
const editor = buildUser({ id: "editor-1", name: "Eddie Editor", role: "editor" });

describe("UsersCard", () => {
  it("lists users and keeps the admin's own row read-only", async () => {
    installFakeApi({ "GET /api/users": ok(usersAnswer([admin, editor])) });
    renderWithProviders(<UsersCard currentUserId={admin.id} />);

    const rows = await screen.findAllByRole("row");
    expect(rows).toHaveLength(3);
    const own = within(rows[1] as HTMLElement);
    expect(own.getByText("You")).toBeInTheDocument();
    expect(own.getByRole("combobox", { name: "Role of Ada Admin" })).toBeDisabled();
    expect(own.queryByRole("button", { name: /Deactivate/ })).toBeNull();
    expect(own.queryByRole("button", { name: /Reset password/ })).toBeNull();
    expect(screen.getByRole("combobox", { name: "Role of Eddie Editor" })).toHaveValue("editor");
    expect(screen.getByRole("button", { name: "Reset password of Eddie Editor" })).toBeEnabled();
  });

  it("creates a user and shows server field errors under the field", async () => {
    const fake = installFakeApi({
      "GET /api/users": ok(usersAnswer([admin])),
      "POST /api/users": fail(409, "conflict", "A user with this email already exists.", {
        details: {
          issues: [{ path: "body.email", message: "A user with this email already exists." }],
        },
      }),
    });
    renderWithProviders(<UsersCard currentUserId={admin.id} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "Add user" }));
    const form = screen.getByRole("form", { name: "New user" });
    await user.type(within(form).getByLabelText("Name"), "Vera Viewer");
    await user.type(within(form).getByLabelText("Email"), "vera@example.com");
    await user.type(within(form).getByLabelText("Password"), "a-long-passphrase");
    await user.selectOptions(within(form).getByLabelText("Role"), "viewer");
    await user.click(within(form).getByRole("button", { name: "Create user" }));

    expect(
      await within(form).findByText("A user with this email already exists."),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");

    const vera = buildUser({ name: "Vera Viewer", role: "viewer", email: "vera@example.com" });
    fake.routes["POST /api/users"] = ok(usersAnswer([admin, vera]).users[1], 201);
    fake.routes["GET /api/users"] = ok(usersAnswer([admin, vera]));
    await user.click(within(form).getByRole("button", { name: "Create user" }));

    expect(await screen.findByText("Vera Viewer can now sign in as viewer.")).toBeInTheDocument();
    expect(await screen.findByText("vera@example.com")).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === "POST")?.body).toEqual({
      name: "Vera Viewer",
      email: "vera@example.com",
      password: "a-long-passphrase",
      role: "viewer",
    });
  });

  it("changes a role, deactivates and reactivates", async () => {
    const fake = installFakeApi({
      "GET /api/users": ok(usersAnswer([admin, editor])),
      "PATCH /api/users/:id": (req) =>
        ok({
          ...editor,
          ...(req.body as object),
          can: { changeRole: true, deactivate: true, resetPassword: true },
        }),
    });
    renderWithProviders(<UsersCard currentUserId={admin.id} />);
    const user = userEvent.setup();

    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Role of Eddie Editor" }),
      "viewer",
    );
    expect(await screen.findByText("Eddie Editor is now viewer.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Role of Eddie Editor" })).toHaveValue("viewer");

    await user.click(screen.getByRole("button", { name: "Deactivate Eddie Editor" }));
    expect(await screen.findByText("Eddie Editor was deactivated.")).toBeInTheDocument();
    expect(screen.getByText("Deactivated")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Reactivate Eddie Editor" }));
    expect(await screen.findByText("Eddie Editor was reactivated.")).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([
      { role: "viewer" },
      { active: false },
      { active: true },
    ]);
  });

  it("shows a refused change inline", async () => {
    installFakeApi({
      "GET /api/users": ok(
        usersAnswer([admin, buildUser({ id: "admin-2", name: "Bo Admin", role: "admin" })]),
      ),
      "PATCH /api/users/:id": fail(
        409,
        "conflict",
        "There must be at least one active administrator.",
      ),
    });
    renderWithProviders(<UsersCard currentUserId={admin.id} />);

    await userEvent.click(await screen.findByRole("button", { name: "Deactivate Bo Admin" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not update Bo Admin: There must be at least one active administrator.",
    );
  });

  it("shows each account action only when the row's can allows it", async () => {
    const admin = buildUser({ id: "admin-1", name: "Ada Admin", role: "admin" });
    const locked = buildUser({ id: "editor-9", name: "Lee Locked", role: "editor" });
    installFakeApi({
      "GET /api/users": ok({
        users: [{ ...locked, can: { changeRole: false, deactivate: false, resetPassword: false } }],
        can: { create: false },
      }),
    });
    renderWithProviders(<UsersCard currentUserId={admin.id} />);
    expect(await screen.findByRole("combobox", { name: "Role of Lee Locked" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Deactivate Lee Locked" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset password of Lee Locked" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add user" })).toBeNull();
  });
});
