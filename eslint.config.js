import path from "node:path";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Layers of the web app: app/ composes features; features never import other features or
 * app/; shared code (components, lib, hooks, testing) never imports features or app/.
 * Relative imports are resolved against the importing file, so nesting depth does not matter.
 */
const webLayers = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const webSrc = path.resolve(import.meta.dirname, "packages/web/src");
    const file = context.filename;
    if (!file.startsWith(webSrc + path.sep)) return {};
    const [layer, feature] = path.relative(webSrc, file).split(path.sep);
    const shared = ["components", "lib", "hooks", "testing"];
    const check = (node) => {
      const source = node.source?.type === "Literal" ? node.source.value : undefined;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path
        .relative(webSrc, path.resolve(path.dirname(file), source))
        .split(path.sep);
      let message;
      if (layer === "features" && target[0] === "features" && target[1] !== feature) {
        message = "Features never import other features; compose them in app/.";
      } else if (layer === "features" && target[0] === "app") {
        message = "Features never import app/.";
      } else if (shared.includes(layer) && (target[0] === "features" || target[0] === "app")) {
        message = "Shared code never imports features or app.";
      }
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "data/**",
      "test-results/**",
      "examples/**",
      "**/*.config.js",
      "**/*.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["vitest.config.ts"] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/only-throw-error": "off",
      "@typescript-eslint/require-await": "off",
    },
  },
  // contract: zod only.
  {
    files: ["packages/contract/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!zod$|\\.)", message: "The contract imports only zod." }] },
      ],
    },
  },
  // server: never the web; only repositories, db/ and lib/ write SQL (type imports are fine).
  {
    files: ["packages/server/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@content-studio/web", "@content-studio/web/*", "**/web/src/**"],
              message: "The server never imports the web app.",
            },
          ],
          paths: [
            {
              name: "kysely",
              message: "Only repositories (and db/, lib/) use Kysely.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "packages/server/src/**/*.repository.ts",
      "packages/server/src/db/**/*.ts",
      "packages/server/src/lib/**/*.ts",
      "packages/server/src/modules/system/*.ts",
      "packages/server/test/**/*.ts",
      "packages/server/src/**/*.test.ts",
      "packages/server/bench/**/*.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@content-studio/web", "@content-studio/web/*", "**/web/src/**"],
              message: "The server never imports the web app.",
            },
          ],
        },
      ],
    },
  },
  // web: never the server; app → features → shared; no feature → feature.
  {
    files: ["packages/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, local: { rules: { "web-layers": webLayers } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@content-studio/server", "@content-studio/server/*", "**/server/src/**"],
              message: "The web app never imports the server.",
            },
          ],
        },
      ],
      "local/web-layers": "error",
    },
  },
);
