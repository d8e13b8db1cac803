"use client";

import { readablePath } from "@/lib/url-path";
import { useEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { SiteAnalytics, AnalyticsRow } from "@/core/analytics/get-site-analytics";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel, TextField, Toggle } from "@/components/fields";
import { csvCell } from "@/lib/csv-cell";
import { useSave } from "./use-save";
import { FieldErrors } from "@/components/field-errors";

/**
 * The Analytics screen: the built-in, cookie-free report (getSiteAnalytics: past days from the rollups, today live),
 * read again every 10 s while in view, and the optional third-party providers. Ranges are whole UTC days; each table
 * downloads as CSV.
 */

type Range = "today" | "7" | "30" | "90" | "custom";
const DAY_MS = 86_400_000;
const REFRESH_MS = 10_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => utcDay(Date.now());

function rangeDays(range: Range, custom: { from: string; to: string }): { from: string; to: string } {
  if (range === "custom") return custom;
  const to = today();
  const days = range === "today" ? 1 : Number(range);
  return { from: utcDay(Date.parse(to) - (days - 1) * DAY_MS), to };
}

function change(now: number, before: number): string {
  if (!before) return now ? "new" : "±0";
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct >= 0 ? "+" : ""}${pct}%`;
}

function downloadCsv(name: string, header: string[], rows: (string | number)[][]) {
  const text = [header, ...rows].map((r) => r.map((c) => csvCell(String(c))).join(",")).join("\n") + "\n";
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Chart({ data }: { data: SiteAnalytics }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = data.series.map((p) => Date.parse(p.t) / 1000);
    const daily = data.granularity === "day";
    const plot = new uPlot(
      {
        width: el.clientWidth || 320,
        height: 220,
        scales: { x: { time: true } },
        axes: [
          // Days on a day chart (a point is a whole day, not its midnight), hours on an hour chart.
          daily
            ? { stroke: "#a3a3a3", grid: { stroke: "#262626" }, incrs: [DAY_MS / 1000, (7 * DAY_MS) / 1000, (30 * DAY_MS) / 1000], values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(5, 10)) }
            : { stroke: "#a3a3a3", grid: { stroke: "#262626" } },
          { stroke: "#a3a3a3", grid: { stroke: "#262626" } },
        ],
        // The legend shows values under the cursor; at rest it names the lines, with no "--".
        series: [
          { label: daily ? "Day" : "Time", value: (_u, v) => (v == null ? "" : daily ? new Date(v * 1000).toISOString().slice(0, 10) : `${new Date(v * 1000).toISOString().slice(11, 16)} UTC`) },
          { label: "Page views", stroke: "#5b8cff", width: 2, fill: "rgba(91,140,255,0.12)", value: (_u, v) => (v == null ? "" : String(v)) },
          { label: "Visitors", stroke: "#34d399", width: 2, value: (_u, v) => (v == null ? "" : String(v)) },
        ],
      },
      [xs, data.series.map((p) => p.pageviews), data.series.map((p) => p.visitors)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth || 320, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data]);
  const label = data.granularity === "hour" ? (t: string) => `${t.slice(0, 10)} ${t.slice(11, 16)} UTC` : (t: string) => t.slice(0, 10);
  return (
    <div>
      <div ref={box} role="img" aria-label={`Chart: ${data.totals.pageviews} page views and ${data.totals.visitors} visitors from ${data.from} to ${data.to}`} data-testid="analytics-chart" />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-neutral-400">Chart as a table</summary>
        <table className="mt-2 w-full text-left" data-testid="analytics-series">
          <thead>
            <tr className="text-neutral-400">
              <th className="py-1 font-normal">{data.granularity === "hour" ? "Hour" : "Day"}</th>
              <th className="py-1 text-right font-normal">Page views</th>
              <th className="py-1 text-right font-normal">Visitors</th>
            </tr>
          </thead>
          <tbody>
            {data.series.map((p) => (
              <tr key={p.t} className="border-t border-neutral-800">
                <td className="py-1">{label(p.t)}</td>
                <td className="py-1 text-right tabular-nums">{p.pageviews}</td>
                <td className="py-1 text-right tabular-nums">{p.visitors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

/** `counts`: the names of the figure columns (default "Count" and "Visitors"). */
function Table({ id, title, column, rows, visitors = true, counts = ["Count", "Visitors"], file }: { id: string; title: string; column: string; rows: AnalyticsRow[]; visitors?: boolean; counts?: [string, string]; file: string }) {
  const header = visitors ? [column, ...counts] : [column, counts[0]];
  return (
    <section className="min-w-0 rounded-lg border border-neutral-800 p-3" aria-label={title} data-testid={`analytics-${id}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">{title}</h3>
        <button
          type="button"
          className="rounded border border-neutral-700 px-2 py-0.5 text-xs text-neutral-300 hover:border-neutral-500 disabled:opacity-40"
          disabled={!rows.length}
          onClick={() => downloadCsv(file, header, rows.map((r) => (visitors ? [r.value, r.count, r.visitors] : [r.value, r.count])))}
        >
          CSV
        </button>
      </div>
      {rows.length ? (
        <table className="mt-2 w-full table-fixed text-left text-sm">
          <thead>
            <tr className="text-neutral-400">
              {header.map((h, i) => (
                <th key={h} className={`py-1 font-normal ${i ? "w-20 text-right" : ""}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.value} className="border-t border-neutral-800">
                <td className="truncate py-1" title={r.value}>
                  {r.value || "(none)"}
                </td>
                <td className="py-1 text-right tabular-nums">{r.count}</td>
                {visitors ? <td className="py-1 text-right tabular-nums">{r.visitors}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-2 text-sm text-neutral-400">Nothing yet.</p>
      )}
    </section>
  );
}

const AGENT_KINDS: Record<string, string> = { mcp: "MCP calls", ask: "Questions (ask)", markdown: "Markdown pages", llms: "llms.txt" };

/** AI agents' requests, apart from the human figures above: per day, by kind, by agent. */
function AgentTraffic({ data, file }: { data: SiteAnalytics; file: (name: string) => string }) {
  const { agents } = data;
  const rows = (list: { value: string; count: number }[], label: (v: string) => string) => list.map((r) => ({ value: label(r.value), count: r.count, visitors: 0 }));
  return (
    <section className="space-y-3 rounded-lg border border-neutral-800 p-3" aria-label="AI agents" data-testid="analytics-agents">
      <div>
        <h3 className="font-medium">AI agents</h3>
        <p className="text-sm text-neutral-400">
          <span className="text-2xl font-semibold tabular-nums text-neutral-100" data-testid="total-agent-requests">
            {agents.total}
          </span>{" "}
          requests from AI assistants: MCP calls, questions, and Markdown or llms.txt reads by known agents. Not counted as visitors.
        </p>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-neutral-400">Per day</summary>
        <table className="mt-2 w-full text-left" data-testid="analytics-agent-days">
          <thead>
            <tr className="text-neutral-400">
              <th className="py-1 font-normal">Day</th>
              <th className="py-1 text-right font-normal">Requests</th>
            </tr>
          </thead>
          <tbody>
            {agents.days.map((d) => (
              <tr key={d.day} className="border-t border-neutral-800">
                <td className="py-1">{d.day}</td>
                <td className="py-1 text-right tabular-nums">{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <div className="grid gap-3 md:grid-cols-2">
        <Table id="agent-kinds" title="By kind" column="Kind" rows={rows(agents.kinds, (v) => AGENT_KINDS[v] ?? v)} visitors={false} file={file("agent-requests-by-kind")} />
        <Table id="agent-names" title="By agent" column="Agent" rows={rows(agents.agents, (v) => v || "Not named")} visitors={false} file={file("agent-requests-by-agent")} />
      </div>
    </section>
  );
}

function Report({ siteId }: { siteId: string }) {
  const [range, setRange] = useState<Range>("7");
  const [custom, setCustom] = useState(() => ({ from: utcDay(Date.now() - 29 * DAY_MS), to: today() }));
  const [data, setData] = useState<SiteAnalytics | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { from, to } = rangeDays(range, custom);
  useEffect(() => {
    let live = true;
    const load = () =>
      siteRpc
        .call("getSiteAnalytics", { siteId, from, to })
        .then((d) => {
          if (live) {
            setData(d as SiteAnalytics);
            setError(null);
          }
        })
        .catch((err: unknown) => live && setError(err instanceof Error ? err.message : "Could not load the analytics"));
    void load();
    // Today's figures are live: read again while the screen is in view, so a visit shows without a reload.
    const timer = setInterval(() => document.visibilityState === "visible" && void load(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [siteId, from, to]);
  const ranges: [Range, string][] = [["today", "Today"], ["7", "7 days"], ["30", "30 days"], ["90", "90 days"], ["custom", "Custom"]];
  const totals: [keyof SiteAnalytics["totals"], string][] = [["visitors", "Visitors"], ["pageviews", "Page views"], ["searches", "Searches"], ["questions", "Questions"], ["subscriptions", "Subscriptions"], ["widgetOpens", "Chat opens"]];
  const file = (name: string) => `${name}-${from}-${to}.csv`;
  return (
    <div className="space-y-4">
      <div role="group" aria-label="Range" className="flex flex-wrap gap-2">
        {ranges.map(([value, label]) => (
          <button key={value} type="button" aria-pressed={range === value} onClick={() => setRange(value)} className={`rounded-md border px-3 py-1 text-sm ${range === value ? "border-[#5b8cff] bg-[#5b8cff]/20" : "border-neutral-700"}`}>
            {label}
          </button>
        ))}
      </div>
      {range === "custom" ? (
        <div className="flex flex-wrap gap-3">
          <TextField label="From" type="date" value={custom.from} max={custom.to} onChange={(e) => e.target.value && setCustom({ ...custom, from: e.target.value })} />
          <TextField label="To" type="date" value={custom.to} min={custom.from} onChange={(e) => e.target.value && setCustom({ ...custom, to: e.target.value })} />
        </div>
      ) : null}
      {error ? <p role="alert" className="text-sm text-red-400">{error}</p> : null}
      {data ? (
        <>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-neutral-400">
            <span data-testid="analytics-live">
              <span aria-hidden="true" className="mr-1.5 inline-block h-2 w-2 rounded-full bg-emerald-400" />
              Live: {data.live.visitors === 1 ? "1 visitor" : `${data.live.visitors} visitors`} in the last {data.live.minutes} minutes
            </span>
            <span data-testid="analytics-updated">
              Updated {new Date(data.updatedAt).toLocaleTimeString()} · today&apos;s figures count visits within seconds
            </span>
          </p>
          {data.totals.pageviews === 0 ? (
            <p className="rounded-lg border border-neutral-800 p-3 text-sm text-neutral-300" data-testid="analytics-empty">
              No visits counted in this range yet. To see one, open your site in a private window or another browser: visits through this dashboard&apos;s links and from bots are not counted. A visit shows here within seconds.
            </p>
          ) : null}
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="analytics-totals">
            {totals.map(([key, label]) => (
              <div key={key} className="rounded-lg border border-neutral-800 p-3">
                <dt className="text-xs text-neutral-400">{label}</dt>
                <dd className="text-2xl font-semibold tabular-nums" data-testid={`total-${key}`}>
                  {data.totals[key]}
                </dd>
                <dd className="text-xs text-neutral-400">
                  {change(data.totals[key], data.previous[key])} vs. {data.previousFrom} – {data.previousTo} ({data.previous[key]})
                </dd>
              </div>
            ))}
          </dl>
          <Chart data={data} />
          <div className="grid gap-3 md:grid-cols-2">
            <Table id="pages" title="Top pages" column="Page" rows={data.pages.map((r) => ({ ...r, value: readablePath(r.value) }))} file={file("pages")} />
            <Table id="referrers" title="Referrers" column="Site" rows={data.referrers.map((r) => ({ ...r, value: r.value || "Direct" }))} file={file("referrers")} />
            <Table id="sources" title="Campaign sources" column="utm_source" rows={data.sources} file={file("campaign-sources")} />
            <Table id="campaigns" title="Campaigns" column="utm_campaign" rows={data.campaigns} file={file("campaigns")} />
            <Table id="devices" title="Devices" column="Device" rows={data.devices} file={file("devices")} />
            <Table id="browsers" title="Browsers" column="Browser" rows={data.browsers} file={file("browsers")} />
            <Table id="countries" title="Countries" column="Country" rows={data.countries} file={file("countries")} />
            <Table id="zero-searches" title="Searches with no results" column="Search" rows={data.zeroResultSearches} visitors={false} file={file("searches-without-results")} />
            <Table id="unanswered" title="Unanswered questions" column="Question" rows={data.unansweredQuestions} visitors={false} file={file("unanswered-questions")} />
            <Table
              id="feedback"
              title="Feedback per page"
              column="Page"
              counts={["Helpful", "Not helpful"]}
              rows={data.feedback.map((f) => ({ value: readablePath(f.path), count: f.helpful, visitors: f.notHelpful }))}
              file={file("feedback")}
            />
          </div>
          <AgentTraffic data={data} file={file} />
          <p className="text-xs text-neutral-400">
            Whole days in UTC. Visitors are counted per day (the anonymous visitor id changes every day), so a range adds up each day&apos;s visitors. Searches count what visitors submitted (not each letter typed), as the Feedback screen does; visits by bots and automated browsers are left out.
          </p>
        </>
      ) : !error ? (
        <p className="text-sm text-neutral-400">Loading…</p>
      ) : null}
    </div>
  );
}

export function AnalyticsSection({ site }: { site: SiteOverview }) {
  const [builtIn, setBuiltIn] = useState(site.settings.analytics.builtIn);
  const [googleAnalyticsId, setGa] = useState(site.settings.analytics.googleAnalyticsId ?? "");
  const [plausibleDomain, setPlausible] = useState(site.settings.analytics.plausibleDomain ?? "");
  const saving = useSave();
  return (
    <div className="space-y-4">
      <Panel title="Analytics" description="Counted without cookies or personal data: no consent banner needed. Bots and your own visits from this dashboard are not counted.">
        {site.settings.analytics.builtIn ? <Report siteId={site.siteId} /> : <p className="text-sm text-neutral-400">Built-in analytics are off for this site.</p>}
      </Panel>
      <Panel title="Settings" description="Only the providers you set here load on your site, and your site's security policy allows exactly them.">
        <Toggle label="Built-in analytics" checked={builtIn} onChange={setBuiltIn} />
        <FieldErrors value={saving.errors}>
          <TextField label="Google Analytics measurement ID" field="analytics.googleAnalyticsId" placeholder="G-XXXXXXX" value={googleAnalyticsId} onChange={(e) => setGa(e.target.value)} />
          <TextField label="Plausible domain" field="analytics.plausibleDomain" placeholder="example.com" value={plausibleDomain} onChange={(e) => setPlausible(e.target.value)} />
        </FieldErrors>
        <Button
          loading={saving.pending}
          onClick={() =>
            void saving.save(() =>
              siteRpc.call("upsertAnalyticsCustomization", {
                siteId: site.siteId,
                analytics: { builtIn, googleAnalyticsId: googleAnalyticsId.trim() || null, plausibleDomain: plausibleDomain.trim() || null },
              }),
            )
          }
        >
          Save analytics
        </Button>
      </Panel>
    </div>
  );
}
