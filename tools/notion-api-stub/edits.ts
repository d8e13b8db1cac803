import crypto from "node:crypto";
import { invalid, notFound } from "./errors";
import { API_VERSION } from "./schemas";
import { editor, now, visibleToAnyone, type StubState } from "./state";
import { plainInput, textItem, titlePropertyName } from "./values";
import type { WebhookEvent } from "./webhooks";
import type { Json } from "./workspace";

/** Changes to the workspace (through the API or the control routes), each stamped and announced by webhook. */

/** The page a block belongs to (the nearest page above it, or itself). */
export function pageOf(stub: StubState, id: string): string | null {
  let current: string | null | undefined = id;
  for (let depth = 0; current && depth < 64; depth++) {
    if (stub.ws.pages.has(current)) return current;
    current = stub.ws.parentOf.get(current);
  }
  return null;
}

export function editTime(stub: StubState): string {
  stub.editClock = Math.max(now(stub), stub.editClock + 1);
  return new Date(stub.editClock).toISOString();
}

export function touch(stub: StubState, ids: (string | null)[], at: string): void {
  for (const id of ids) {
    if (!id) continue;
    for (const map of [stub.ws.blocks, stub.ws.pages]) {
      const obj = map.get(id);
      if (obj) {
        obj.last_edited_time = at;
        obj.last_edited_by = { object: "user", id: editor(stub) };
      }
    }
  }
}

export function webhookParent(stub: StubState, pageId: string): Json {
  const parent = stub.ws.pages.get(pageId)?.parent as Json | undefined;
  if (!parent || parent.type === "workspace") return { id: stub.ws.workspaceId, type: "space" };
  if (parent.type === "page_id") return { id: parent.page_id, type: "page" };
  if (parent.type === "data_source_id") return { id: parent.database_id, type: "database", data_source_id: parent.data_source_id };
  return { id: parent.block_id ?? parent.database_id, type: "block" };
}

export function emit(stub: StubState, type: string, entity: { id: string; type: string }, data: Json, at: string): void {
  // Events only about what some live connection can read (a subscription sees its connections' pages).
  if (!visibleToAnyone(stub, entity.id) && type !== "page.deleted") return;
  const event: WebhookEvent = {
    id: crypto.randomUUID(),
    timestamp: at,
    workspace_id: stub.ws.workspaceId,
    workspace_name: stub.ws.workspaceName,
    subscription_id: stub.webhooks.subscriptionId,
    integration_id: stub.integrationId,
    authors: [{ id: editor(stub), type: "person" }],
    attempt_number: 1,
    api_version: API_VERSION,
    type,
    entity,
    data,
  };
  stub.webhooks.emit(event);
}

export function setRichText(block: Json, text: string): void {
  const payload = block[String(block.type)] as Json | undefined;
  if (!payload || !Array.isArray(payload.rich_text)) throw invalid(`A ${String(block.type)} block has no text to edit.`);
  payload.rich_text = text ? [textItem(text)] : [];
}

/** A stored property value of this type from the simple form the control API and propertyInputs use. */
function storedValue(type: string, value: unknown, option: (name: string) => Json): unknown {
  if (type === "title" || type === "rich_text") return value ? [textItem(String(value))] : [];
  if (type === "checkbox") return Boolean(value);
  if (type === "select" || type === "status") return value ? option(String(value)) : null;
  if (type === "multi_select") return (Array.isArray(value) ? value : String(value ?? "").split(",")).filter(Boolean).map((x) => option(String(x).trim()));
  if (type === "date") return value ? { start: String(value), end: null, time_zone: null } : null;
  return value ?? null;
}

/** Sets the title and properties (by name, simple values); returns the ids of the properties changed. */
export function editPageProperties(stub: StubState, page: Json, title: string | undefined, properties: Record<string, unknown> | undefined): string[] {
  const props = page.properties as Record<string, Json>;
  const changed: string[] = [];
  const source = stub.ws.dataSources.get(String((page.parent as { data_source_id?: string }).data_source_id ?? ""));
  const set = (name: string, value: unknown) => {
    const prop = props[name];
    const schema = source ? ((source.properties as Record<string, Json>)[name] as Json | undefined) : undefined;
    const type = String(prop?.type ?? schema?.type ?? "");
    if (!type) throw invalid(`Could not find property with name: ${name}`);
    const id = String(prop?.id ?? schema?.id);
    const option = (v: string) => {
      const options = ((schema?.[type] as { options?: Json[] } | undefined)?.options ?? []) as Json[];
      const o = options.find((x) => x.name === v);
      return o ? { id: o.id, name: o.name, color: o.color } : { id: v, name: v, color: "default" };
    };
    props[name] = { id, type, [type]: storedValue(type, value, option) };
    changed.push(id);
  };
  if (title !== undefined) {
    const titleName = Object.entries(props).find(([, p]) => p.type === "title")?.[0] ?? "title";
    set(titleName, title);
    const block = stub.ws.blocks.get(String(page.id));
    if (block?.type === "child_page") block.child_page = { title };
  }
  for (const [name, value] of Object.entries(properties ?? {})) set(name, value);
  return changed;
}

