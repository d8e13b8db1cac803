import { parseArgs } from "node:util";
import { createPlunkStub } from "./server";

// npm run plunk-stub -- --port 4020 [--key sk_…]
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4020" },
    host: { type: "string", default: "127.0.0.1" },
    key: { type: "string" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(1);
}
const stub = await createPlunkStub({ port, host: values.host, apiKey: values.key });
console.log(`Plunk stand-in on ${stub.url} (PLUNK_API_BASE=${stub.url} PLUNK_API_KEY=${stub.apiKey}); sent mail at ${stub.url}/__stub/requests`);
const stop = () => void stub.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
