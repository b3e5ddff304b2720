import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../testing/render";
import { DashboardPage } from "./dashboard-page";

describe("DashboardPage", () => {
  it("shows the current provider and model", () => {
    renderWithProviders(
      <DashboardPage
        userName="Ada"
        provider={{ label: "Template writer (offline, no AI)", model: "content-studio-writer-1" }}
      />,
    );
    expect(screen.getByText("Welcome back, Ada")).toBeInTheDocument();
    const panel = screen.getByRole("region", { name: "AI Provider Status" });
    expect(within(panel).getByText("Template writer (offline, no AI)")).toBeInTheDocument();
    expect(within(panel).getByText("content-studio-writer-1")).toBeInTheDocument();
  });

  it("falls back to 'Not configured' and 'User'", () => {
    renderWithProviders(<DashboardPage />);
    expect(screen.getByText("Welcome back, User")).toBeInTheDocument();
    const panel = screen.getByRole("region", { name: "AI Provider Status" });
    expect(within(panel).getAllByText("Not configured")).toHaveLength(2);
  });
});
