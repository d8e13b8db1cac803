import { aiMethods } from "./site-methods/ai";
import { audienceMethods } from "./site-methods/audience";
import { auditLogMethods } from "./site-methods/audit-log";
import { apiKeyMethods } from "./site-methods/api-keys";
import { webhookMethods } from "./site-methods/webhooks";
import { commentMethods } from "./site-methods/comments";
import { newsletterMethods } from "./site-methods/newsletters";
import { connectionsMethods } from "./site-methods/connections";
import { contentMethods } from "./site-methods/content";
import { membersMethods } from "./site-methods/members";
import { roadmapMethods } from "./site-methods/roadmap";
import { settingsMethods } from "./site-methods/settings";
import { languageMethods } from "./site-methods/languages";

/**
 * The site RPC (`POST /api/site`, docs/product.md §7). Every method: a declared role (checked by handle-request.ts
 * before it runs), zod params, one core operation. One file a domain under src/rpc/site-methods/; this table is what
 * /api/site serves and the RPC docs and the role table (docs/roles.md) list.
 */
export const siteMethods = {
  ...contentMethods,
  ...connectionsMethods,
  ...settingsMethods,
  ...roadmapMethods,
  ...audienceMethods,
  ...aiMethods,
  ...membersMethods,
  ...auditLogMethods,
  ...apiKeyMethods,
  ...webhookMethods,
  ...commentMethods,
  ...languageMethods,
  ...newsletterMethods,
};
