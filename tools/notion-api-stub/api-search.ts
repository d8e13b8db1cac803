import { dashed } from "../shared/notion-ids";
import type { ApiHandler } from "./api-request";
import { invalid, notFound } from "./errors";
import { canRead, paginate } from "./state";
import { plain, titleOfPage } from "./values";
import type { Json } from "./workspace";

/** `search` (by title, over what the token can read) and the two user endpoints. */

const search: ApiHandler = (stub, { token, body }) => {
  const text = String(body.query ?? "").toLowerCase();
  const filter = body.filter as { property?: string; value?: string } | undefined;
  if (filter && (filter.property !== "object" || !["page", "data_source"].includes(String(filter.value)))) {
    throw invalid('body.filter.value should be "page" or "data_source".');
  }
  const found: Json[] = [];
  if (!filter || filter.value === "page") {
    for (const page of stub.ws.pages.values()) {
      if (canRead(stub, token, String(page.id)) && titleOfPage(page).toLowerCase().includes(text)) found.push(page);
    }
  }
  if (!filter || filter.value === "data_source") {
    for (const source of stub.ws.dataSources.values()) {
      if (canRead(stub, token, String(source.id)) && plain(source.title).toLowerCase().includes(text)) found.push(source);
    }
  }
  const direction = (body.sort as { direction?: string } | undefined)?.direction === "ascending" ? 1 : -1;
  found.sort((a, b) => direction * String(a.last_edited_time).localeCompare(String(b.last_edited_time)) || String(a.id).localeCompare(String(b.id)));
  return { object: "list", ...paginate(found.map((f) => ({ id: String(f.id), value: f })), body), type: "page_or_data_source", page_or_data_source: {} };
};

const userRetrieve: ApiHandler = (stub, { params }) => {
  const user = stub.ws.users.get(dashed(params[0]!));
  if (!user) throw notFound(dashed(params[0]!));
  return user;
};

const me: ApiHandler = (stub, { token }) => ({
  object: "user",
  id: token.botId,
  name: "Pagewright (stand-in)",
  avatar_url: null,
  type: "bot",
  bot: { owner: { type: "workspace", workspace: true }, workspace_name: stub.ws.workspaceName },
});

export const searchHandlers = { search, "users.retrieve": userRetrieve, "users.me": me };
