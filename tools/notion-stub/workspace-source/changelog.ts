import type { DatabaseSource } from "./types";

export const CHANGELOG: DatabaseSource = {
  title: "Lumen Changelog",
  icon: "🚀",
  description: "Every change to Lumen, newest first.",
  edited: "2026-10-28",
  view: "table",
  schema: { Name: "title", Date: "date", Version: "text", Tags: "multi_select", Hidden: "checkbox" },
  options: { Tags: ["New", "Improved", "Fixed", "Security"] },
  rows: [
    { title: "Lumen 2.0", edited: "2026-10-27", props: { Date: "2026-10-27", Version: "2.0.0", Tags: ["New", "Improved"], Hidden: false }, body: `
      - Instant dashboards backed by hourly roll-ups
      - Shareable read-only funnels ([[Shareable funnels]] on the roadmap)
      - New query engine on columnar storage
      See the announcement: [[Introducing Lumen 2.0]].` },
    { title: "Weekly email reports", edited: "2026-10-06", props: { Date: "2026-10-06", Version: "1.9.4", Tags: ["New"], Hidden: false }, body: `
      Get your key numbers every Monday morning. Turn it on under **Settings → Reports**.` },
    { title: "Faster CSV exports", edited: "2026-09-22", props: { Date: "2026-09-22", Version: "1.9.3", Tags: ["Improved"], Hidden: false }, body: `
      Exports of more than a million rows now stream instead of timing out.` },
    { title: "Funnel drop-off reasons", edited: "2026-09-11", props: { Date: "2026-09-11", Version: "1.9.0", Tags: ["New"], Hidden: false }, body: `
      Every funnel step shows the top three things people did instead.
      ![Funnel settings](file:screenshot-settings.png)` },
    { title: "Time zone fix for weekly charts", edited: "2026-08-18", props: { Date: "2026-08-18", Version: "1.8.7", Tags: ["Fixed"], Hidden: false }, body: `
      Weeks now start on the day your project is set to, in its time zone, instead of Monday UTC.` },
    { title: "Two-factor authentication", edited: "2026-07-28", props: { Date: "2026-07-28", Version: "1.8.5", Tags: ["Security", "New"], Hidden: false }, body: `
      Protect your account with an authenticator app. Owners can require it for the whole team.
      [x] TOTP apps
      [ ] Hardware keys (coming soon)` },
    { title: "Custom events API", edited: "2026-06-30", props: { Date: "2026-06-30", Version: "1.8.0", Tags: ["New"], Hidden: false }, body: `
      \`\`\`bash
      curl -X POST https://api.lumen.example/v1/events \\
        -H "Authorization: Bearer $LUMEN_KEY" \\
        -d '{"name":"Signed up","props":{"plan":"team"}}'
      \`\`\`
      A whole event on one line, as people paste them:
      \`\`\`json
      {"name":"Checkout completed","props":{"plan":"business","seats":25,"billing":"yearly","coupon":"LAUNCH-2026","referrer":"https://partners.lumen.example/campaigns/autumn-launch?utm_source=newsletter&utm_medium=email&utm_campaign=autumn","path":"/checkout/confirm","country":"PT","device":"desktop"}}
      \`\`\`` },
    { title: "Dark mode", edited: "2026-05-12", props: { Date: "2026-05-12", Version: "1.7.2", Tags: ["Improved"], Hidden: false }, body: `
      The dashboard follows your system theme. You can also pick one under **Settings → Appearance**.` },
    { title: "Referrer grouping fix", edited: "2026-04-02", props: { Date: "2026-04-02", Version: "1.7.1", Tags: ["Fixed"], Hidden: false }, body: `
      Visits from \`m.facebook.com\` and \`l.facebook.com\` are grouped under Facebook again.` },
    { title: "Internal: billing migration", edited: "2026-03-15", props: { Date: "2026-03-15", Version: "1.7.0-internal", Tags: ["Improved"], Hidden: true }, body: `
      Not for customers: hidden from the changelog.` },
  ],
};
