// Bundles the server (and the contract workspace it imports) into dist/main.js;
// npm dependencies stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "externalise-npm-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@content-studio/")
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
