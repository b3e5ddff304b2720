import { useState, type ComponentType } from "react";
import { createBrowserRouter, RouterProvider, type RouteObject } from "react-router";
import { FullScreenSpinner } from "../components/ui/spinner";
import { LoginRoute } from "./routes/login";
import { RootRoute } from "./routes/root";
import { RouteError } from "./routes/route-error";

/**
 * The route table. Everything but /login lives in the app shell. Only the sign-in page is in
 * the first download: the shell and every screen load with their route (the router keeps the
 * current screen until the next one's code is there), so the editor, charts and diff code
 * never reach the sign-in page or the dashboard. `npm test` checks the budget
 * (scripts/bundle-budget.mjs).
 */
/** A route whose screen's code loads with it: `load` imports the module and picks the screen. */
function screen(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      errorElement: <RouteError />,
      // Shown while the first route's lazy code loads.
      hydrateFallbackElement: <FullScreenSpinner label="Initializing application..." />,
      children: [
        { path: "/login", element: <LoginRoute /> },
        {
          path: "/reset-password",
          lazy: async () => ({
            Component: (await import("../features/auth/components/reset-password-page"))
              .ResetPasswordPage,
          }),
        },
        {
          lazy: async () => ({ Component: (await import("./routes/protected")).ProtectedRoute }),
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import("./routes/dashboard")).DashboardRoute,
              }),
            },
            screen(
              "target-audience/*",
              async () => (await import("./routes/target-audience")).TargetAudienceRoute,
            ),
            screen("generate/*", async () => (await import("./routes/generator")).GeneratorRoute),
            screen("library", async () => (await import("./routes/library")).LibraryRoute),
            screen(
              "library/:id",
              async () => (await import("./routes/library-item")).LibraryItemRoute,
            ),
            screen("examples/*", async () => (await import("./routes/examples")).ExamplesRoute),
            screen(
              "proof-library/*",
              async () => (await import("./routes/proof-library")).ProofLibraryRoute,
            ),
            screen("campaigns", async () => (await import("./routes/campaigns")).CampaignsRoute),
            screen("campaigns/new", async () => (await import("./routes/campaigns")).BriefRoute),
            screen("campaigns/:id", async () => (await import("./routes/campaigns")).BriefRoute),
            screen("settings/*", async () => (await import("./routes/settings")).SettingsRoute),
            screen("*", async () => (await import("./routes/not-found")).NotFoundRoute),
          ],
        },
      ],
    },
  ];
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return <RouterProvider router={router} />;
}
