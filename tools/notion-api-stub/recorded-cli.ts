import path from "node:path";
import { parseArgs } from "node:util";
import { createRecordedNotionApiStub } from "./recorded";

// npm run notion-api-stub:recorded -- --port 4031 [--dir tests/fixtures/real/official]
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4031" },
    host: { type: "string", default: "127.0.0.1" },
    dir: { type: "string", default: path.resolve(import.meta.dirname, "../../tests/fixtures/real/official") },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(1);
}
const replay = await createRecordedNotionApiStub({ dir: values.dir!, port, host: values.host });
console.log(`Notion official-API replay on ${replay.url} (SDK baseUrl), recordings from ${path.resolve(values.dir!)}`);
for (const set of replay.sets) console.log(`  ${set.name}: internal integration secret ${replay.tokenOf(set.name)}`);
const stop = () => void replay.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
