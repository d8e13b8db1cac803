import { defineConfig } from "vitest/config";
import path from "node:path";

// The PostgreSQL pass re-runs the integration suite against TEST_DATABASE_URL; PGlite-only and DB-free files stay out.
const postgresPass = process.env.TEST_DB === "postgres";

const alias = { "@": path.resolve(import.meta.dirname, "src") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // The cluster suite runs several processes on one database: PostgreSQL only.
          exclude: postgresPass
            ? ["tests/integration/pglite-*.test.ts", "tests/integration/notion-stub/**", "tests/integration/notion/page-check.test.ts", "tests/integration/sites/render-fixtures.test.ts", "tests/integration/demo.test.ts"]
            : ["tests/integration/cluster/**"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "browser",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 240_000,
          globalSetup: ["tests/e2e/global-setup.ts"],
          fileParallelism: false,
        },
      },
    ],
  },
});
