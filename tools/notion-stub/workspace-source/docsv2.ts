import type { PageSource } from "./types";

/** Versioned docs: the root holds one page tree per major version of Lumen's API. */
export const DOCSV2: PageSource = {
  title: "Lumen API Reference",
  icon: "🧭",
  edited: "2026-10-29",
  body: `Reference for Lumen's HTTP API. Choose a version.`,
  children: [
    {
      title: "API v2",
      edited: "2026-10-29",
      body: `The current API. Base URL: \`https://api.lumen.example/v2\`.`,
      children: [
        { title: "Authentication (v2)", edited: "2026-10-29", body: `Send a project key as a bearer token.\n\`\`\`bash\ncurl -H "Authorization: Bearer $LUMEN_KEY" https://api.lumen.example/v2/projects\n\`\`\`` },
        {
          title: "Endpoints (v2)",
          edited: "2026-10-25",
          body: `All endpoints return JSON.`,
          children: [
            { title: "Events (v2)", edited: "2026-10-25", body: `\`POST /v2/events\` accepts up to 500 events per request.` },
            { title: "Charts (v2)", edited: "2026-10-24", body: `\`GET /v2/charts/{id}/data\` returns a chart's series.` },
          ],
        },
      ],
    },
    {
      title: "API v1",
      edited: "2026-06-30",
      body: `!⚠️ v1 is deprecated and will be turned off on 30 June 2027. Base URL: \`https://api.lumen.example/v1\`.`,
      children: [
        { title: "Authentication (v1)", edited: "2026-06-30", body: `Send the key in the \`X-Lumen-Key\` header.` },
        { title: "Events (v1)", edited: "2026-06-30", body: `\`POST /v1/events\` accepts one event per request.` },
      ],
    },
  ],
};

/** Version labels → the version pages above (index.json's docsv2Versions). */
export const DOCSV2_VERSIONS: Record<string, string> = { "v2": "API v2", "v1": "API v1" };
