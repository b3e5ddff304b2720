import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createTestQueryClient } from "../testing/render";
import { AppProvider } from "./provider";
import { createAppRoutes } from "./router";

/** Renders the whole app (providers, routes, shell) at `url`; for tests only. */
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
