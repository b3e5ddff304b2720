import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createTestQueryClient } from "../../testing/render";
import { AppProvider } from "../provider";
import { createAppRoutes } from "../router";

/**
 * Test helper (tests only; lint keeps app code from importing a testing/ folder): renders the
 * whole app (providers, routes, shell) at `url` in a memory router. It lives beside app/ rather
 * than in the shared src/testing/ because it composes the app, which shared code may not import.
 */
export function renderApp(url: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [url] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
