import path from "node:path";
import { parseArgs } from "node:util";
import { createNotionStub, rateLimitSchema } from "./server";

// npm run notion-stub -- --port 4010 --data DIR [--requests-per-second 3 [--cooldown-seconds 60]]
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4010" },
    data: { type: "string", default: path.resolve(import.meta.dirname, "workspace") },
    host: { type: "string", default: "127.0.0.1" },
    "requests-per-second": { type: "string" },
    "cooldown-seconds": { type: "string" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(1);
}
const rateLimit = rateLimitSchema.safeParse({
  requestsPerSecond: values["requests-per-second"] === undefined ? null : Number(values["requests-per-second"]),
  cooldownSeconds: values["cooldown-seconds"] === undefined ? undefined : Number(values["cooldown-seconds"]),
});
if (!rateLimit.success) {
  console.error(`--requests-per-second must be a whole number ≥ 1 and --cooldown-seconds 0–3600: ${rateLimit.error.issues.map((i) => i.message).join("; ")}`);
  process.exit(1);
}
const stub = await createNotionStub({ dataDir: values.data!, port, host: values.host, rateLimit: rateLimit.data });
console.log(`Notion stand-in on ${stub.url} (NOTION_API_BASE=${stub.apiBaseUrl}), data from ${path.resolve(values.data!)}${rateLimit.data.requestsPerSecond ? `, at most ${rateLimit.data.requestsPerSecond} requests/s` : ""}`);
const stop = () => void stub.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
