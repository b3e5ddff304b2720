/**
 * Import rules checked by `npm run lint` (dependency-cruiser). Server modules
 * (packages/server/src/modules/<name>) never import each other in a circle, and no file takes
 * part in any import cycle. The allowed module map is drawn in docs/ARCHITECTURE.md.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-module-cycle",
      severity: "error",
      comment: "Server modules never import each other in a circle.",
      scope: "folder",
      from: { path: "^packages/server/src/modules/[^/]+$" },
      to: { path: "^packages/server/src/modules/[^/]+$", circular: true },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "No file takes part in an import cycle.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/|\\.test(-support)?\\.ts$|^packages/server/test/" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
