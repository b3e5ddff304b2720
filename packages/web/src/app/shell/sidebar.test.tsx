import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildUser, startupRoutes } from "../../testing/data";
import { installFakeApi } from "../../testing/fake-api";
import { renderApp } from "../testing";

const editor = buildUser({ name: "Eddie Editor", role: "editor" });

async function renderShell(url: string) {
  installFakeApi(startupRoutes({ user: editor, setupRequired: false }));
  const result = renderApp(url);
  const sidebar = await screen.findByRole("complementary", { name: "Sidebar" });
  return { ...result, sidebar, nav: within(sidebar).getByRole("navigation", { name: "Main" }) };
}

describe("sidebar", () => {
  it("collapses to icons and back, remembering the choice", async () => {
    const { sidebar, nav } = await renderShell("/");
    const toggle = within(sidebar).getByRole("button", { name: "Collapse sidebar" });
    expect(sidebar).toHaveClass("w-64");
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    await userEvent.click(toggle);

    expect(sidebar).toHaveClass("w-20");
    expect(sidebar).not.toHaveClass("w-64");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAccessibleName("Expand sidebar");
    const link = within(nav).getByRole("link", { name: "Generate Content" });
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

  it("lists the six screens", async () => {
    const { nav } = await renderShell("/");
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual([
      "Dashboard",
      "Target Audience",
      "Generate Content",
      "Content Library",
      "Example Repository",
      "Settings",
    ]);
  });

  it("marks Dashboard active only on / exactly", async () => {
    const { nav } = await renderShell("/");
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await userEvent.click(within(nav).getByRole("link", { name: "Content Library" }));

    expect(within(nav).getByRole("link", { name: "Content Library" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute(
      "aria-current",
    );
  });

  it("marks a section active on its sub-paths", async () => {
    const { nav } = await renderShell("/generate/drafts/42");
    expect(within(nav).getByRole("link", { name: "Generate Content" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute(
      "aria-current",
    );
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
