import type http from "node:http";
import { readControlBody, sendJson } from "../shared/http";
import { invalidInput, MAX_BODY } from "./http";
import { faultSchema, rateLimitSchema, recordsSchema, touchSchema } from "./schemas";
import { resetState, touch, type StubState } from "./state";
import { addRecordMap } from "./store";

/** The control API under `/__stub/`: call counts, rate stats, faults, edits, rate limit, added records, reset. */

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) => error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");

type Reply = (status: number, body: unknown) => void;

const POST_ROUTES: Record<string, (stub: StubState, body: unknown, reply: Reply) => void> = {
  faults: (stub, body, reply) => {
    const parsed = faultSchema.safeParse(body);
    if (!parsed.success) return reply(400, { message: issuesOf(parsed.error) });
    stub.faults.push({ ...parsed.data, remaining: parsed.data.times ?? Number.POSITIVE_INFINITY });
    reply(200, { ok: true, queued: stub.faults.length });
  },
  touch: (stub, body, reply) => {
    const parsed = touchSchema.safeParse(body);
    if (!parsed.success) return reply(400, invalidInput);
    if (touch(stub, parsed.data.pageId, parsed.data.title, parsed.data.properties)) reply(200, { ok: true });
    else reply(404, { message: "No such page" });
  },
  "rate-limit": (stub, body, reply) => {
    const parsed = rateLimitSchema.safeParse(body);
    if (!parsed.success) return reply(400, { message: issuesOf(parsed.error) });
    stub.rate.set(parsed.data);
    reply(200, { ok: true });
  },
  records: (stub, body, reply) => {
    const parsed = recordsSchema.safeParse(body);
    if (!parsed.success) return reply(400, invalidInput);
    for (const recordMap of parsed.data.recordMaps) addRecordMap(stub.store, recordMap);
    reply(200, { ok: true, blocks: stub.store.records.block.size });
  },
  reset: (stub, _body, reply) => {
    resetState(stub);
    reply(200, { ok: true });
  },
};

export async function handleControl(stub: StubState, route: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const reply: Reply = (status, body) => sendJson(res, status, body);
  if (route === "calls" && req.method === "GET") return reply(200, stub.calls);
  if (route === "rate" && req.method === "GET") return reply(200, stub.rate.stats());
  if (req.method !== "POST") return reply(405, { message: "Method not allowed" });
  const read = await readControlBody(req, MAX_BODY);
  if (!read.ok) return reply(400, invalidInput);
  const { body } = read;
  const handler = Object.hasOwn(POST_ROUTES, route) ? POST_ROUTES[route] : undefined;
  if (!handler) return reply(404, { message: "Unknown control route" });
  handler(stub, body, reply);
}
