import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createOfficialClient } from "@/notion/official/client";

/**
 * A connection's requests under the cluster's budget are not held to the paced queue's 3 at a time, even when the
 * same secret was used once without the budget before (adding an internal integration checks it with users.me).
 * A local server holds every request until eight are in flight or a moment has passed, and reports the most it saw.
 */

let server: http.Server;
let baseUrl: string;
let inFlight = 0;
let mostInFlight = 0;
const waiting: (() => void)[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const answer = () => {
      inFlight--;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "user", id: "u1", type: "bot", bot: {} }));
    };
    waiting.push(answer);
    const release = () => waiting.splice(0).forEach((a) => a());
    if (waiting.length >= 6) release();
    else setTimeout(release, 300).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("a budgeted client keeps its own queue after the same secret was used unbudgeted", async () => {
  const secret = `secret-${Date.now()}`;
  await createOfficialClient({ token: secret, baseUrl }).users.me({});
  mostInFlight = 0;
  const budgeted = createOfficialClient({ token: secret, baseUrl, budget: (send) => send() });
  await Promise.all(Array.from({ length: 6 }, () => budgeted.users.me({})));
  expect(mostInFlight).toBe(6);
});

it("an unbudgeted client stays paced at 3 requests at a time", async () => {
  mostInFlight = 0;
  const paced = createOfficialClient({ token: `other-${Date.now()}`, baseUrl });
  await Promise.all(Array.from({ length: 6 }, () => paced.users.me({})));
  expect(mostInFlight).toBe(3);
});
