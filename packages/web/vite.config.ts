import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { FIRST_VISIT_PAGES, SESSION_URL, SIGNED_IN_URLS } from "./src/app/first-visit.ts";

/**
 * The contract's top-level constants (zod schemas, tables) have no side effects, but a bundler
 * cannot know that a call such as `z.object(...)` is pure, so it keeps every schema of a
 * module the web imports one constant from, and zod with it. Marking each top-level `const`
 * initialiser pure lets it drop the unused ones: the sign-in page then loads no zod at all.
 */
function pureContractConstants(): Plugin {
  const contractSource = /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;
  return {
    name: "content-studio:pure-contract-constants",
    enforce: "pre",
    transform(code, id) {
      if (!contractSource.test(id)) return null;
      return {
        code: code
          .replace(/^((?:export )?const \w+(?::[^=\n]*)? = )/gm, "$1/*#__PURE__*/ ")
          // Schemas nested in other schemas: `z.string()`, `UserSchema.nullable()` (builders
          // only: never `parse`, which throws on purpose, nor `z.config`, which is the point).
          .replace(/(?<![\w.$])((?:z|\w+Schema)\.(?:[a-z]\w*)\()/g, (call: string) =>
            /\.((safe)?parse|config)\(/i.test(call) ? call : `/*#__PURE__*/ ${call}`,
          ),
        map: null,
      };
    },
  };
}

/** A build-only plugin that runs `write` on the build's output folder once the bundle is written. */
function afterBuild(name: string, write: (outDir: string) => void): Plugin {
  let outDir = "";
  return {
    name,
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      write(outDir);
    },
  };
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of each text file of the build; the server sends
 * the one the browser accepts (packages/server/src/plugins/web.ts). A phone on a slow network
 * then downloads about a quarter of the bytes, and the server compresses nothing per request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|txt|json)$/;
  return afterBuild("content-studio:precompress", (outDir) => {
    const files = fs.readdirSync(outDir, { recursive: true, encoding: "utf8" });
    for (const rel of files) {
      const file = path.join(outDir, rel);
      if (!compressible.test(rel) || rel.startsWith(".vite") || !fs.statSync(file).isFile()) {
        continue;
      }
      const body = fs.readFileSync(file);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      );
    }
  });
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * Writes dist/.vite/first-visit.json: for each page of src/app/first-visit.ts, the built
 * files of its route modules with everything they import statically (less what index.html
 * already loads), and the API answers a signed-in first visit asks for. The server names
 * them in index.html (packages/server/src/plugins/web.ts) so they load beside the entry.
 */
function firstVisitHints(): Plugin {
  return afterBuild("content-studio:first-visit-hints", (outDir) => {
    const manifestDir = path.join(outDir, ".vite");
    const manifest = JSON.parse(
      fs.readFileSync(path.join(manifestDir, "manifest.json"), "utf8"),
    ) as Record<string, ManifestChunk>;
    const closure = (keys: string[]) => {
      const seen = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk) throw new Error(`first-visit: ${key} is not in the Vite manifest`);
        if (seen.has(key)) return;
        seen.add(key);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      keys.forEach(visit);
      return seen;
    };
    const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
    const loaded = closure(entries);
    const pages = FIRST_VISIT_PAGES.map((page) => ({
      path: page.path,
      scripts: [...closure(page.routeModules)]
        .filter((key) => !loaded.has(key))
        .map((key) => `/${manifest[key]?.file}`),
      data: page.data,
    }));
    fs.writeFileSync(
      path.join(manifestDir, "first-visit.json"),
      `${JSON.stringify({ session: SESSION_URL, signedIn: SIGNED_IN_URLS, pages }, null, 2)}\n`,
    );
  });
}

export default defineConfig({
  plugins: [pureContractConstants(), react(), tailwindcss(), firstVisitHints(), precompress()],
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The Vite manifest lets scripts/bundle-budget.mjs walk what the first visit loads.
    manifest: true,
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./test/setup.ts"],
    // Whole-screen tests (the settings page) take about 4 s alone; CI runs them beside the
    // server tests on two cores.
    testTimeout: 15_000,
    // Files share a worker's loaded modules (each still gets its own jsdom): importing React,
    // the router and the screens again for every file cost 267 s of CPU against 60 s shared
    // (decision 0058). Module state is reset between tests by test/setup.ts.
    isolate: false,
    passWithNoTests: true,
  },
});
