import crypto from "node:crypto";
import type http from "node:http";
import { readControlBody, sendJson } from "../shared/http";
import { dashed } from "../shared/notion-ids";
import { editRoutes } from "./control-edits";
import { tokenOr404, withBody, type ControlHandler, type Reply } from "./control-handler";
import { HttpError, MAX_BODY } from "./errors";
import { controlBodies, faultSchema } from "./schemas";
import { newSecret, resetState, type StubState, type Token } from "./state";
import { webhookSettingsSchema } from "./webhooks";

/** The control API under `/__stub/`: tokens and sharing, OAuth consent, faults, rate, clock, edits, webhooks, reset. */

const shareOrUnshare = (share: boolean) =>
  withBody(controlBodies.share, (stub, b, reply) => {
    const token = tokenOr404(stub, b.token, reply);
    if (!token) return;
    const pageId = dashed(b.pageId);
    if (share) {
      token.shared.add(pageId);
      token.withheld?.delete(pageId);
    } else if (!token.shared.delete(pageId)) (token.withheld ??= new Set()).add(pageId);
    reply(200, { ok: true, shared: [...token.shared] });
  });

const tokenRoutes: Record<string, ControlHandler> = {
  tokens: withBody(controlBodies.token, (stub, b, reply) => {
    const token: Token = { token: b.token ?? newSecret("ntn"), kind: "internal", shared: new Set(b.pages.map(dashed)), revoked: false, botId: crypto.randomUUID() };
    stub.tokens.set(token.token, token);
    reply(200, { token: token.token });
  }),
  share: shareOrUnshare(true),
  unshare: shareOrUnshare(false),
  rotate: withBody(controlBodies.rotate, (stub, b, reply) => {
    const old = tokenOr404(stub, b.token, reply);
    if (!old) return;
    old.revoked = true;
    const token: Token = { ...old, shared: new Set(old.shared), revoked: false, token: b.newToken ?? newSecret("ntn") };
    stub.tokens.set(token.token, token);
    reply(200, { token: token.token });
  }),
  // What an owner removing the connection in Notion does: every OAuth access token answers 401, every refresh token invalid_grant.
  "revoke-oauth": (stub, _body, reply) => {
    let revoked = 0;
    for (const token of stub.tokens.values()) {
      if (token.kind !== "oauth" || token.grantRevoked) continue;
      token.revoked = true;
      token.grantRevoked = true;
      revoked += 1;
    }
    reply(200, { ok: true, revoked });
  },
  revoke: withBody(controlBodies.revoke, (stub, b, reply) => {
    const token = tokenOr404(stub, b.token, reply);
    if (!token) return;
    token.revoked = true;
    reply(200, { ok: true });
  }),
  oauth: withBody(controlBodies.consent, (stub, b, reply) => {
    const { consent } = stub;
    stub.consent = {
      mode: b.mode ?? consent.mode,
      pages: b.pages ? b.pages.map(dashed) : consent.pages,
      tokenTtlSeconds: b.tokenTtlSeconds === undefined ? consent.tokenTtlSeconds : b.tokenTtlSeconds,
    };
    reply(200, stub.consent);
  }),
};

const serviceRoutes: Record<string, ControlHandler> = {
  faults: withBody(faultSchema, (stub, b, reply) => {
    stub.faults.push({ ...b, remaining: b.times ?? Number.POSITIVE_INFINITY });
    reply(200, { ok: true, queued: stub.faults.length });
  }),
  "rate-limit": withBody(controlBodies.rateLimit, (stub, b, reply) => {
    stub.ratePerSecond = b.requestsPerSecond;
    stub.recent.clear();
    reply(200, { ok: true });
  }),
  clock: withBody(controlBodies.clock, (stub, b, reply) => {
    stub.clock = { offsetMs: b.offsetMs ?? stub.clock.offsetMs, fileTtlSeconds: b.fileTtlSeconds ?? stub.clock.fileTtlSeconds };
    reply(200, stub.clock);
  }),
  webhooks: withBody(webhookSettingsSchema, async (stub, b, reply) => {
    await stub.webhooks.configure(b);
    reply(200, { ok: true, verificationToken: stub.webhooks.verificationToken });
  }),
  "webhooks/flush": async (stub, _body, reply) => {
    await stub.webhooks.flush();
    reply(200, { ok: true });
  },
  "webhooks/verification": async (stub, _body, reply) => {
    await stub.webhooks.sendVerification();
    reply(200, { ok: true });
  },
  reset: (stub, _body, reply) => {
    resetState(stub);
    reply(200, { ok: true });
  },
};

const POST_ROUTES: Record<string, ControlHandler> = { ...tokenRoutes, ...serviceRoutes, ...editRoutes };

function answerGet(stub: StubState, route: string, reply: Reply): boolean {
  if (route === "calls") reply(200, stub.calls);
  else if (route === "webhooks") reply(200, { url: stub.webhooks.url, verificationToken: stub.webhooks.verificationToken, deliveries: stub.webhooks.deliveries });
  else if (route === "roots") reply(200, stub.ws.roots);
  else return false;
  return true;
}

export async function handleControl(stub: StubState, route: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const reply: Reply = (status, body) => sendJson(res, status, body);
  if (req.method === "GET" && answerGet(stub, route, reply)) return;
  if (req.method !== "POST") return reply(405, { message: "Method not allowed" });
  const read = await readControlBody(req, MAX_BODY);
  if (!read.ok) return reply(400, { message: "Body must be JSON" });
  const { body } = read;
  const handler = Object.hasOwn(POST_ROUTES, route) ? POST_ROUTES[route] : undefined;
  if (!handler) return reply(404, { message: "Unknown control route" });
  try {
    await handler(stub, body, reply);
  } catch (err) {
    if (err instanceof HttpError) return reply(err.status, { message: err.message });
    throw err;
  }
}
