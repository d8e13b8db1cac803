import { parseArgs } from "node:util";
import { createPaddleStub } from "./server";

// npm run paddle-stub -- --port 4020 --api-key K --webhook-secret S --webhook-url http://localhost:3000/api/webhooks/paddle
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4020" },
    host: { type: "string", default: "127.0.0.1" },
    "api-key": { type: "string", default: "stub-paddle-api-key" },
    "webhook-secret": { type: "string", default: "stub-paddle-webhook-secret" },
    "webhook-url": { type: "string", default: "http://localhost:3000/api/webhooks/paddle" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(1);
}
const stub = await createPaddleStub({ port, host: values.host, apiKey: values["api-key"]!, webhookSecret: values["webhook-secret"]!, webhookUrl: values["webhook-url"] });
console.log(`Paddle stand-in on ${stub.url} (PADDLE_API_BASE=${stub.url}); webhooks go to ${values["webhook-url"]}`);
const stop = () => void stub.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
