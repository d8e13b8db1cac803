import type { PageSource } from "./types";

/** A small company site: a home page with sub-pages. */
export const SIMPLE: PageSource = {
  title: "Lumen",
  icon: "🔆",
  cover: "cover-dashboards.png",
  edited: "2026-10-30",
  body: `
    ![Lumen](file:logo-lumen.png)
    # Analytics that respects your visitors
    Lumen shows you what people do on your site and in your product — without cookies, without personal data, and fast.
    ::: columns
    ::: column
    ### Fast
    Dashboards open in under a second.
    ::: column
    ### Private
    No cookies, no banners, no personal data.
    ::: column
    ### Simple
    One script tag. Numbers in plain words.
    :::
    @bookmark https://app.lumen.example/signup | Start free | 100,000 events a month, free forever.
  `,
  children: [
    { title: "About", edited: "2026-09-01", body: `We're a team of four in Lisbon, Stockholm and Bengaluru, building the analytics we wanted to use.\n> Collect less. Answer more.` },
    { title: "Pricing", edited: "2026-10-01", body: `
      | Plan | Events per month | Price |
      | --- | --- | --- |
      | Hobby | 100,000 | Free |
      | Team | 2 million | $29 |
      | Business | 20 million | $149 |` },
    { title: "Contact", edited: "2026-08-20", body: `Write to hello@lumen.example or book a call at [lumen.example/call](https://lumen.example/call).` },
    { title: "Privacy policy", edited: "2026-07-01", body: `This site uses Lumen and nothing else. We don't set cookies or collect personal data.` },
  ],
};
