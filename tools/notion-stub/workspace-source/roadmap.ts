import type { DatabaseSource } from "./types";

export const ROADMAP: DatabaseSource = {
  title: "Lumen Roadmap",
  icon: "🗺️",
  description: "What we're working on, and what's next.",
  edited: "2026-11-01",
  view: "board",
  schema: { Name: "title", Status: "status", Area: "select" },
  options: { Status: ["Planned", "In progress", "Shipped"], Area: ["Dashboards", "Data", "Integrations", "Account"] },
  groupBy: "Status",
  rows: [
    { title: "Cohort analysis", edited: "2026-10-30", props: { Status: "In progress", Area: "Dashboards" }, body: `Group visitors by the week they first arrived and follow them over time.` },
    { title: "Public API v1", edited: "2026-10-29", props: { Status: "In progress", Area: "Integrations" }, body: `
      Read any chart's data over a REST API.
      [x] Authentication with project keys
      [ ] Rate limits per key
      [ ] Client libraries for TypeScript and Python` },
    { title: "Mobile SDKs", edited: "2026-10-15", props: { Status: "In progress", Area: "Data" }, body: `iOS and Android SDKs with the same privacy guarantees as the web script.` },
    { title: "Slack alerts", edited: "2026-09-20", props: { Status: "Planned", Area: "Integrations" }, body: `Get a message when a metric moves more than you expect.` },
    { title: "Annotations on charts", edited: "2026-09-18", props: { Status: "Planned", Area: "Dashboards" }, body: `Mark a launch or an outage on every chart at once.` },
    { title: "Single sign-on (SAML)", edited: "2026-09-02", props: { Status: "Planned", Area: "Account" }, body: `For Business plans: sign in with Okta, Entra ID or Google Workspace.` },
    { title: "Data retention settings", edited: "2026-08-21", props: { Status: "Planned", Area: "Data" }, body: `Choose how long raw events are kept, from 30 days to 5 years.` },
    { title: "Shareable funnels", edited: "2026-10-27", props: { Status: "Shipped", Area: "Dashboards" }, body: `Shipped in 2.0. See [[Lumen 2.0]].` },
    { title: "Weekly email reports", edited: "2026-10-06", props: { Status: "Shipped", Area: "Account" }, body: `Shipped in 1.9.4.` },
    { title: "Two-factor authentication", edited: "2026-07-28", props: { Status: "Shipped", Area: "Account" }, body: `Shipped in 1.8.5.` },
    { title: "Custom events API", edited: "2026-06-30", props: { Status: "Shipped", Area: "Integrations" }, body: `Shipped in 1.8.0.` },
  ],
};
