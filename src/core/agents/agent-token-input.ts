import { z } from "zod";

/** Params shared by the agent-token methods. */
export const siteIdField = z.string().min(1).max(64);
export const agentTokenIdInput = z.object({ siteId: siteIdField, tokenId: z.string().min(1).max(64) }).strict();
