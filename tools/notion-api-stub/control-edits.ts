import crypto from "node:crypto";
import { dashed } from "../shared/notion-ids";
import { withBody, type ControlHandler } from "./control-handler";
import { announcePropertiesEdit, createPage, editPageProperties, editTime, emit, pageOf, setRichText, touch, webhookParent } from "./edits";
import { controlBodies } from "./schemas";
import { visibleToAnyone } from "./state";
import type { Json } from "./workspace";

/** Control routes that edit the workspace as a person in Notion would, so tests can watch the change arrive. */

const editBlock = withBody(controlBodies.editBlock, (stub, b, reply) => {
  const block = stub.ws.blocks.get(dashed(b.blockId));
  if (!block || block.type === "child_page" || block.type === "child_database") return reply(404, { message: "No such content block" });
  setRichText(block, b.text);
  const at = editTime(stub);
  const pageId = pageOf(stub, String(block.id));
  touch(stub, [String(block.id), pageId], at);
  if (pageId) {
    emit(stub, "page.content_updated", { id: pageId, type: "page" }, { parent: webhookParent(stub, pageId), updated_blocks: [{ id: block.id, type: "block" }] }, at);
  }
  reply(200, { ok: true, pageId, last_edited_time: at });
});

const editPage = withBody(controlBodies.editPage, (stub, b, reply) => {
  const page = stub.ws.pages.get(dashed(b.pageId));
  if (!page) return reply(404, { message: "No such page" });
  const changed = editPageProperties(stub, page, b.title, b.properties ?? undefined);
  reply(200, { ok: true, last_edited_time: announcePropertiesEdit(stub, page, changed) });
});

const addProperty = withBody(controlBodies.addProperty, (stub, b, reply) => {
  const source = stub.ws.dataSources.get(dashed(b.dataSourceId));
  if (!source) return reply(404, { message: "No such data source" });
  const props = source.properties as Record<string, Json>;
  if (props[b.name]) return reply(409, { message: "A property with this name exists" });
  props[b.name] = { id: crypto.randomBytes(3).toString("hex"), name: b.name, type: b.type, [b.type]: b.type === "number" ? { format: "number" } : {} };
  reply(200, { ok: true });
});

const putBlock = withBody(controlBodies.putBlock, (stub, b, reply) => {
  const { ws } = stub;
  const parentId = dashed(b.parentId);
  if (!ws.blocks.has(parentId)) return reply(404, { message: "No such parent block" });
  const id = dashed(b.block.id);
  const siblings = (ws.children.get(parentId) ?? []).filter((c) => c !== id);
  siblings.splice(b.index ?? siblings.length, 0, id);
  ws.children.set(parentId, siblings);
  ws.blocks.set(id, b.block as Json);
  ws.parentOf.set(id, parentId);
  const parent = ws.blocks.get(parentId)!;
  if (parent.has_children === false) parent.has_children = true;
  touch(stub, [parentId], editTime(stub));
  reply(200, { ok: true });
});

const deletePage = withBody(controlBodies.deletePage, (stub, b, reply) => {
  const id = dashed(b.pageId);
  const page = stub.ws.pages.get(id);
  if (!page) return reply(404, { message: "No such page" });
  const at = editTime(stub);
  const parent = webhookParent(stub, id);
  const wasVisible = visibleToAnyone(stub, id);
  page.in_trash = true;
  page.archived = true;
  touch(stub, [id], at);
  if (wasVisible) emit(stub, "page.deleted", { id, type: "page" }, { parent }, at);
  reply(200, { ok: true });
});

export const editRoutes: Record<string, ControlHandler> = {
  "edit-block": editBlock,
  "edit-page": editPage,
  "create-page": withBody(controlBodies.createPage, (stub, b, reply) => reply(200, { ok: true, pageId: createPage(stub, dashed(b.parentId), b.title, b.text) })),
  "add-property": addProperty,
  "put-block": putBlock,
  "delete-page": deletePage,
};
