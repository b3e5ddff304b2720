/**
 * What a first visit to the pages people open first asks the server for before its screen can
 * show. The web build writes it, with the route modules turned into their built files, to
 * dist/.vite/first-visit.json (vite.config.ts); the server names the code in index.html
 * (`<link rel="modulepreload">`, so it loads while the entry script does) and puts the answers
 * in it (the session; the data too for a signed-in visitor: packages/server/src/plugins/web.ts,
 * read by lib/first-answers.ts). The app asks for the same answers as it starts
 * (startup-data.ts), and the API client takes the embedded ones instead of a round trip each.
 * Plain data: the build reads it.
 * first-visit.test.ts holds these lists to what the app requests.
 */
export interface FirstVisitPage {
  /** The address as opened, without a query string. */
  path: string;
  /** Route modules (Vite manifest keys) whose code the page needs besides the entry. */
  routeModules: string[];
  /** GET URLs the page's screen asks for first, besides the session and SIGNED_IN_URLS. */
  data: string[];
}

/** Every page asks for the session first, signed in or not. */
export const SESSION_URL = "/api/session";

/** What every signed-in page asks for as it starts: start-up data and the shell's UI settings. */
export const SIGNED_IN_URLS = [
  "/api/ai-service-info",
  "/api/personas",
  "/api/industries",
  "/api/buying-stages",
  "/api/me/settings",
];

export const FIRST_VISIT_PAGES: FirstVisitPage[] = [
  {
    path: "/",
    routeModules: ["src/app/routes/protected.tsx", "src/app/routes/dashboard.tsx"],
    data: [
      "/api/dashboard/summary",
      "/api/settings/generation",
      "/api/settings/example-repository",
    ],
  },
  {
    path: "/library",
    routeModules: ["src/app/routes/protected.tsx", "src/app/routes/library.tsx"],
    data: [
      "/api/library?sort=updated&view=active&limit=20",
      "/api/library/authors",
      "/api/settings/generation",
    ],
  },
];
