import type { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { createTestQueryClient } from "./render";
import { AppProvider } from "../src/app/provider";
import { createAppRoutes } from "../src/app/router";

/** Runs every route's `lazy()` once, so its module is loaded. */
async function loadLazyRoutes(routes: RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === "function") await route.lazy();
      if (route.children) await loadLazyRoutes(route.children);
    }),
  );
}

// Screens load their code with their route (router.tsx). Tests load it all up front, as the
// app did before: the first import of a screen transforms its modules, which can take longer
// than a findBy waits on a busy machine.
await loadLazyRoutes(createAppRoutes());

/**
 * Test helper (tests only; lint keeps app code from importing a testing/ folder): renders the
 * whole app (providers, routes, shell) at `url` in a memory router, with a fresh test
 * QueryClient unless one is given. It lives beside app/ rather
 * than in the shared src/testing/ because it composes the app, which shared code may not import.
 */
export function renderApp(
  url: string,
  { queryClient = createTestQueryClient() }: { queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [url] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
