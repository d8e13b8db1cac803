import type { z } from "zod";
import type { NotionGateway } from "@/notion/notion-gateway";
import { notionPageUrlInput, safeInspectPublicPage } from "./safe-get-notion-page-state";

/** docs/product.md §7 isNotionPagePublic: true when the page is readable by anyone (docs/contracts.md §6). */
export async function isNotionPagePublic(gateway: NotionGateway, input: z.input<typeof notionPageUrlInput>): Promise<{ isPublic: boolean }> {
  const { state } = await safeInspectPublicPage(gateway, notionPageUrlInput.parse(input).notionPageUrl);
  return { isPublic: state === "valid" };
}
