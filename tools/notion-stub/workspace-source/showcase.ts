import type { PageSource } from "./types";

/**
 * A page tree that leans on what real Notion pages use around the blocks (issue 21): covers, image icons, a
 * full-width three-column page, video and embeds inside columns, page fonts, and inline and full-page databases
 * whose rows have bodies, with several views including a gallery with covers; a workspace custom emoji as a page and
 * callout icon, and databases joined by a relation with rollups.
 */
export const SHOWCASE: PageSource = {
  title: "Lumen Field Guide",
  icon: "file:logo-lumen.png",
  cover: "cover-team.png",
  edited: "2026-11-02",
  body: `
    How the Lumen team works, what we use and who we work with.
    @database customers
    @database events
  `,
  databases: {
    customers: {
      title: "Customer stories",
      edited: "2026-11-01",
      view: "table",
      moreViews: ["gallery"],
      schema: { Name: "title", Industry: "select", Since: "date" },
      options: { Industry: ["Retail", "Media", "Software"] },
      rows: [
        { title: "Northwind Outfitters", edited: "2026-10-20", icon: "🧭", cover: "cover-funnels.png", props: { Industry: "Retail", Since: "2025-03-14" }, body: `
          Northwind moved off cookie banners in a week and kept every funnel they had.
          > We stopped guessing which campaign worked.` },
        { title: "Harbor Weekly", edited: "2026-10-12", icon: "file:chart-traffic.png", cover: "cover-privacy.png", props: { Industry: "Media", Since: "2024-11-02" }, body: `
          Harbor Weekly reads its newsletter traffic in Lumen and nowhere else.` },
      ],
    },
    events: {
      title: "Team calendar",
      edited: "2026-11-01",
      view: "calendar",
      moreViews: ["timeline", "table"],
      schema: { Name: "title", When: "date", Owner: "person" },
      rows: [
        { title: "Offsite in Lisbon", edited: "2026-10-30", props: { When: "2026-11-10/2026-11-12", Owner: ["maya"] }, body: `Three days of planning by the sea.` },
        { title: "Lumen 2.1 release", edited: "2026-10-30", props: { When: "2026-11-18", Owner: ["jonas"] }, body: `The release after 2.0: saved segments.` },
        { title: "Year in review", edited: "2026-10-31", props: { When: "2026-12-15", Owner: ["maya"] }, body: `What we shipped in 2026.` },
      ],
    },
    tools: {
      title: "Tools we use",
      icon: "🧰",
      edited: "2026-10-30",
      fullPage: true,
      view: "list",
      moreViews: ["table"],
      schema: { Name: "title", Kind: "select" },
      options: { Kind: ["Writing", "Code", "Design"] },
      rows: [
        { title: "Field notes editor", edited: "2026-10-29", props: { Kind: "Writing" }, body: `Where the team drafts every post before it goes into Notion.` },
        { title: "Query playground", edited: "2026-10-28", props: { Kind: "Code" }, body: `
          Try a query against the demo project:
          \`\`\`sql
          select path, count(*) from pageviews group by path order by 2 desc limit 10;
          \`\`\`` },
      ],
    },
  },
  children: [
    {
      title: "Team dashboard",
      icon: "📊",
      edited: "2026-10-25",
      fullWidth: true,
      body: `
        The numbers every team looks at on Monday.
        ::: columns
        ::: column
        ### Acquisition
        | Channel | Visits | Change |
        | --- | --- | --- |
        | Search | 48,210 | +12% |
        | Newsletter | 9,804 | +3% |
        ::: column
        ### Activation
        | Step | People | Rate |
        | --- | --- | --- |
        | Signed up | 2,310 | 100% |
        | Installed | 1,702 | 74% |
        ::: column
        ### Retention
        | Week | Active | Rate |
        | --- | --- | --- |
        | Week 1 | 1,210 | 71% |
        | Week 4 | 904 | 53% |
        :::
      `,
    },
    {
      title: "Watch and listen",
      icon: "file:chart-retention.png",
      cover: "cover-engineering.png",
      edited: "2026-10-22",
      body: `
        Our launch talk and the playlist the team codes to.
        ::: columns
        ::: column
        @video https://www.youtube.com/watch?v=aqz-KE-bpKQ
        ::: column
        @embed https://open.spotify.com/embed/playlist/37i9dQZF1DX5trt9i14X7j
        :::
        @database talks
      `,
      databases: {
        talks: {
          title: "Talks",
          edited: "2026-10-22",
          view: "gallery",
          schema: { Name: "title", Event: "select" },
          options: { Event: ["Launch week", "Meetup"] },
          rows: [
            { title: "Lumen 2.0 keynote", edited: "2026-10-21", cover: "cover-dashboards.png", props: { Event: "Launch week" }, body: `The keynote, with the demo that almost worked.` },
            { title: "Counting without cookies", edited: "2026-10-20", cover: "cover-privacy.png", props: { Event: "Meetup" }, body: `How we count visitors without storing who they are.` },
          ],
        },
      },
    },
    {
      title: "Brand kit",
      icon: ":lumen-spark:",
      edited: "2026-10-26",
      body: `
        Our spark, and what each campaign costs across the channels it runs on.
        !:lumen-spark: Put the spark beside the wordmark, never on its own.
        @database campaigns
        @database channels
      `,
      databases: {
        channels: {
          title: "Channels",
          edited: "2026-10-26",
          view: "table",
          schema: { Name: "title", Cost: "number", Live: "checkbox", Launched: "date" },
          numberFormats: { Cost: "dollar" },
          rows: [
            { title: "Search ads", edited: "2026-10-24", props: { Cost: "1200", Live: true, Launched: "2026-03-02" }, body: `Paid search on privacy keywords.` },
            { title: "Newsletter sponsorship", edited: "2026-10-24", props: { Cost: "450.5", Live: false, Launched: "2026-05-18" }, body: `Two issues of a developer newsletter.` },
            { title: "Podcast spot", edited: "2026-10-24", props: { Cost: "800", Live: true, Launched: "2026-06-30" }, body: `A read in a weekly analytics podcast.` },
          ],
        },
        campaigns: {
          title: "Campaigns",
          edited: "2026-10-26",
          view: "table",
          schema: { Name: "title", Channels: "relation", "Total cost": "rollup", "Channel count": "rollup", "First launch": "rollup", "Live share": "rollup", "Average cost": "rollup" },
          relations: { Channels: "channels" },
          rollups: {
            "Total cost": { relation: "Channels", target: "Cost", aggregation: "sum" },
            "Channel count": { relation: "Channels", target: "Name", aggregation: "count" },
            "First launch": { relation: "Channels", target: "Launched", aggregation: "earliest_date" },
            "Live share": { relation: "Channels", target: "Live", aggregation: "percent_checked" },
            "Average cost": { relation: "Channels", target: "Cost", aggregation: "average" },
          },
          rows: [
            { title: "Spring launch", edited: "2026-10-25", props: { Channels: ["Search ads", "Newsletter sponsorship"] }, body: `The 2.0 launch, on search and in one newsletter.` },
            { title: "Summer listen", edited: "2026-10-25", props: { Channels: ["Podcast spot"] }, body: `A summer of podcast reads.` },
          ],
        },
      },
    },
    {
      title: "Reading room",
      icon: "📚",
      edited: "2026-10-18",
      font: "serif",
      smallText: true,
      body: `
        Long-form notes, set in a serif face and small text as the page asks.
        Collect less. Answer more.
      `,
    },
  ],
};
