import type { DatabaseSource } from "./types";

/** Lumen's blog: a table database with the blog properties of docs/product.md §5. One hidden post, one dated in the future. */
export const BLOG: DatabaseSource = {
  title: "Lumen Blog",
  icon: "📝",
  description: "Notes from the team building Lumen, privacy-first product analytics.",
  edited: "2026-11-02",
  view: "table",
  schema: { Name: "title", Date: "date", Description: "text", Tags: "multi_select", Authors: "person", Hidden: "checkbox" },
  options: { Tags: ["Product", "Engineering", "Privacy", "Guides", "Company"] },
  rows: [
    {
      title: "Introducing Lumen 2.0",
      edited: "2026-10-28",
      cover: "cover-dashboards.png",
      props: { Date: "2026-10-27", Description: "Dashboards that load in under a second, funnels you can share, and a new query engine.", Tags: ["Product"], Authors: ["maya", "jonas"], Hidden: false },
      body: `
        Today we're shipping **Lumen 2.0**, the biggest release since we launched. It's faster, it's friendlier, and it still never sets a cookie.

        # What's new
        - **Instant dashboards**: every chart is pre-aggregated, so a dashboard with 20 charts opens in under a second.
        - **Shareable funnels**: send a read-only link to anyone, no account needed.
        - **A new query engine** built on columnar storage, described in [[How we made dashboards 10× faster]].

        ![The new traffic overview](file:chart-traffic.png)

        # Upgrading
        !💡 Existing projects are upgraded automatically. Nothing to do on your side.

        ## For self-hosters
        Pull the new image and run the migration:

        \`\`\`bash
        docker pull ghcr.io/lumen/lumen:2.0
        docker compose run --rm lumen migrate
        docker compose up -d
        \`\`\`

        # What's next
        We're working on cohorts and a public API; follow along on the roadmap.

        > Fast software is a feature. Fast analytics is a feature you can feel every morning.

        @bookmark https://lumen.example/changelog | Lumen changelog | Every release, with the details.
      `,
    },
    {
      title: "How we made dashboards 10× faster",
      edited: "2026-10-21",
      cover: "cover-engineering.png",
      props: { Date: "2026-10-20", Description: "Pre-aggregation, columnar storage and one very careful cache.", Tags: ["Engineering"], Authors: ["jonas"], Hidden: false },
      body: `
        A dashboard in Lumen 1.x ran one SQL query per chart against raw events. That's fine for a thousand events a day and painful for ten million.

        # Measure first
        We sampled the slowest 1% of dashboard loads for a week. Almost all the time went into scanning the \`events\` table:

        \`\`\`sql
        SELECT date_trunc('day', ts) AS day, count(*) AS views
        FROM events
        WHERE project_id = $1 AND name = 'pageview' AND ts > now() - interval '30 days'
        GROUP BY 1 ORDER BY 1;
        \`\`\`

        # Roll-ups
        Now every event updates small per-hour roll-ups as it arrives. A 30-day chart reads 720 rows instead of millions.

        \`\`\`typescript
        export function bucketOf(ts: Date): string {
          const hour = new Date(ts);
          hour.setUTCMinutes(0, 0, 0);
          return hour.toISOString();
        }
        \`\`\`

        The cost of a chart is now proportional to its time range, not to your traffic. If $n$ is the number of hours in the range, a chart reads $O(n)$ rows:

        $$T(n) = c \\cdot n + t_{\\text{overhead}}$$

        # Results
        | Dashboard | Before | After |
        | --- | --- | --- |
        | 5 charts, 30 days | 2.4 s | 180 ms |
        | 20 charts, 90 days | 11.8 s | 640 ms |
        | Funnel, 4 steps | 3.1 s | 290 ms |

        + Why not a materialized view?
          We tried. Refreshing it blocked writes for seconds at a time on our largest projects, and incremental refresh isn't available in the Postgres version most self-hosters run.

        Read the release announcement in [[Introducing Lumen 2.0]].
      `,
    },
    {
      title: "Analytics without cookies: how Lumen counts visitors",
      edited: "2026-09-30",
      cover: "cover-privacy.png",
      props: { Date: "2026-09-29", Description: "A daily rotating salt, no personal data, and numbers you can still trust.", Tags: ["Privacy", "Engineering"], Authors: ["priya"], Hidden: false },
      body: `
        Lumen never stores IP addresses or sets cookies. So how do we know two page views came from the same visitor?

        # The daily hash
        For each request we compute a hash of the site, the IP address, the user agent and a salt that changes every day:

        \`\`\`python
        import hashlib

        def visitor_id(site_id: str, ip: str, user_agent: str, daily_salt: bytes) -> str:
            data = f"{site_id}|{ip}|{user_agent}".encode()
            return hashlib.blake2b(data, key=daily_salt, digest_size=16).hexdigest()
        \`\`\`

        The salt is deleted at midnight UTC, so yesterday's hashes can never be linked to today's.

        ::: columns
        ::: column
        ### What we keep
        - Page, referrer, country
        - Browser and OS family
        - The daily visitor hash
        ::: column
        ### What we never keep
        - IP addresses
        - Cookies or device IDs
        - Anything across days
        :::

        !🔒 Because nothing personal is stored, Lumen doesn't need a cookie banner under GDPR, PECR or CCPA.

        # Trade-offs
        A visitor who comes back tomorrow counts as a new visitor. For most products that's a fair price for not tracking people.
      `,
    },
    {
      title: "Funnels that explain themselves",
      edited: "2026-09-12",
      cover: "cover-funnels.png",
      props: { Date: "2026-09-11", Description: "Why we show the drop-off reasons next to every step.", Tags: ["Product", "Guides"], Authors: ["maya"], Hidden: false },
      body: `
        A funnel tells you *where* people leave. It rarely tells you *why*. Lumen 1.9 adds the top three things people did instead at every step.

        1. Pick the steps of your funnel, for example **Visited pricing → Started trial → Invited a teammate**.
        2. Open a step to see where people went instead.
        3. Share the funnel with a link.

        ![Retention by weekly cohort](file:chart-retention.png)

        + Can I compare two time ranges?
          Yes: choose *Compare* in the date picker and every step shows both conversion rates.
        + Do funnels work with custom events?
          They do. Any event you send with \`lumen.track()\` can be a step.
      `,
    },
    {
      title: "A checklist for your first week with Lumen",
      edited: "2026-08-25",
      props: { Date: "2026-08-24", Description: "Seven small steps from installing the script to your first shared dashboard.", Tags: ["Guides"], Authors: ["tomas"], Hidden: false },
      body: `
        New to Lumen? Here's what we'd do in the first week.

        [x] Add the script to your site
        [x] Verify that page views arrive in the live view
        [ ] Send your first custom event
        [ ] Build a funnel for your sign-up flow
        [ ] Invite a teammate
        [ ] Set up a weekly email report
        [ ] Share a dashboard with a public link

        # Add the script
        \`\`\`html
        <script defer data-project="YOUR_PROJECT_ID" src="https://cdn.lumen.example/l.js"></script>
        \`\`\`

        # Send an event
        \`\`\`javascript
        lumen.track("Signed up", { plan: "team" });
        \`\`\`

        Stuck? Our help centre has [a guide for every framework](https://help.lumen.example).
      `,
    },
    {
      title: "Self-hosting Lumen on a $5 server",
      edited: "2026-08-04",
      props: { Date: "2026-08-03", Description: "One small VPS, Docker Compose and a backup you can restore.", Tags: ["Guides", "Engineering"], Authors: ["jonas"], Hidden: false },
      body: `
        Lumen runs comfortably on a single 1 vCPU / 1 GB server for sites with up to a few million page views a month.

        # Install
        \`\`\`bash
        curl -fsSL https://get.lumen.example/compose.yml -o compose.yml
        echo "LUMEN_SECRET=$(openssl rand -hex 32)" > .env
        docker compose up -d
        \`\`\`

        # Back up
        \`\`\`bash
        docker compose exec db pg_dump -U lumen lumen | gzip > lumen-$(date +%F).sql.gz
        \`\`\`

        !⚠️ Test your restore once. A backup you have never restored is a hope, not a backup.

        Prefer watching? Here is the whole setup in four minutes:

        @video https://videos.lumen.example/self-hosting-in-four-minutes.mp4
      `,
    },
    {
      title: "What 1,000 customer calls taught us about dashboards",
      edited: "2026-07-15",
      cover: "cover-team.png",
      props: { Date: "2026-07-14", Description: "People don't want more charts. They want fewer, better ones.", Tags: ["Company", "Product"], Authors: ["maya", "priya"], Hidden: false },
      body: `
        Since launch we've talked to more than a thousand customers. Three things came up again and again.

        # 1. Fewer charts
        > "I open the dashboard, look at one number, and close it."

        So the default dashboard now has four charts, not twelve.

        # 2. Plain words
        We renamed *bounce rate* to **left after one page** in the interface. Support questions about it dropped by half.

        # 3. Sharing
        Most dashboards are looked at by people who never log in. Public links are now one click away.

        ---

        Thanks to everyone who took the time to talk to us. Keep the feedback coming.
      `,
    },
    {
      title: "Our pricing, explained",
      edited: "2026-06-20",
      props: { Date: "2026-06-19", Description: "Why we charge by events and not by seats, and what happens when you go over.", Tags: ["Company"], Authors: ["tomas"], Hidden: false },
      body: `
        Lumen is priced by the number of events you send each month. Every plan includes unlimited teammates and dashboards.

        | Plan | Events per month | Price |
        | --- | --- | --- |
        | Hobby | 100,000 | Free |
        | Team | 2 million | $29 |
        | Business | 20 million | $149 |

        # Going over
        We never cut off data collection. If you go over for two months in a row, we'll email you to suggest a bigger plan.

        See the [[A checklist for your first week with Lumen]] to get started for free.
      `,
    },
    {
      title: "Building the event pipeline in Rust",
      edited: "2026-05-30",
      cover: "cover-engineering.png",
      props: { Date: "2026-05-29", Description: "Rewriting our ingestion service cut memory use by 80%.", Tags: ["Engineering"], Authors: ["jonas"], Hidden: false },
      body: `
        Our ingestion service receives every event before it's stored. In May we replaced the Node.js version with one in Rust.

        \`\`\`rust
        async fn ingest(event: Event, queue: &Queue) -> Result<(), IngestError> {
            let event = event.validate()?;
            queue.push(event.into_row()).await?;
            Ok(())
        }
        \`\`\`

        - Memory: 1.2 GB → 240 MB
        - p99 latency: 38 ms → 9 ms
        - Lines of code: about the same

        + Would we do it again?
          For this service, yes. It does one thing, it's on the hot path, and it rarely changes. For the dashboard API, no.
      `,
    },
    {
      title: "Lumen is now SOC 2 Type II compliant",
      edited: "2026-04-18",
      cover: "cover-privacy.png",
      props: { Date: "2026-04-17", Description: "An independent auditor checked our security controls for six months.", Tags: ["Company", "Privacy"], Authors: ["priya"], Hidden: false },
      body: `
        We've completed our SOC 2 Type II audit with no exceptions. Customers on the Business plan can request the report from their dashboard.

        !📄 The report covers security, availability and confidentiality, from October 2025 to March 2026.

        # What changed for us
        - Every production change is reviewed by a second engineer.
        - Access to production data needs a ticket and expires after 8 hours.
        - We run a restore drill every quarter.
      `,
    },
    {
      title: "Tracking single-page apps correctly",
      edited: "2026-03-09",
      props: { Date: "2026-03-08", Description: "History API, hash routers and the double-counting trap.", Tags: ["Guides", "Engineering"], Authors: ["tomas"], Hidden: false },
      body: `
        Single-page apps change the URL without loading a new page, so a script that counts page loads misses most navigation.

        Lumen listens to the History API. If your router uses hashes, turn on hash mode:

        \`\`\`html
        <script defer data-project="YOUR_PROJECT_ID" data-hash-mode src="https://cdn.lumen.example/l.js"></script>
        \`\`\`

        !💡 Don't call \`lumen.pageview()\` yourself as well — you'd count every page twice.

        @embed https://codepen.io/lumen/pen/spa-demo
      `,
    },
    {
      title: "Hello, world: why we started Lumen",
      edited: "2025-11-03",
      cover: "cover-team.png",
      props: { Date: "2025-11-03", Description: "Analytics should answer questions, not collect people.", Tags: ["Company"], Authors: ["maya"], Hidden: false },
      body: `
        We started Lumen because the analytics tools we used were slow, confusing and collected far more than we needed.

        > Collect less. Answer more.

        That's still the whole plan.
      `,
    },
    {
      title: "Draft: Lumen for mobile apps",
      edited: "2026-11-01",
      props: { Date: "2026-11-15", Description: "SDKs for iOS and Android (not announced yet).", Tags: ["Product"], Authors: ["jonas"], Hidden: true },
      body: `
        This post is hidden until the SDKs are ready. It must never appear on the site.
      `,
    },
    {
      title: "Lumen in 2027: what we're planning",
      edited: "2026-11-02",
      props: { Date: "2027-01-12", Description: "Scheduled for January: our plans for the year ahead.", Tags: ["Company"], Authors: ["maya"], Hidden: false },
      body: `
        This post is dated in the future and must not be published before its date.
      `,
    },
  ],
};
