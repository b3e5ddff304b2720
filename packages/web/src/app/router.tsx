import { useState } from "react";
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
            {
              path: "target-audience/*",
              lazy: async () => ({
                Component: (await import("./routes/target-audience")).TargetAudienceRoute,
              }),
            },
            {
              path: "generate/*",
              lazy: async () => ({
                Component: (await import("./routes/generator")).GeneratorRoute,
              }),
            },
            {
              path: "library",
              lazy: async () => ({ Component: (await import("./routes/library")).LibraryRoute }),
            },
            {
              path: "library/:id",
              lazy: async () => ({
                Component: (await import("./routes/library-item")).LibraryItemRoute,
              }),
            },
            {
              path: "examples/*",
              lazy: async () => ({ Component: (await import("./routes/examples")).ExamplesRoute }),
            },
            {
              path: "proof-library/*",
              lazy: async () => ({
                Component: (await import("./routes/proof-library")).ProofLibraryRoute,
              }),
            },
            {
              path: "campaigns",
              lazy: async () => ({
                Component: (await import("./routes/campaigns")).CampaignsRoute,
              }),
            },
            {
              path: "campaigns/new",
              lazy: async () => ({ Component: (await import("./routes/campaigns")).BriefRoute }),
            },
            {
              path: "campaigns/:id",
              lazy: async () => ({ Component: (await import("./routes/campaigns")).BriefRoute }),
            },
            {
              path: "settings/*",
              lazy: async () => ({ Component: (await import("./routes/settings")).SettingsRoute }),
            },
            {
              path: "*",
              lazy: async () => ({ Component: (await import("./routes/not-found")).NotFoundRoute }),
            },
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
