import path from "node:path";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Layers of the web app: app/ composes features; features never import other features or
 * app/; shared code (components, lib, hooks) never imports features or app/; only tests import
 * the test helpers and fixtures, which live outside src/ (packages/web/test/).
 * Relative imports are resolved against the importing file, so nesting depth does not matter.
 */
const webLayers = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const webSrc = path.resolve(import.meta.dirname, "packages/web/src");
    const file = context.filename;
    if (!file.startsWith(webSrc + path.sep)) return {};
    const [layer, feature] = path.relative(webSrc, file).split(path.sep);
    const shared = ["components", "lib", "hooks"];
    const isTestCode = /\.test\.tsx?$/.test(file);
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
      } else if (!isTestCode && target[0] === ".." && target[1] === "test") {
        message = "Test helpers (packages/web/test/) are imported by tests only.";
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

/**
 * Import limits for server files: never the web app; provider SDKs (`ai`, `@ai-sdk/*`,
 * `openai`) only inside modules/ai; Kysely values only in repositories, db/ and tests.
 */
function serverImports({ providers, kysely }) {
  const patterns = [
    {
      group: ["@content-studio/web", "@content-studio/web/*", "**/web/src/**"],
      message: "The server never imports the web app.",
    },
  ];
  if (providers) {
    patterns.push({
      regex: "^(ai|openai)(/.*)?$|^@ai-sdk/",
      message: "Provider SDKs are used only in modules/ai (writers and image writers).",
    });
  }
  const paths = kysely
    ? [
        {
          name: "kysely",
          message: "Only repositories (and db/) use Kysely.",
          allowTypeImports: true,
        },
      ]
    : [];
  return { patterns, paths };
}

/** Kysely's query-building entry points; calling one outside a repository or db/ is an error. */
const QUERY_BUILDERS = new Set([
  "selectFrom",
  "insertInto",
  "updateTable",
  "deleteFrom",
  "replaceInto",
  "mergeInto",
  "with",
]);

/**
 * SQL is built only in `*.repository.ts` files and `src/db/`: a call to `x.selectFrom(...)`,
 * `x.insertInto(...)`, `x.updateTable(...)`, `x.deleteFrom(...)`, `x.replaceInto(...)`,
 * `x.with(...)`, or Kysely's `sql` template tag anywhere else is reported.
 */
const noQueryBuilding = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const sqlTags = new Set();
    return {
      ImportDeclaration(node) {
        if (node.source.value !== "kysely") return;
        for (const spec of node.specifiers) {
          if (spec.type === "ImportSpecifier" && spec.imported.name === "sql") {
            sqlTags.add(spec.local.name);
          }
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === "MemberExpression" &&
          !callee.computed &&
          callee.property.type === "Identifier" &&
          QUERY_BUILDERS.has(callee.property.name)
        ) {
          context.report({
            node: callee.property,
            message: `\`${callee.property.name}\` builds SQL: move it into a *.repository.ts file (or src/db/).`,
          });
        }
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag.type === "MemberExpression" ? node.tag.object : node.tag;
        if (tag.type === "Identifier" && sqlTags.has(tag.name)) {
          context.report({
            node: node.tag,
            message: "The `sql` tag builds SQL: move it into a *.repository.ts file (or src/db/).",
          });
        }
      },
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
      "**/*.cjs",
      // Plain browser scripts served as they are (theme-boot.js runs before the app).
      "packages/web/public/**",
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
  // contract: zod only (its tests may use vitest).
  {
    files: ["packages/contract/**/*.ts"],
    ignores: ["packages/contract/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!zod$|\\.)", message: "The contract imports only zod." }] },
      ],
    },
  },
  // server: never the web; provider SDKs only in modules/ai; only repositories and db/ build
  // SQL (type imports of Kysely are fine).
  {
    files: ["packages/server/**/*.ts"],
    plugins: { local: { rules: { "no-query-building": noQueryBuilding } } },
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        serverImports({ providers: true, kysely: true }),
      ],
      "local/no-query-building": "error",
    },
  },
  {
    files: ["packages/server/src/modules/ai/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        serverImports({ providers: false, kysely: true }),
      ],
    },
  },
  {
    files: [
      "packages/server/src/**/*.repository.ts",
      "packages/server/src/db/**/*.ts",
      "packages/server/test/**/*.ts",
      "packages/server/src/**/*.test.ts",
      "packages/server/bench/**/*.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        serverImports({ providers: true, kysely: false }),
      ],
      "local/no-query-building": "off",
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
  // Query keys are spelled in lib/query-keys.ts only: a literal array elsewhere (a key of
  // another feature's data written again) would drift from it and refresh nothing.
  {
    files: ["packages/web/src/**/*.{ts,tsx}"],
    ignores: ["packages/web/src/lib/query-keys.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Take query keys from lib/query-keys.ts, never a literal array.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ArrayExpression",
          message: "Take query keys from lib/query-keys.ts, never a literal array.",
        },
      ],
    },
  },
  // Plain JavaScript (bench, e2e journeys, scripts): the recommended rules without type
  // information (their types are checked by `tsc -p e2e` where a tsconfig covers them).
  {
    files: ["**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  // Journeys pass functions to the page (`page.evaluate`), which run in the browser.
  { files: ["e2e/**/*.mjs"], languageOptions: { globals: { ...globals.browser } } },
);
