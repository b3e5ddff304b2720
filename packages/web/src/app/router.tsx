import { useState } from "react";
import { ResetPasswordPage } from "../features/auth/components/reset-password-page";
import { createBrowserRouter, RouterProvider, type RouteObject } from "react-router";
import { FullScreenSpinner } from "../components/ui/spinner";
import { BriefRoute, CampaignsRoute } from "./routes/campaigns";
import { DashboardRoute } from "./routes/dashboard";
import { LibraryRoute } from "./routes/library";
import { LoginRoute } from "./routes/login";
import { NotFoundRoute } from "./routes/not-found";
import { ProofLibraryRoute } from "./routes/proof-library";
import { ProtectedRoute } from "./routes/protected";
import { RootRoute } from "./routes/root";
import { RouteError } from "./routes/route-error";
import { SettingsRoute } from "./routes/settings";
import { TargetAudienceRoute } from "./routes/target-audience";

/** The route table. Everything but /login lives in the app shell. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      errorElement: <RouteError />,
      // Shown while the first route's lazy code loads (opening /generate or /examples directly).
      hydrateFallbackElement: <FullScreenSpinner label="Initializing application..." />,
      children: [
        { path: "/login", element: <LoginRoute /> },
        { path: "/reset-password", element: <ResetPasswordPage /> },
        {
          element: <ProtectedRoute />,
          errorElement: <RouteError />,
          children: [
            { index: true, element: <DashboardRoute /> },
            { path: "target-audience/*", element: <TargetAudienceRoute /> },
            // The two largest screens load on first visit, keeping the first paint small.
            {
              path: "generate/*",
              lazy: async () => ({
                Component: (await import("./routes/generator")).GeneratorRoute,
              }),
            },
            { path: "library", element: <LibraryRoute /> },
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
            { path: "proof-library/*", element: <ProofLibraryRoute /> },
            { path: "campaigns", element: <CampaignsRoute /> },
            { path: "campaigns/new", element: <BriefRoute /> },
            { path: "campaigns/:id", element: <BriefRoute /> },
            { path: "settings/*", element: <SettingsRoute /> },
            { path: "*", element: <NotFoundRoute /> },
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
