import type { PageMeta } from "../page-meta";
import { Code } from "@/marketing-site/components/code";
import { DocsTable } from "@/marketing-site/components/docs-table";
import { PRODUCT_NAME } from "@/lib/brand";

export const meta: PageMeta = {
  title: "Self-hosting",
  description: `Run ${PRODUCT_NAME} on your own server: one Node process with an embedded database, or PostgreSQL.`,
  path: "/docs/self-hosting",
};

export function SelfHostingDocs() {
  return (
    <>
      <h1>Self-hosting</h1>
      <p>
        {PRODUCT_NAME} is one Node.js process. It needs Node 20 or newer and nothing else: data goes to an embedded PostgreSQL
        (PGlite) in <code>./data</code>.
      </p>
      <Code title="Start">{"npm install && npm start"}</Code>
      <p>
        It listens on port 3000 (<code>PORT</code>). <code>npm start</code> builds when needed, runs the database migrations and
        starts. Without payment keys billing is off and every site has every feature.
      </p>

      <h2>Try the demo</h2>
      <Code>{"npm run demo"}</Code>
      <p>
        Starts a local stand-in for Notion with a demo workspace and one site of every type, owned by{" "}
        <code>demo@example.com</code>. No internet needed.
      </p>

      <h2>The settings that matter</h2>
      <DocsTable
        columns={["Variable", "Default", "Meaning"]}
        rows={[
          { key: "APP_URL", cells: [<code key="v">APP_URL</code>, <code key="d">http://localhost:$PORT</code>, "The app’s own address (dashboard, sign-in)."] },
          {
            key: "APPS_DOMAIN",
            cells: [
              <code key="v">APPS_DOMAIN</code>,
              <code key="d">localhost:$PORT</code>,
              <>
                Sites live at <code>{"{prefix}{subdomain}.$APPS_DOMAIN"}</code>; point a wildcard DNS record at the server.
              </>,
            ],
          },
          { key: "DATABASE_URL", cells: [<code key="v">DATABASE_URL</code>, "— (PGlite)", "PostgreSQL instead of the embedded database; then several processes can share it."] },
          {
            key: "AUTH_SECRET",
            cells: [
              <code key="v">AUTH_SECRET</code>,
              "generated once",
              <>
                Signs sessions; required with <code>DATABASE_URL</code>.
              </>,
            ],
          },
          {
            key: "GOOGLE",
            cells: [
              <>
                <code>GOOGLE_CLIENT_ID</code>, <code>GOOGLE_CLIENT_SECRET</code>
              </>,
              "—",
              "Google sign-in.",
            ],
          },
          {
            key: "TRUST_PROXY",
            cells: [
              <code key="v">TRUST_PROXY</code>,
              <code key="d">0</code>,
              <>
                The number of proxies in front of the app: <code>1</code> behind one reverse proxy such as Caddy. The
                visitor’s address is read from the right end of <code>X-Forwarded-For</code>.
              </>,
            ],
          },
        ]}
      />
      <p>The full list, with every default, is in the repository&rsquo;s <code>docs/configuration.md</code>.</p>
    </>
  );
}
