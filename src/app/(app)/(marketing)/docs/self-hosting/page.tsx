import type { Metadata } from "next";
import { Code } from "@/components/marketing/code";
import { PRODUCT_NAME } from "@/lib/brand";

export const metadata: Metadata = {
  title: "Self-hosting",
  description: `Run ${PRODUCT_NAME} on your own server: one Node process with an embedded database, or PostgreSQL.`,
  alternates: { canonical: "/docs/self-hosting" },
};

export default function SelfHostingDocs() {
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
      <table>
        <thead>
          <tr>
            <th scope="col">Variable</th>
            <th scope="col">Default</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row"><code>APP_URL</code></th>
            <td><code>http://localhost:$PORT</code></td>
            <td>The app&rsquo;s own address (dashboard, sign-in).</td>
          </tr>
          <tr>
            <th scope="row"><code>APPS_DOMAIN</code></th>
            <td><code>localhost:$PORT</code></td>
            <td>Sites live at <code>{"{prefix}{subdomain}.$APPS_DOMAIN"}</code>; point a wildcard DNS record at the server.</td>
          </tr>
          <tr>
            <th scope="row"><code>DATABASE_URL</code></th>
            <td>— (PGlite)</td>
            <td>PostgreSQL instead of the embedded database; then several processes can share it.</td>
          </tr>
          <tr>
            <th scope="row"><code>AUTH_SECRET</code></th>
            <td>generated once</td>
            <td>Signs sessions; required with <code>DATABASE_URL</code>.</td>
          </tr>
          <tr>
            <th scope="row"><code>GOOGLE_CLIENT_ID</code>, <code>GOOGLE_CLIENT_SECRET</code></th>
            <td>—</td>
            <td>Google sign-in.</td>
          </tr>
          <tr>
            <th scope="row"><code>TRUST_PROXY</code></th>
            <td><code>0</code></td>
            <td><code>1</code> behind a reverse proxy such as Caddy.</td>
          </tr>
        </tbody>
      </table>
      <p>The full list is in the README&rsquo;s configuration table.</p>
    </>
  );
}
