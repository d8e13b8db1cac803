import type { OfficialClient } from "./client";
import { notionCall, OfficialNotionError } from "./errors";

/**
 * The database a data source belongs to, when `id` is the id of a data source the connection can read; null when
 * it is not one (or not readable). Since API version 2025-09-03 a database holds data sources with ids of their
 * own, and an address an owner copies or a tool hands over may name the data source: the site's root is the
 * database (what blocks, views and the page check read), so such an address is read as its database's.
 */
export async function databaseOfDataSource(client: OfficialClient, id: string): Promise<string | null> {
  try {
    const source = await notionCall(() => client.dataSources.retrieve({ data_source_id: id }));
    const parent = (source as { parent?: { type?: string; database_id?: string } }).parent;
    return parent?.type === "database_id" && parent.database_id ? parent.database_id : null;
  } catch (err) {
    // Not a data source, or not one shared with the connection: the caller's own answer stands.
    if (err instanceof OfficialNotionError && (err.failure === "not_shared" || err.failure === "rejected" || err.failure === "restricted")) return null;
    throw err;
  }
}
