import { parseArgs } from "node:util";
import { createAiStub } from "./server";

// npm run ai-stub -- --port 4020 [--api-key KEY]
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4020" },
    host: { type: "string", default: "127.0.0.1" },
    "api-key": { type: "string" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(1);
}
const stub = await createAiStub({ port, host: values.host, apiKey: values["api-key"] });
console.log(`AI stand-in on ${stub.url} (AI_BASE_URL=${stub.baseUrl})`);
const stop = () => void stub.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
