// The app's screens in sidebar order (packages/web/src/app/shell/nav-items.ts): each one's
// sidebar link, route and h1, and the name its screenshots take. Journeys that walk every
// screen start from this table.
export const SCREENS = [
  { label: "Dashboard", path: "/", heading: "Dashboard", name: "dashboard" },
  {
    label: "Target Audience",
    path: "/target-audience",
    heading: "Target Audience Analysis",
    name: "target-audience",
  },
  { label: "Generate Content", path: "/generate", heading: "Content Generator", name: "generate" },
  { label: "Campaigns", path: "/campaigns", heading: "Campaigns", name: "campaigns" },
  { label: "Content Library", path: "/library", heading: "Content Library", name: "library" },
  {
    label: "Example Repository",
    path: "/examples",
    heading: "Example Repository",
    name: "examples",
  },
  {
    label: "Proof Library",
    path: "/proof-library",
    heading: "Proof Library",
    name: "proof-library",
  },
  { label: "Settings", path: "/settings", heading: "Settings", name: "settings" },
];

/** What an unknown route shows. */
export const NOT_FOUND = { path: "/no-such-page", heading: "Page Not Found", name: "not-found" };
