import type { DataSourceObjectResponse } from "@notionhq/client";
import { describe, expect, it } from "vitest";
import { collectionViewRecord } from "@/notion/official/convert";

/**
 * A view read through the official API keeps its sorts and its filter: a webhook's refresh patches an edited row
 * into the query results only when no view filters them (issue 22).
 */
const source = {
  properties: { Name: { id: "title", name: "Name", type: "title" }, Date: { id: "d%3Ab", name: "Date", type: "date" }, Published: { id: "p%3Ax", name: "Published", type: "checkbox" } },
} as unknown as DataSourceObjectResponse;
const view = { id: "v1", name: "All", type: "table" as const, configuration: null, sorts: [{ property: "Date", direction: "descending" as const }] };

describe("a database view read through the official API", () => {
  it("keeps its filter next to its sorts", () => {
    const filter = { property: "Published", checkbox: { equals: true } };
    const record = collectionViewRecord({ ...view, filter } as never, source, "db", undefined) as { query2?: { filter?: unknown; sort?: { direction: string }[] } };
    expect(record.query2?.filter).toEqual(filter);
    expect(record.query2?.sort).toEqual([expect.objectContaining({ direction: "descending" })]);
  });

  it("has no filter when the view has none", () => {
    const record = collectionViewRecord({ ...view, filter: null } as never, source, "db", undefined) as { query2?: Record<string, unknown> };
    expect(record.query2).not.toHaveProperty("filter");
  });
});
