// Bundles the server (and the contract workspace it imports) into dist/main.js, and the
// backup/restore command into dist/backup-cli.js and the one-shot `npm run migrate` into
// dist/migrate.js;
// npm dependencies stay external and load from node_modules. `--outdir DIR` writes elsewhere
// (the server tests run their processes from a bundle of their own, test/server-bundle.ts).
import { build } from "esbuild";

const at = process.argv.indexOf("--outdir");

await build({
  entryPoints: ["src/main.ts", "src/backup-cli.ts", "src/migrate.ts"],
  outdir: at === -1 ? "dist" : process.argv[at + 1],
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
