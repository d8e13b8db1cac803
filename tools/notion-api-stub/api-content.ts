import { dashed } from "../shared/notion-ids";
import type { ApiHandler } from "./api-request";
import { invalid, notFound } from "./errors";
import { matches, rowsOf, sortRows } from "./queries";
import { canRead, paginate, readable } from "./state";
import type { Json } from "./workspace";

/** Blocks and their children, databases, data sources (and their queries) and views. */

const childrenList: ApiHandler = (stub, { token, params, query }) => {
  const { ws } = stub;
  const id = dashed(params[0]!);
  readable(stub, token, ws.blocks, id);
  const ids = ws.children.get(id) ?? [];
  const items = ids.filter((c) => ws.blocks.has(c) && ws.pages.get(c)?.in_trash !== true).map((c) => ({ id: c, value: ws.blocks.get(c)! }));
  return { object: "list", ...paginate(items, query), type: "block", block: {} };
};

const dataSourceQuery: ApiHandler = (stub, { token, params, body }) => {
  const id = dashed(params[0]!);
  const source = readable(stub, token, stub.ws.dataSources, id);
  const rows = rowsOf(stub, id).filter((p) => canRead(stub, token, String(p.id)));
  const filtered = body.filter ? rows.filter((row) => matches(row, body.filter as Json)) : rows;
  const sorted = sortRows(filtered, (body.sorts as Json[] | undefined) ?? [], source);
  return { object: "list", ...paginate(sorted.map((p) => ({ id: String(p.id), value: p })), body), type: "page_or_data_source", page_or_data_source: {} };
};

const viewsList: ApiHandler = (stub, { token, query }) => {
  const databaseId = query.get("database_id");
  const dataSourceId = query.get("data_source_id");
  if (!databaseId && !dataSourceId) throw invalid("One of database_id or data_source_id is required.");
  if (databaseId) readable(stub, token, stub.ws.databases, databaseId);
  if (dataSourceId) readable(stub, token, stub.ws.dataSources, dataSourceId);
  const views = [...stub.ws.views.values()].filter(
    (v) =>
      (!databaseId || (v.parent as { database_id: string }).database_id === dashed(databaseId)) &&
      (!dataSourceId || v.data_source_id === dashed(dataSourceId)),
  );
  return { object: "list", ...paginate(views.map((v) => ({ id: String(v.id), value: { object: "view", id: v.id } })), query), type: "view", view: {} };
};

const viewRetrieve: ApiHandler = (stub, { token, params }) => {
  const view = stub.ws.views.get(dashed(params[0]!));
  if (!view || !canRead(stub, token, (view.parent as { database_id: string }).database_id)) throw notFound(dashed(params[0]!));
  return view;
};

export const contentHandlers = {
  "blocks.retrieve": ((stub, { token, params }) => readable(stub, token, stub.ws.blocks, params[0]!)) as ApiHandler,
  "blocks.children.list": childrenList,
  "databases.retrieve": ((stub, { token, params }) => readable(stub, token, stub.ws.databases, params[0]!)) as ApiHandler,
  "dataSources.retrieve": ((stub, { token, params }) => readable(stub, token, stub.ws.dataSources, params[0]!)) as ApiHandler,
  "dataSources.query": dataSourceQuery,
  "views.list": viewsList,
  "views.retrieve": viewRetrieve,
};
