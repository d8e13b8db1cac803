import { freshFileUrl } from "@/notion/official/file-url";
import { getConnection, officialClientOf } from "./connection-client";
import type { NotionConnectionDeps } from "./connection-deps";

/**
 * A connected site's file, signed just now: its URL expires within the hour, so the record map keeps only a stable
 * reference and the image route asks the block again each time it has no cached copy. The signed URL is used once
 * and never stored.
 */
export async function freshConnectedFileUrl(deps: NotionConnectionDeps, connectionId: string, blockId: string, src: string): Promise<string> {
  const connection = await getConnection(deps, connectionId);
  return (await freshFileUrl(officialClientOf(deps, connection), blockId, src)).url;
}
