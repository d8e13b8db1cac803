import path from "node:path";
import { parseArgs } from "node:util";
import { createNotionApiStub } from "./server";

// npm run notion-api-stub -- --port 4030 [--data DIR] [--webhook-url URL] [--client-id ID --client-secret SECRET] [--secret ntn_…]
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4030" },
    host: { type: "string", default: "127.0.0.1" },
    data: { type: "string", default: path.resolve(import.meta.dirname, "../notion-stub/workspace") },
    "webhook-url": { type: "string" },
    "client-id": { type: "string" },
    "client-secret": { type: "string" },
    secret: { type: "string" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(1);
}
if (values["webhook-url"] && !URL.canParse(values["webhook-url"])) {
  console.error(`--webhook-url must be a URL, got ${values["webhook-url"]}`);
  process.exit(1);
}
const stub = await createNotionApiStub({
  dataDir: values.data!,
  port,
  host: values.host,
  webhookUrl: values["webhook-url"] ?? null,
  clientId: values["client-id"],
  clientSecret: values["client-secret"],
  internalSecret: values.secret,
});
console.log(`Notion official-API stand-in on ${stub.url} (SDK baseUrl), data from ${path.resolve(values.data!)}`);
console.log(`  internal integration secret: ${stub.internalSecret}`);
console.log(`  OAuth client: ${stub.clientId} / ${stub.clientSecret}; authorize at ${stub.url}/v1/oauth/authorize`);
if (values["webhook-url"]) console.log(`  webhooks to ${values["webhook-url"]}, verification_token ${stub.verificationToken}`);
const stop = () => void stub.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
