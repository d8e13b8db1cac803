import type { PageSource } from "./types";

/** Lumen's documentation: a page tree four levels deep. */
export const DOCS: PageSource = {
  title: "Lumen Docs",
  icon: "📚",
  edited: "2026-10-30",
  body: `
    Everything you need to install Lumen, send data and build dashboards.
    !👋 New here? Start with [[Quick start]].
  `,
  children: [
    {
      title: "Getting started",
      icon: "🚀",
      edited: "2026-10-12",
      body: `Install the script, see your first visitors, invite your team.`,
      children: [
        {
          title: "Quick start",
          edited: "2026-10-12",
          body: `
            1. Create a project in the dashboard.
            2. Copy the script tag into the \`<head>\` of every page.
            3. Open the live view and visit your site.
            \`\`\`html
            <script defer data-project="YOUR_PROJECT_ID" src="https://cdn.lumen.example/l.js"></script>
            \`\`\`
          `,
        },
        {
          title: "Installing on your framework",
          edited: "2026-10-02",
          body: `Pick your framework below.`,
          children: [
            { title: "Next.js", edited: "2026-09-15", body: `
              Add the script in \`app/layout.tsx\`:
              \`\`\`typescript
              import Script from "next/script";

              export default function RootLayout({ children }: { children: React.ReactNode }) {
                return (
                  <html lang="en">
                    <body>{children}</body>
                    <Script defer data-project="YOUR_PROJECT_ID" src="https://cdn.lumen.example/l.js" />
                  </html>
                );
              }
              \`\`\`` },
            { title: "WordPress", edited: "2026-09-10", body: `Install the **Lumen Analytics** plugin and paste your project id in *Settings → Lumen*.` },
            { title: "Plain HTML", edited: "2026-09-08", body: `Paste the script tag before \`</head>\` on every page.` },
          ],
        },
      ],
    },
    {
      title: "Sending data",
      icon: "📡",
      edited: "2026-10-20",
      body: `Page views are automatic. Everything else is an event.`,
      children: [
        { title: "Custom events", edited: "2026-10-20", body: `
          \`\`\`javascript
          lumen.track("Downloaded report", { format: "pdf" });
          \`\`\`
          | Argument | Type | Notes |
          | --- | --- | --- |
          | name | string | up to 120 characters |
          | props | object | up to 30 keys, string or number values |` },
        { title: "Server-side events", edited: "2026-10-18", body: `
          \`\`\`python
          import requests

          requests.post(
              "https://api.lumen.example/v1/events",
              headers={"Authorization": f"Bearer {LUMEN_KEY}"},
              json={"name": "Invoice paid", "props": {"amount": 49}},
              timeout=5,
          )
          \`\`\`` },
      ],
    },
    {
      title: "Dashboards",
      icon: "📊",
      edited: "2026-10-28",
      body: `Build, share and export dashboards.`,
      children: [
        { title: "Building a dashboard", edited: "2026-10-28", body: `Choose **New dashboard**, then add charts from the library.\n![A dashboard in the editor](file:chart-traffic.png)` },
        { title: "Sharing and exports", edited: "2026-10-01", body: `Every dashboard has a public link you can turn on and off, and a CSV export.` },
      ],
    },
  ],
};
