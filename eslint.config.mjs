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
  {
    // Framework-free core (DESIGN §2): no Next, React or RPC imports.
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["next", "next/*", "react", "react-dom", "react-dom/*", "@/rpc/*", "@/app/*"] },
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