/** After editPageProperties: stamps the page and sends `page.properties_updated`; returns the edit time. */
export function announcePropertiesEdit(stub: StubState, page: Json, changed: string[]): string {
  const at = editTime(stub);
  const id = String(page.id);
  touch(stub, [id], at);
  emit(stub, "page.properties_updated", { id, type: "page" }, { parent: webhookParent(stub, id), updated_properties: changed }, at);
  return at;
}

/** Property values as the API takes them (`{number: 3}`, `{status: {name}}`…) → what editPageProperties stores; types checked. */
export function propertyInputs(stub: StubState, page: Json, given: unknown): Record<string, unknown> {
  if (given === undefined) return {};
  if (!given || typeof given !== "object") throw invalid("body.properties should be an object.");
  const source = stub.ws.dataSources.get(String((page.parent as { data_source_id?: string }).data_source_id ?? ""));
  const schema = (source?.properties ?? page.properties ?? {}) as Record<string, Json>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given as Record<string, Json>)) {
    const type = String(schema[name]?.type ?? "");
    if (!type) throw invalid(`${name} is not a property that exists.`);
    if (!value || typeof value !== "object" || !(type in value)) throw invalid(`${name} is expected to be ${type}.`);
    const v = value[type] as unknown;
    if (type === "title" || type === "rich_text") out[name] = plainInput(v);
    else if (type === "number") {
      if (v !== null && typeof v !== "number") throw invalid(`body.properties.${name}.number should be a number or null.`);
      out[name] = v;
    } else if (type === "select" || type === "status") out[name] = (v as { name?: string } | null)?.name ?? null;
    else if (type === "multi_select") out[name] = ((v as { name: string }[] | null) ?? []).map((o) => o.name);
    else if (type === "checkbox") out[name] = Boolean(v);
    else if (type === "date") out[name] = (v as { start?: string } | null)?.start ?? null;
    else out[name] = v;
  }
  return out;
}

/** A new page (a row when the parent is a data source) with paragraphs of text; returns its id. */
export function createPage(stub: StubState, parentId: string, title: string, text: string | string[] | undefined): string {
  const { ws } = stub;
  const id = crypto.randomUUID();
  const at = editTime(stub);
  const source = ws.dataSources.get(parentId);
  const parentPage = ws.pages.get(parentId);
  if (!source && !parentPage) throw notFound(parentId);
  const parent = source
    ? { type: "data_source_id", data_source_id: parentId, database_id: (source.parent as { database_id: string }).database_id }
    : { type: "page_id", page_id: parentId };
  const stamp = { created_time: at, last_edited_time: at, created_by: { object: "user", id: editor(stub) }, last_edited_by: { object: "user", id: editor(stub) } };
  ws.pages.set(id, {
    object: "page",
    id,
    ...stamp,
    in_trash: false,
    archived: false,
    is_archived: false,
    is_locked: false,
    url: `https://www.notion.so/${id.replace(/-/g, "")}`,
    public_url: null,
    parent,
    properties: { [titlePropertyName(source)]: { id: "title", type: "title", title: [textItem(title)] } },
    icon: null,
    cover: null,
  });
  const childIds: string[] = [];
  for (const paragraph of (Array.isArray(text) ? text : [text]).filter((t): t is string => Boolean(t))) {
    const blockId = crypto.randomUUID();
    ws.blocks.set(blockId, { object: "block", id: blockId, parent: { type: "page_id", page_id: id }, ...stamp, has_children: false, archived: false, in_trash: false, type: "paragraph", paragraph: { rich_text: [textItem(paragraph)], color: "default" } });
    ws.parentOf.set(blockId, id);
    childIds.push(blockId);
  }
  ws.children.set(id, childIds);
  ws.blocks.set(id, { object: "block", id, parent, ...stamp, has_children: childIds.length > 0, archived: false, in_trash: false, type: "child_page", child_page: { title } });
  ws.parentOf.set(id, parentId);
  if (parentPage) {
    ws.children.set(parentId, [...(ws.children.get(parentId) ?? []), id]);
    touch(stub, [parentId], at);
  }
  emit(stub, "page.created", { id, type: "page" }, { parent: webhookParent(stub, id) }, at);
  if (source) {
    const databaseId = (source.parent as { database_id: string }).database_id;
    emit(stub, "data_source.content_updated", { id: parentId, type: "data_source" }, { parent: { id: databaseId, type: "database" }, updated_blocks: [{ id, type: "page" }] }, at);
  }
  return id;
}
