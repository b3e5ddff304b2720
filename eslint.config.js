import fs from "node:fs";
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const webFeatures = fs.existsSync("packages/web/src/features")
  ? fs.readdirSync("packages/web/src/features")
  : [];

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
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
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
    plugins: { "react-hooks": reactHooks },
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
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...webFeatures.map((f) => ({
              target: `./packages/web/src/features/${f}`,
              from: "./packages/web/src/features",
              except: [`./${f}`],
              message: "Features never import other features; compose them in app/.",
            })),
            {
              target: [
                "./packages/web/src/components",
                "./packages/web/src/lib",
                "./packages/web/src/hooks",
                "./packages/web/src/testing",
              ],
              from: ["./packages/web/src/features", "./packages/web/src/app"],
              message: "Shared code never imports features or app.",
            },
            {
              target: "./packages/web/src/features",
              from: "./packages/web/src/app",
              message: "Features never import app/.",
            },
          ],
        },
      ],
    },
  },
);
