import { getTextContent } from "notion-utils";
import { createNotionApiStub } from "./tools/notion-api-stub/server";
import { createNotionStub } from "./tools/notion-stub/server";
import { createOfficialClient } from "./src/notion/official/client";
import { fetchOfficialPage } from "./src/notion/official/fetch-page";
import { fetchWholePage } from "./src/notion/fetch-page";
import { NotionGateway } from "./src/notion/notion-gateway";
import { blockOf } from "./src/notion/record-map";
const dir = "tools/notion-stub/workspace";
const api = await createNotionApiStub({ dataDir: dir });
const priv = await createNotionStub({ dataDir: dir });
const client = createOfficialClient({ token: api.internalSecret, baseUrl: api.baseUrl });
const gw = new NotionGateway({ apiBaseUrl: priv.apiBaseUrl });
const summary = (rm: any) => Object.keys(rm.block).map((id) => { const b = blockOf(rm, id) as any; return b ? `${id} ${b.type} ${JSON.stringify(getTextContent(b.properties?.title ?? []))}` : `${id} -`; }).sort();
for (const [key, id] of Object.entries(api.workspace().roots)) {
  const t0 = Date.now();
  const a = await fetchOfficialPage(client, id);
  const b = await fetchWholePage(gw, id);
  const sa = summary(a), sb = summary(b);
  const onlyA = sa.filter((x) => !sb.includes(x)), onlyB = sb.filter((x) => !sa.includes(x));
  console.log(key, Date.now() - t0, "ms", sa.length, sb.length, "onlyOfficial", onlyA.slice(0, 4), "onlyPrivate", onlyB.slice(0, 4));
  console.log("  coll", Object.keys(a.collection).join(), "|", Object.keys(b.collection).join(), " views", Object.keys(a.collection_view).join(), "|", Object.keys(b.collection_view).join(), "users", Object.keys(a.notion_user).length, Object.keys(b.notion_user).length);
  console.log("  query", JSON.stringify(a.collection_query).slice(0, 150), "\n       ", JSON.stringify(b.collection_query).slice(0, 150));
}
await api.close(); await priv.close();
