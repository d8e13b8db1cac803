import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import path from "node:path";
import { pagewrightPlugin } from "./lint/client-boundary.mjs";
import { layerZones } from "./lint/layers.mjs";

const ROOT = import.meta.dirname;

const config = [
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "data/**",
      "drizzle/**",
      "next-env.d.ts",
      "tools/notion-stub/workspace/**",
      "bench/results/**",
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    settings: { next: { rootDir: "." } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  // Layers (lint/layers.mjs, drawn in docs/architecture.md): a file imports only from its own layer and those below,
  // relative or aliased; the front ends don't import one another. The resolver turns every import into a file, so
  // `../core/x`, `@/core/x` and `.tsx` files are all caught.
  {
    files: ["src/**/*.{ts,tsx,mts}"],
    plugins: { pagewright: pagewrightPlugin },
    rules: {
      "import/no-restricted-paths": ["error", { basePath: ROOT, zones: layerZones(ROOT) }],
      "pagewright/client-boundary": ["error", { srcRoot: path.join(ROOT, "src") }],
    },
  },
  // Size: no file in src/ over 400 lines, no function over 120, counting every line (comments and blank lines
  // included), so a file can't stay under the limit by squeezing out its explanations.
  {
    files: ["src/**/*.{ts,tsx,mts}"],
    rules: {
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
      "max-lines-per-function": ["error", { max: 120, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Framework-free core and page model: no Next or React (the layers above say which of our modules they may use).
    files: ["src/core/**/*.ts", "src/site-model/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["next", "next/*", "react", "react-dom", "react-dom/*"], message: "core and the page model are framework-free." }] },
      ],
    },
  },
  {
    // Published sites and the product's website are rendered by our own server with react-dom/server, not by Next:
    // next/image, next/head and next/link don't apply there (images are pre-sized files or the site's image route).
    files: ["src/site-server/**/*.tsx", "src/marketing-site/**/*.tsx"],
    rules: {
      "@next/next/no-img-element": "off",
      "@next/next/no-head-element": "off",
      "@next/next/no-sync-scripts": "off",
      "@next/next/no-html-link-for-pages": "off",
    },
  },
];

export default config;
