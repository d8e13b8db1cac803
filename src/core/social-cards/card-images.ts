import type { Db } from "@/db/client";
import type { FileStorage } from "@/integrations/storage";
import type { NotionGateway } from "@/notion/notion-gateway";
import { getSiteImage } from "@/notion/images/site-image";
import type { SiteSnapshot } from "@/notion/site-content";
import { freshConnectedFileUrl } from "@/core/notion-connections/fresh-connected-file-url";
import type { NotionConnectionDeps } from "@/core/notion-connections/connection-deps";
import { getUploadedFile } from "@/core/sites/get-uploaded-file";
import type { CardImages } from "./get-social-card";

export type CardImageDeps = { db: Db; storage: FileStorage; gateway: NotionGateway; extraOrigins: readonly string[]; notionConnections: NotionConnectionDeps };

/**
 * Where a site's card pictures come from: its covers and icons through the site's image cache (the files readers'
 * pages show; a connected site's re-signed through its connection), its logo from the owner's uploads.
 */
export function cardImagesOf(deps: CardImageDeps, site: { notionConnectionId: string | null }, snapshot: Pick<SiteSnapshot, "siteId" | "pages">): CardImages {
  const connectionId = site.notionConnectionId;
  return {
    pageImage: (blockId, src) =>
      getSiteImage(
        {
          gateway: deps.gateway,
          storage: deps.storage,
          extraOrigins: deps.extraOrigins,
          freshFileUrl: connectionId ? (id, file) => freshConnectedFileUrl(deps.notionConnections, connectionId, id, file) : undefined,
        },
        snapshot,
        { blockId, src, width: 1200 },
      ),
    logo: (fileId) => getUploadedFile({ db: deps.db, storage: deps.storage }, fileId),
  };
}
