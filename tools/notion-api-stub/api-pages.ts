import { dashed } from "../shared/notion-ids";
import type { ApiHandler } from "./api-request";
import { invalid, notFound } from "./errors";
import { announcePropertiesEdit, createPage, editPageProperties, propertyInputs } from "./edits";
import { canRead, readable } from "./state";
import { plainInput, titlePropertyName } from "./values";
import type { Json } from "./workspace";

/** `pages.retrieve`, `pages.update`, `pages.create`. */

const retrieve: ApiHandler = (stub, { token, params }) => {
  const id = dashed(params[0]!);
  if (stub.ws.databases.has(id) && canRead(stub, token, id)) {
    throw invalid(`Provided ID ${id} is a database, not a page. Use the retrieve database API instead, \`/v1/databases/${id}\`.`);
  }
  return readable(stub, token, stub.ws.pages, id);
};

const update: ApiHandler = (stub, { token, params, body }) => {
  const page = readable(stub, token, stub.ws.pages, params[0]!);
  if (page.in_trash === true) throw invalid("Can't edit block that is archived. You must unarchive the block before editing.");
  const changed = editPageProperties(stub, page, undefined, propertyInputs(stub, page, body.properties));
  announcePropertiesEdit(stub, page, changed);
  return page;
};

/** The id of the page or data source a new page goes under (a database stands for its first data source). */
function parentOfNewPage(stub: Parameters<ApiHandler>[0], token: Parameters<ApiHandler>[1]["token"], body: Json): string {
  const parent = (body.parent ?? {}) as { data_source_id?: string; database_id?: string; page_id?: string };
  let parentId = parent.data_source_id ?? parent.page_id;
  if (!parentId && parent.database_id) {
    const database = readable(stub, token, stub.ws.databases, parent.database_id);
    parentId = (database.data_sources as { id: string }[] | undefined)?.[0]?.id;
  }
  if (!parentId) throw invalid("body.parent should be defined: one of data_source_id, database_id or page_id.");
  parentId = dashed(parentId);
  if (!canRead(stub, token, parentId)) throw notFound(parentId);
  return parentId;
}

const create: ApiHandler = (stub, { token, body }) => {
  const parentId = parentOfNewPage(stub, token, body);
  const titleName = titlePropertyName(stub.ws.dataSources.get(parentId));
  const given = (body.properties ?? {}) as Record<string, Json>;
  const title = plainInput(given[titleName]?.title ?? given.title?.title);
  const texts = ((body.children ?? []) as Json[]).map((block) => {
    if (block.type !== undefined && block.type !== "paragraph") throw invalid("This stand-in creates paragraph children only.");
    return plainInput((block.paragraph as Json | undefined)?.rich_text);
  });
  const id = createPage(stub, parentId, title, texts);
  const page = stub.ws.pages.get(id)!;
  const rest = Object.fromEntries(Object.entries(given).filter(([name]) => name !== titleName && name !== "title"));
  if (Object.keys(rest).length) editPageProperties(stub, page, undefined, propertyInputs(stub, page, rest));
  return page;
};

export const pageHandlers = { "pages.retrieve": retrieve, "pages.update": update, "pages.create": create };
