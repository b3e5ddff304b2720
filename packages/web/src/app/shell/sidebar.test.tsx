import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildUser, startupRoutes } from "../../../test/data";
import { installFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";

const editor = buildUser({ name: "Eddie Editor", role: "editor" });

async function renderShell(url: string) {
  installFakeApi(startupRoutes({ user: editor, setupRequired: false }));
  const result = renderApp(url);
  const sidebar = await screen.findByRole("complementary", { name: "Sidebar" });
  const nav = within(sidebar).getByRole("navigation", { name: "Main" });
  const navLink = (name: string) => within(nav).getByRole("link", { name });
  return { ...result, sidebar, nav, navLink };
}

describe("sidebar", () => {
  it("collapses to icons and back, remembering the choice", async () => {
    const { sidebar, navLink } = await renderShell("/");
    const toggle = within(sidebar).getByRole("button", { name: "Collapse sidebar" });
    expect(sidebar).toHaveClass("w-64");
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    await userEvent.click(toggle);

    expect(sidebar).toHaveClass("w-20");
    expect(sidebar).not.toHaveClass("w-64");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAccessibleName("Expand sidebar");
    const link = navLink("Generate Content");
    expect(link).toHaveAttribute("title", "Generate Content");
    expect(localStorage.getItem("content-studio:sidebar-collapsed")).toBe("true");

    await userEvent.click(toggle);
    expect(sidebar).toHaveClass("w-64");
    expect(localStorage.getItem("content-studio:sidebar-collapsed")).toBe("false");
  });

  it("starts collapsed when that was the last choice", async () => {
    localStorage.setItem("content-studio:sidebar-collapsed", "true");
    const { sidebar } = await renderShell("/");
    expect(sidebar).toHaveClass("w-20");
  });

  it("lists the screens in product order", async () => {
    const { nav } = await renderShell("/");
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual([
      "Dashboard",
      "Target Audience",
      "Generate Content",
      "Campaigns",
      "Content Library",
      "Example Repository",
      "Proof Library",
      "Settings",
    ]);
  });

  it("marks Dashboard active only on / exactly", async () => {
    const { navLink } = await renderShell("/");
    expect(navLink("Dashboard")).toHaveAttribute("aria-current", "page");
    await userEvent.click(navLink("Content Library"));

    // The library's code loads with its route: the link is current once the screen is there.
    await waitFor(() => expect(navLink("Content Library")).toHaveAttribute("aria-current", "page"));
    expect(navLink("Dashboard")).not.toHaveAttribute("aria-current");
  });

  it("marks a section active on its sub-paths", async () => {
    const { navLink } = await renderShell("/generate/drafts/42");
    expect(navLink("Generate Content")).toHaveAttribute("aria-current", "page");
    expect(navLink("Dashboard")).not.toHaveAttribute("aria-current");
  });

  it("shows the AI provider and the signed-in user", async () => {
    const { sidebar } = await renderShell("/");
    expect(await within(sidebar).findByText("OpenAI")).toBeInTheDocument();
    expect(within(sidebar).getByText("gpt-4o-mini")).toBeInTheDocument();
    expect(within(sidebar).getByText("Eddie Editor")).toBeInTheDocument();
    expect(within(sidebar).getByText("Editor")).toBeInTheDocument();
    expect(within(sidebar).getByText("E")).toBeInTheDocument();
  });
});

describe("phone menu", () => {
  async function renderWithMenu(url = "/") {
    installFakeApi(startupRoutes({ user: editor, setupRequired: false }));
    const result = renderApp(url);
    const button = await screen.findByRole("button", { name: "Open menu" });
    return { ...result, button };
  }

  it("is closed by default and names the menu it controls", async () => {
    const { button } = await renderWithMenu();
    expect(button).toHaveAttribute("aria-expanded", "false");
    const menu = document.getElementById(button.getAttribute("aria-controls") ?? "");
    expect(menu).not.toBeNull();
    expect(menu).not.toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
  });

  it("opens, keeps Tab inside, locks the page and closes on Escape back to the button", async () => {
    const user = userEvent.setup();
    const { button } = await renderWithMenu();
    await user.click(button);

    const menu = screen.getByRole("dialog", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(document.body.style.overflow).toBe("hidden");
    expect(screen.getByRole("main", { hidden: true })).toHaveAttribute("inert");
    const close = within(menu).getByRole("button", { name: "Close menu" });
    expect(close).toHaveFocus();
    const logOut = within(menu).getByRole("button", { name: "Log out" });

    await user.tab({ shift: true });
    expect(logOut).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    for (let i = 0; i < 10; i += 1) {
      await user.tab();
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
    expect(document.body.style.overflow).toBe("");
    expect(screen.getByRole("main")).not.toHaveAttribute("inert");
  });

  it("closes on a click outside the panel", async () => {
    const user = userEvent.setup();
    const { button } = await renderWithMenu();
    await user.click(button);
    const menu = screen.getByRole("dialog", { name: "Menu" });
    await user.click(menu.previousElementSibling as HTMLElement);
    expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
    expect(button).toHaveFocus();
  });

  it("closes when a link is followed", async () => {
    const user = userEvent.setup();
    const { button, router } = await renderWithMenu();
    await user.click(button);
    const menu = screen.getByRole("dialog", { name: "Menu" });
    await user.click(within(menu).getByRole("link", { name: "Content Library" }));

    expect(router.state.location.pathname).toBe("/library");
    expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
    expect(button).toHaveAttribute("aria-expanded", "false");
  });
});
