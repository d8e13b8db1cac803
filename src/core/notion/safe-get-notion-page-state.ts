import { z } from "zod";
import { AppError, GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { reportError } from "@/integrations/error-reporting";
import type { NotionPageInspection } from "@/lib/notion-page-rules";
import { inspectNotionPage } from "@/notion/inspect-page";
import type { NotionGateway } from "@/notion/notion-gateway";

export const notionPageUrlInput = z.object({ notionPageUrl: z.string().trim().min(1).max(2048) }).strict();

/**
 * Page inspection for the create-site form (docs/product.md §7): valid / invalid_url / private never throw; anything else is
 * reported and becomes 'Something went wrong, please try again' (docs/product.md §5).
 */
export async function safeGetNotionPageState(gateway: NotionGateway, input: z.input<typeof notionPageUrlInput>): Promise<NotionPageInspection> {
  const { notionPageUrl } = notionPageUrlInput.parse(input);
  try {
    return await inspectNotionPage(gateway, notionPageUrl);
  } catch (err) {
    reportError(err, { operation: "safeGetNotionPageState", notionPageUrl });
    throw new AppError("UPSTREAM", GENERIC_ERROR_MESSAGE, { cause: err });
  }
}
