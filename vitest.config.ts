import { defineConfig } from "vitest/config";
import path from "node:path";

// The PostgreSQL pass re-runs the integration suite against TEST_DATABASE_URL, but only the files whose behaviour can
// differ by engine (the rule is in docs/testing.md). These run once, in the PGlite pass:
const PGLITE_PASS_ONLY = [
  // PGlite itself, and `npm run demo` (which runs on PGlite).
  "tests/integration/pglite-*.test.ts",
  "tests/integration/demo.test.ts",
  // No database at all: the stand-ins, and our clients of outside services against them.
  "tests/integration/notion-stub/**",
  "tests/integration/notion-api-stub/**",
  "tests/integration/notion/page-check.test.ts",
  "tests/integration/ai/ai-client.test.ts",
  "tests/integration/domains/dns-resolver.test.ts",
  "tests/integration/email/plunk-client.test.ts",
  "tests/integration/email/plunk-stub.test.ts",
  "tests/integration/email/smtp-provider.test.ts",
  // Rendering and HTTP edges: the database holds seeded sites read by the page path's queries, which the files
  // left in both passes run too; what is tested is the HTML, the headers, the proxies, the error reports.
  "tests/integration/sites/render-fixtures.test.ts",
  "tests/integration/sites/notion-fidelity.test.ts",
  "tests/integration/sites/hostile-content.test.ts",
  "tests/integration/sites/database-root.test.ts",
  "tests/integration/sites/site-look.test.ts",
  "tests/integration/sites/site-languages.test.ts",
  "tests/integration/sites/client-address.test.ts",
  "tests/integration/notion-connections/connected-html.test.ts",
  "tests/integration/sites/other-scripts.test.ts",
  "tests/integration/sites/owner-code.test.ts",
  "tests/integration/sites/social-cards.test.ts",
  "tests/integration/sites/valid-html.test.ts",
  "tests/integration/sites/database-properties.test.ts",
  "tests/integration/sites/same-blocks-everywhere.test.ts",
  // Behind a CDN: the stand-ins of the CDNs' purge APIs and a caching proxy in front; the subject is headers and purges.
  "tests/integration/cdn/**",
  "tests/integration/sites/site-multilingual.test.ts",
  // Real clients (the llms.txt parser, the MCP SDK's client) and structured data: what they read is HTTP and HTML.
  "tests/integration/sites/real-clients.test.ts",
  // Mentions linked across one owner's sites: what is tested is the HTML and Markdown the links end up in.
  "tests/integration/sites/mention-links.test.ts",
  // The official API's answer shapes through the page picker (site rows are written as in rpc.test, which runs twice).
  "tests/integration/notion-connections/connected-picker.test.ts",
  // The contract test over real recordings: what it judges is the published HTML (checker.test.ts uses no database).
  "tests/integration/real-workspaces/**",
  "tests/integration/marketing/**",
  "tests/integration/security-redirects.test.ts",
  // Signing and HTTP to a local consumer; the delivery queue's SQL runs in both passes (teams/webhook-queue.test.ts).
  "tests/integration/teams/webhooks.test.ts",
  "tests/integration/error-reporting.test.ts",
  // File storage taken away: what is tested is the S3 stand-in's outage, not the database.
  "tests/integration/faults/s3-*.test.ts",
  // `npm run export`: the site server's pages written as files and served by a static server (HTML and HTTP only).
  "tests/integration/sites/static-export.test.ts",
];
// Several processes on one database: PostgreSQL only (PGlite is one process's).
const POSTGRES_PASS_ONLY = ["tests/integration/cluster/**", "tests/integration/faults/postgres-*.test.ts"];
const postgresPass = process.env.TEST_DB === "postgres";
const INTEGRATION_FILES_AT_ONCE = Number(process.env.INTEGRATION_FILES_AT_ONCE) || 2;
const BROWSER_FILES_AT_ONCE = Number(process.env.BROWSER_FILES_AT_ONCE) || 2;

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
          exclude: postgresPass ? PGLITE_PASS_ONLY : POSTGRES_PASS_ONLY,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Two files at a time: a file spends most of its time waiting on the servers it starts (every server has its
          // own port, database and stand-ins), so two share CI's two cores with the other steps.
          maxWorkers: INTEGRATION_FILES_AT_ONCE,
          globalSetup: ["tests/integration/global-setup.ts"],
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
          // Two files at a time, as the integration passes: a browser file starts its own servers and Chromium and
          // spends most of its time waiting on pages to load (the shared server of global-setup serves only reads).
          maxWorkers: BROWSER_FILES_AT_ONCE,
        },
      },
    ],
  },
});
