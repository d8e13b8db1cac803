import type { OfficialClient } from "@/notion/official/client";
import { notionCall } from "@/notion/official/errors";
import { resolveField, type PropertyMap } from "@/lib/database-fields";

/** A roadmap database as the official API shows it: where new rows go, its properties by name, and its title and status properties. */
export type RoadmapDataSource = {
  dataSourceId: string;
  properties: Record<string, { type: string; options: string[] }>;
  titleProperty: string;
  /** The property the board's columns come from (as the page model picks it), or null. */
  statusProperty: string | null;
};

/**
 * The site's roadmap database through the connection: the site's Notion page is the database itself (its first data
 * source, as the page model reads it) or a page holding it (the data source the snapshot's collection names).
 */
export async function roadmapDataSource(client: OfficialClient, site: { notionPageId: string }, collectionId: string | null, propertyMap: PropertyMap): Promise<RoadmapDataSource> {
  let dataSourceId = collectionId;
  if (!dataSourceId) {
    const database = await notionCall(() => client.databases.retrieve({ database_id: site.notionPageId }));
    dataSourceId = "data_sources" in database ? (database.data_sources[0]?.id ?? null) : null;
  }
  if (!dataSourceId) throw new Error("The roadmap's Notion database has no data source");
  const id = dataSourceId;
  const source = await notionCall(() => client.dataSources.retrieve({ data_source_id: id }));
  const raw = ("properties" in source ? source.properties : {}) as Record<string, { type: string; name?: string; status?: { options?: { name: string }[] }; select?: { options?: { name: string }[] } }>;
  const properties = Object.fromEntries(
    Object.entries(raw).map(([name, p]) => [name, { type: p.type, options: (p.status?.options ?? p.select?.options ?? []).map((o) => o.name) }]),
  );
  const titleProperty = Object.entries(properties).find(([, p]) => p.type === "title")?.[0] ?? "Name";
  // The same rule the page model uses to pick the status property (names and aliases, or the owner's mapping).
  const listed = Object.entries(properties).map(([name, p]) => ({ key: name, name, type: p.type === "rich_text" ? "text" : p.type }));
  const status = resolveField("status", listed, propertyMap) as { key: string } | null | undefined;
  return { dataSourceId: id, properties, titleProperty, statusProperty: status?.key ?? null };
}
