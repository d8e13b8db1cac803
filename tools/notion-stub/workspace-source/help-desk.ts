import type { PageSource } from "./types";

const article = (title: string, edited: string, body: string): PageSource => ({ title, edited, body });

/** Lumen's help centre: home → categories → articles. */
export const HELP_DESK: PageSource = {
  title: "Lumen Help Center",
  icon: "🛟",
  edited: "2026-10-31",
  body: `How can we help? Browse the topics below or search.`,
  children: [
    {
      title: "Account & billing",
      icon: "💳",
      edited: "2026-10-10",
      body: `Plans, invoices and your account.`,
      children: [
        article("How do I change my plan?", "2026-10-10", `Open **Settings → Billing** and choose *Change plan*. Upgrades apply at once; downgrades at the end of the period.`),
        article("Where can I download invoices?", "2026-09-02", `Every invoice is under **Settings → Billing → Invoices** as a PDF.`),
        article("How do I delete my account?", "2026-08-14", `!⚠️ Deleting an account removes all projects and data after 7 days.\nGo to **Settings → Account** and choose *Delete account*.`),
      ],
    },
    {
      title: "Installing the script",
      icon: "🧩",
      edited: "2026-10-22",
      body: `Getting Lumen onto your site.`,
      children: [
        article("Why don't I see any visitors?", "2026-10-22", `
          Check these, in order:
          1. The script tag is on the page (view the source).
          2. The project id matches the one in **Settings → Project**.
          3. An ad blocker isn't blocking \`cdn.lumen.example\` — try a private window.`),
        article("Can I use Lumen with a Content Security Policy?", "2026-09-19", `Allow \`https://cdn.lumen.example\` in \`script-src\` and \`https://api.lumen.example\` in \`connect-src\`.`),
        article("Does Lumen slow down my site?", "2026-08-30", `The script is under 2 KB, loads with \`defer\`, and never blocks rendering.`),
      ],
    },
    {
      title: "Privacy & compliance",
      icon: "🔒",
      edited: "2026-10-05",
      body: `GDPR, cookies and your visitors' data.`,
      children: [
        article("Do I need a cookie banner?", "2026-10-05", `No. Lumen sets no cookies and stores no personal data. See our blog post on [[Analytics without cookies: how Lumen counts visitors]].`),
        article("Where is my data stored?", "2026-09-12", `In the EU (Frankfurt), unless you chose the US region when creating the project.`),
        article("Can I sign a DPA?", "2026-08-01", `Yes: download and sign it under **Settings → Legal**. It's pre-signed by us.`),
      ],
    },
    {
      title: "Dashboards & reports",
      icon: "📈",
      edited: "2026-10-28",
      body: `Charts, funnels, sharing and exports.`,
      children: [
        article("How do I share a dashboard?", "2026-10-28", `Open the dashboard, choose **Share**, and turn on the public link.`),
        article("Why do numbers differ from Google Analytics?", "2026-09-25", `
          Lumen counts visitors per day without cookies, and ad blockers block it less often.
          | Metric | Lumen | Google Analytics |
          | --- | --- | --- |
          | Visitor | one per day | one per cookie |
          | Blocked by ad blockers | rarely | often |`),
        article("Can I export raw events?", "2026-09-01", `Yes, as CSV from **Settings → Export**, or over the API.`),
      ],
    },
  ],
};
