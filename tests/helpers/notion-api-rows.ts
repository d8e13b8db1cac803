import type { NotionApiStub } from "../../tools/notion-api-stub/server";
import type { Json } from "../../tools/notion-api-stub/workspace";

/** Reading what the official-API stand-in holds now, as pages.retrieve would serve it back (roadmap write tests). */

/** The first data source of a database (where its rows live). */
export const dataSourceOf = (api: NotionApiStub, databaseId: string) =>
  String(((api.workspace().databases.get(databaseId)!.data_sources as { id: string }[])[0]!).id);

/** A page's property value (`number`, `status`…), or undefined when the page has no such property. */
export const propertyOf = (api: NotionApiStub, pageId: string, name: string) => {
  const prop = (api.workspace().pages.get(pageId)?.properties as Record<string, Json> | undefined)?.[name];
  return prop ? prop[String(prop.type)] : undefined;
};

/** The row of a database titled so, if any. */
export const rowTitled = (api: NotionApiStub, databaseId: string, title: string) =>
  [...api.workspace().pages.values()].find(
    (p) => (p.parent as { data_source_id?: string }).data_source_id === dataSourceOf(api, databaseId) && JSON.stringify(p.properties).includes(`"plain_text":"${title}"`),
  );
