import type { Block, Collection } from "notion-types";
import { describe, expect, it } from "vitest";
import { formatNotionNumber, relationText, rollupText, type RollupLookup } from "@/notion/rollups";

/**
 * Rollups on the public path (issue 21): the private API stores no rollup results, so they are computed from the
 * related rows, in the target property's number format, dates as dates; relation cells show the related titles.
 */

const CHANNELS = "c0000000-0000-4000-8000-000000000000";
const channelSchema = {
  title: { name: "Name", type: "title" },
  cost: { name: "Cost", type: "number", number_format: "dollar" },
  live: { name: "Live", type: "checkbox" },
  when: { name: "Launched", type: "date" },
  tags: { name: "Tags", type: "multi_select" },
};
const channel = (id: string, title: string, props: Record<string, unknown>): Block =>
  ({ id, type: "page", alive: true, parent_table: "collection", parent_id: CHANNELS, properties: { title: [[title]], ...props }, created_time: 0, last_edited_time: 0 }) as unknown as Block;
const date = (d: string) => [["‣", [["d", { type: "date", start_date: d }]]]];
const rows: Record<string, Block> = {
  a: channel("a", "Search ads", { cost: [["1200"]], live: [["Yes"]], when: date("2026-03-02"), tags: [["Paid,Search"]] }),
  b: channel("b", "Newsletter", { cost: [["450.5"]], live: [["No"]], when: date("2026-05-18"), tags: [["Paid"]] }),
  c: channel("c", "Podcast", { live: [["Yes"]], when: date("2026-06-30") }),
};
const lookup: RollupLookup = {
  block: (id) => rows[id],
  collection: (id) => (id === CHANNELS ? ({ id, schema: channelSchema } as unknown as Collection) : undefined),
};

const related = (...ids: string[]) => ids.flatMap((id, i) => [...(i ? [[","]] : []), ["‣", [["p", id]]]]);
const campaign = (ids: string[]) => ({ id: "row", type: "page", properties: { title: [["Spring"]], rel: related(...ids) } }) as unknown as Block;
const schemaWith = (target: string, aggregation?: string) => ({
  title: { name: "Name", type: "title" },
  rel: { name: "Channels", type: "relation", collection_id: CHANNELS },
  roll: { name: "Rolled", type: "rollup", relation_property: "rel", target_property: target, ...(aggregation ? { aggregation } : {}) },
});
const roll = (target: string, aggregation: string | undefined, ids = ["a", "b", "c"]) => rollupText(campaign(ids), schemaWith(target, aggregation), "roll", lookup);

describe("relation cells", () => {
  it("show the related rows' titles, not ‣", () => {
    expect(relationText(campaign(["a", "b"]), "rel", lookup)).toBe("Search ads, Newsletter");
    expect(relationText(campaign(["a", "gone"]), "rel", lookup)).toBe("Search ads");
  });
});

describe("rollups computed from the related rows", () => {
  it("sums, averages and ranges numbers in the target's number format", () => {
    expect(roll("cost", "sum")).toBe("$1,650.50");
    expect(roll("cost", "average")).toBe("$825.25");
    expect(roll("cost", "median")).toBe("$825.25");
    expect(roll("cost", "min")).toBe("$450.50");
    expect(roll("cost", "max")).toBe("$1,200.00");
    expect(roll("cost", "range")).toBe("$749.50");
    expect(roll("cost", "show_original")).toBe("$1,200.00, $450.50");
  });

  it("counts", () => {
    expect(roll("cost", "count")).toBe("3");
    expect(roll("cost", "count_values")).toBe("2");
    expect(roll("tags", "count_values")).toBe("3");
    expect(roll("tags", "unique")).toBe("2");
    expect(roll("tags", "show_unique")).toBe("Paid, Search");
    expect(roll("cost", "empty")).toBe("1");
    expect(roll("cost", "not_empty")).toBe("2");
    expect(roll("cost", "percent_empty")).toBe("33.33%");
    expect(roll("cost", "percent_not_empty")).toBe("66.67%");
  });

  it("rolls dates up as dates", () => {
    expect(roll("when", "earliest_date")).toBe("Mar 2, 2026");
    expect(roll("when", "latest_date")).toBe("Jun 30, 2026");
    expect(roll("when", "date_range")).toBe("120 days");
    expect(roll("when", undefined, ["b"])).toBe("May 18, 2026");
  });

  it("counts checkboxes", () => {
    expect(roll("live", "checked")).toBe("2");
    expect(roll("live", "unchecked")).toBe("1");
    expect(roll("live", "percent_checked")).toBe("66.67%");
    expect(roll("live", "percent_unchecked")).toBe("33.33%");
  });

  it("shows the titles by default", () => {
    expect(roll("title", undefined)).toBe("Search ads, Newsletter, Podcast");
  });

  it("shows nothing when a related row can't be read, or the schema isn't one it knows", () => {
    expect(roll("cost", "sum", ["a", "gone"])).toBe("");
    expect(roll("missing", "sum")).toBe("");
    expect(roll("cost", "no_such_aggregation")).toBe("");
    expect(rollupText(campaign(["a"]), { rel: schemaWith("cost").rel, roll: { name: "Rolled", type: "rollup" } } as never, "roll", lookup)).toBe("");
  });

  it("formats numbers as Notion's number formats do", () => {
    expect(formatNotionNumber(1234.5, "number")).toBe("1234.5");
    expect(formatNotionNumber(1234.5, "number_with_commas")).toBe("1,234.5");
    expect(formatNotionNumber(0.125, "percent")).toBe("12.5%");
    expect(formatNotionNumber(3, "euro")).toBe("€3.00");
  });
});
