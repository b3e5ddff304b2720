import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../lib/react-query";
import { buildUser, startupRoutes, viewerSettingsRoutes } from "../../test/data";
import { installFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";

const viewer = buildUser({ id: "viewer-1", role: "viewer" });

describe("an answer the contract refuses", () => {
  it("shows 'Something went wrong' with the request id on the screen, never a blank page", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fake = installFakeApi({
      ...startupRoutes({ user: viewer, setupRequired: false }),
      // The summary's counters are strings: not what the contract promises.
      "GET /api/dashboard/summary": {
        status: 200,
        body: { success: true, data: { stats: { total: "many" } } },
        headers: { "x-request-id": "req-dash-7" },
      },
      ...viewerSettingsRoutes(),
    });

    renderApp("/", { queryClient: createQueryClient() });

    // The screen is there, with its own failure message and the notice naming the request.
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const notice = await screen.findByText(/Something went wrong\. Request id: req-dash-7\./);
    expect(notice).toBeVisible();
    expect(screen.getByText("Failed to load dashboard data. Please try again.")).toBeVisible();
    // Not retried: the same server sends the same shape again.
    expect(fake.requests.filter((r) => r.path === "/api/dashboard/summary")).toHaveLength(1);
    // The console names the broken fields (never their values) for whoever investigates.
    expect(consoleError).toHaveBeenCalledWith(
      "Malformed answer from /api/dashboard/summary",
      expect.arrayContaining([expect.stringMatching(/^stats\.total: /)]),
    );
    expect(JSON.stringify(consoleError.mock.calls)).not.toContain("many");

    const alert = notice.closest("[role=alert]") as HTMLElement;
    await userEvent.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(/Request id: req-dash-7/)).not.toBeInTheDocument();
  });
});
