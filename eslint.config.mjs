import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
  // Layers, top to bottom (docs/architecture.md "Layers"): server.ts → app, site-server, marketing-site → rpc, auth →
  // runtime → core → site-model → notion, integrations → db, http, lib, env. A module may import only below itself.
  {
    // Framework-free core: no Next, React, transports or front ends; the runtime as a type only.
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["next", "next/*", "react", "react-dom", "react-dom/*"], message: "core is framework-free." },
            { group: ["@/rpc/*", "@/app/*", "@/site-server", "@/site-server/*", "@/marketing-site", "@/marketing-site/*", "@/auth/*", "@/components/*"], message: "core may not import a layer above it." },
            { group: ["@/runtime", "@/runtime/*"], allowTypeImports: true, message: "core takes its dependencies as arguments; import the runtime's types only." },
          ],
        },
      ],
    },
  },
  {
    // The page model: pure data from a snapshot, below core.
    files: ["src/site-model/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/core/*", "@/runtime", "@/runtime/*", "@/rpc/*", "@/app/*", "@/site-server", "@/site-server/*", "@/marketing-site", "@/marketing-site/*", "@/auth/*", "@/components/*", "react", "react-dom", "next", "next/*"], message: "The page model sits below core." }] },
      ],
    },
  },
  {
    // The Notion reader and the outside services sit below core and the page model.
    files: ["src/notion/**/*.ts", "src/integrations/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/core/*", "@/site-model/*", "@/runtime", "@/runtime/*", "@/rpc/*", "@/app/*", "@/site-server", "@/site-server/*", "@/marketing-site", "@/marketing-site/*", "@/auth/*", "@/components/*"], message: "notion/ and integrations/ sit below core: import from lib/, db/ or http/ instead." }] },
      ],
    },
  },
  {
    // The bottom floor: shared by server and browser code.
    files: ["src/lib/**/*.ts", "src/db/**/*.ts", "src/http/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/core/*", "@/site-model/*", "@/notion/*", "@/integrations/*", "@/runtime", "@/runtime/*", "@/rpc/*", "@/app/*", "@/site-server", "@/site-server/*", "@/marketing-site", "@/marketing-site/*", "@/auth/*", "@/components/*"], message: "lib/, db/ and http/ are the bottom floor: they import nothing of ours above them." }] },
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
