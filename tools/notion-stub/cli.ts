import path from "node:path";
import { parseArgs } from "node:util";
import { createNotionStub } from "./server";

// npm run notion-stub -- --port 4010 --data DIR
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4010" },
    data: { type: "string", default: path.resolve(import.meta.dirname, "workspace") },
    host: { type: "string", default: "127.0.0.1" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(1);
}
const stub = await createNotionStub({ dataDir: values.data!, port, host: values.host });
console.log(`Notion stand-in on ${stub.url} (NOTION_API_BASE=${stub.apiBaseUrl}), data from ${path.resolve(values.data!)}`);
const stop = () => void stub.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
