import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { buildUser, usersAnswer, startupRoutes } from "../../test/data";
import { fail, installFakeApi, ok } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";

const admin = buildUser({ id: "admin-1", name: "Ada Admin", role: "admin" });
const editor = buildUser({ id: "editor-1", name: "Eddie Editor", role: "editor" });

/** An answer that ends the session (the next session check finds no one) and answers 401. */
function endSessionWith401(fake: ReturnType<typeof installFakeApi>) {
  return () => {
    fake.routes["GET /api/session"] = ok({ user: null, setupRequired: false });
    return fail(401, "unauthenticated", "Please sign in to continue.");
  };
}

async function expectSignInPage(router: ReturnType<typeof renderApp>["router"]) {
  expect(
    await screen.findByRole("heading", { name: "Sign in" }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/login");
}

describe("routing", () => {
  it("sends a signed-out visitor from a shell route to /login", async () => {
    installFakeApi(startupRoutes({ user: null, setupRequired: false }));
    const { router } = renderApp("/library");

    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("keeps a deep link through sign-in: path, query and hash", async () => {
    installFakeApi({
      ...startupRoutes({ user: null, setupRequired: false }),
      "POST /api/auth/sign-in/email": ok({ user: editor }),
    });
    const { router } = renderApp("/examples?source=local#list");

    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), editor.email);
    await user.type(screen.getByLabelText("Password"), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/examples"));
    expect(router.state.location.search).toBe("?source=local");
    expect(router.state.location.hash).toBe("#list");
  });

  it.each(["//evil.com", "https://evil.com"])(
    "never leaves the site after sign-in (next=%s)",
    async (next) => {
      installFakeApi(startupRoutes({ user: editor, setupRequired: false }));
      const { router } = renderApp(`/login?next=${encodeURIComponent(next)}`);

      expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/");
      expect(router.state.location.search).toBe("");
    },
  );

  it("sends a signed-in visitor from /login to the dashboard", async () => {
    installFakeApi(startupRoutes({ user: editor, setupRequired: false }));
    const { router } = renderApp("/login");

    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Welcome back, Eddie Editor")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("signs in and lands on the dashboard", async () => {
    const fake = installFakeApi({
      ...startupRoutes({ user: null, setupRequired: false }),
      "POST /api/auth/sign-in/email": ok({ user: editor }),
    });
    renderApp("/login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), editor.email);
    await user.type(screen.getByLabelText("Password"), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByText("Welcome back, Eddie Editor")).toBeInTheDocument();
    expect(fake.requests.map((r) => r.path)).toContain("/api/ai-service-info");
  });

  it("shows the 404 page with a way back for unknown paths", async () => {
    installFakeApi(startupRoutes({ user: editor, setupRequired: false }));
    const { router } = renderApp("/no/such/page");

    expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Return to Dashboard" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it.each([
    ["/target-audience/personas", "Target Audience Analysis"],
    ["/generate", "Content Generator"],
    ["/library", "Content Library"],
    ["/examples/abc", "Example Repository"],
    ["/settings", "Settings"],
  ])("renders %s as %s", async (url, title) => {
    installFakeApi(startupRoutes({ user: editor, setupRequired: false }));
    renderApp(url);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
  });

  it.each([
    ["#generate", "/generate", ""],
    ["#library", "/library", ""],
    ["#target-audience", "/target-audience", ""],
    ["#examples", "/examples", "?source=cloud"],
    ["#examples-local", "/examples", "?source=local"],
  ])("follows the dashboard hash link %s", async (hash, pathname, search) => {
    installFakeApi(startupRoutes({ user: editor, setupRequired: false }));
    const { router } = renderApp(`/${hash}`);

    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
  });

  it("returns to /login when a signed-in call answers 401", async () => {
    const fake = installFakeApi({
      ...startupRoutes({ user: admin, setupRequired: false }),
      "GET /api/users": fail(401, "unauthenticated", "Please sign in to continue."),
    });
    fake.routes["GET /api/users"] = endSessionWith401(fake);
    const { router } = renderApp("/settings");

    await expectSignInPage(router);
  });

  it("returns to /login without logging a startup failure when reference data answers 401", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fake = installFakeApi({
      ...startupRoutes({ user: editor, setupRequired: false }),
    });
    fake.routes["GET /api/personas"] = endSessionWith401(fake);
    const { router } = renderApp("/");

    await expectSignInPage(router);
    expect(consoleError).not.toHaveBeenCalledWith("Failed to load personas:", expect.anything());
  });

  it("logs out and returns to /login", async () => {
    const fake = installFakeApi({
      ...startupRoutes({ user: editor, setupRequired: false }),
      "POST /api/auth/sign-out": ok({}),
    });
    const { router } = renderApp("/");

    await userEvent.click(await screen.findByRole("button", { name: "Log out" }));

    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(fake.requests.some((r) => r.path === "/api/auth/sign-out")).toBe(true);
  });
});

describe("startup", () => {
  it("shows the initializing spinner, then carries on when reference data fails", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    installFakeApi({
      ...startupRoutes({ user: editor, setupRequired: false }),
      "GET /api/personas": fail(500, "internal_error", "Something went wrong on our side."),
      "GET /api/ai-service-info": fail(500, "internal_error", "Something went wrong on our side."),
    });
    renderApp("/");

    expect(screen.getByRole("status")).toHaveTextContent("Initializing application...");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith("Failed to load personas:", expect.any(Error));
    const sidebar = screen.getByRole("complementary", { name: "Sidebar" });
    expect(within(sidebar).getAllByText("Not configured")).toHaveLength(2);
  });

  it("offers a retry when the session cannot be loaded", async () => {
    const fake = installFakeApi({
      ...startupRoutes({ user: null, setupRequired: false }),
      "GET /api/session": fail(500, "internal_error", "Something went wrong on our side."),
    });
    renderApp("/");

    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong");
    fake.routes["GET /api/session"] = ok({ user: null, setupRequired: true });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));

    expect(
      await screen.findByRole("heading", { name: "Create the administrator account" }),
    ).toBeInTheDocument();
  });
});

describe("settings", () => {
  it("hides the users card from non-admins", async () => {
    const fake = installFakeApi(startupRoutes({ user: editor, setupRequired: false }));
    renderApp("/settings");

    expect(await screen.findByRole("heading", { name: "Settings" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Users" })).not.toBeInTheDocument();
    expect(fake.requests.some((r) => r.path === "/api/users")).toBe(false);
  });

  it("shows the users card to admins", async () => {
    installFakeApi({
      ...startupRoutes({ user: admin, setupRequired: false }),
      "GET /api/users": ok(usersAnswer([admin, editor])),
    });
    renderApp("/settings");

    const card = await screen.findByRole("region", { name: "Users" });
    expect(await within(card).findByText(editor.email)).toBeInTheDocument();
    expect(within(card).getByText("Ada Admin")).toBeInTheDocument();
  });
});
