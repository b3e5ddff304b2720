import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../lib/react-query";
import { buildUser, startupRoutes, viewerSettingsRoutes } from "../../test/data";
import { installFakeApi, ok, type FakeRequest } from "../../test/fake-api";
import { FIRST_VISIT_PAGES, SESSION_URL, SIGNED_IN_URLS } from "./first-visit";
import { prefetchStartupData } from "./startup-data";
import { renderApp } from "../../test/render-app";

const viewer = buildUser({ id: "viewer-1", name: "Vera Viewer", role: "viewer" });

/** What the server answers a viewer on the first pages (empty, as on a new install). */
const pageRoutes = {
  "GET /api/dashboard/summary": ok({
    stats: { total: 0, lastWeek: 0, highQuality: 0, needsRefinement: 0 },
    qualityThreshold: 0.7,
    averageGenerationMs: null,
    generationsMeasured: 0,
    recent: [],
    coverage: [],
    weekly: [],
  }),
  ...viewerSettingsRoutes(),
  "GET /api/library": ok({ items: [], total: 0, totalCapped: false, nextCursor: null }),
  "GET /api/library/authors": ok([]),
};

const HEADINGS: Record<string, string> = { "/": "Dashboard", "/library": "Content Library" };

const urlOf = (r: FakeRequest) => `${r.path}${r.query.size > 0 ? `?${r.query}` : ""}`;
const gets = (requests: FakeRequest[]) => requests.filter((r) => r.method === "GET").map(urlOf);

describe("first visit", () => {
  it.each(FIRST_VISIT_PAGES.map((page) => [page.path, page] as const))(
    "%s: the app asks for exactly what the server preloads, and the screen for nothing more",
    async (path, page) => {
      const fake = installFakeApi({
        ...startupRoutes({ user: viewer, setupRequired: false }),
        ...pageRoutes,
      });
      const queryClient = createQueryClient();

      await prefetchStartupData(queryClient, { pathname: path, search: "" });

      const preloaded = [SESSION_URL, ...SIGNED_IN_URLS, ...page.data];
      expect(gets(fake.requests).sort()).toEqual([...preloaded].sort());

      // The screen finds its first data in the cache: a preloaded answer the app does not take
      // costs a second request (and Chromium warns about the unused preload).
      const before = fake.requests.length;
      renderApp(path, { queryClient });
      expect(await screen.findByRole("heading", { level: 1, name: HEADINGS[path] })).toBeVisible();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(gets(fake.requests.slice(before))).toEqual([]);
    },
  );

  it("asks a signed-out visitor for the session only", async () => {
    const fake = installFakeApi({
      ...startupRoutes({ user: null, setupRequired: false }),
      ...pageRoutes,
    });

    await prefetchStartupData(createQueryClient(), { pathname: "/", search: "" });

    expect(gets(fake.requests)).toEqual([SESSION_URL]);
  });

  it("leaves a screen opened with filters to ask for its own data", async () => {
    const fake = installFakeApi({
      ...startupRoutes({ user: viewer, setupRequired: false }),
      ...pageRoutes,
    });

    await prefetchStartupData(createQueryClient(), { pathname: "/library", search: "?q=cost" });

    expect(gets(fake.requests).sort()).toEqual([SESSION_URL, ...SIGNED_IN_URLS].sort());
  });
});
