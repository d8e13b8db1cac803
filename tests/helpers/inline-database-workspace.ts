import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { WORKSPACE } from "./sites";

/**
 * A copy of the demo workspace in which one full-page database of `file` (e.g. the blog) sits inline instead
 * (`collection_view`, the official API's `is_inline: true`): the same database, schema, views and rows, as an owner
 * has it when the database lives on a page. The stand-ins serve it from the returned directory.
 */
export function inlineDatabaseWorkspace(file: string, databaseId: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inline-ws-"));
  fs.cpSync(WORKSPACE, dir, { recursive: true });
  const target = path.join(dir, file);
  const recordMap = JSON.parse(fs.readFileSync(target, "utf8")) as { block: Record<string, { value: { value?: { type?: string }; type?: string } }> };
  const box = recordMap.block[databaseId]?.value;
  const record = box?.value ?? box;
  if (record?.type !== "collection_view_page") throw new Error(`${databaseId} is not a full-page database in ${file}`);
  record.type = "collection_view";
  fs.writeFileSync(target, JSON.stringify(recordMap));
  return dir;
}
