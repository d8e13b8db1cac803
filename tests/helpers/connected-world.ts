import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { notionApiStubControl } from "../../tools/notion-api-stub/control";
import { createNotionApiStub, type NotionApiStub } from "../../tools/notion-api-stub/server";
import { createPlunkStub, type PlunkStub } from "../../tools/plunk-stub/server";
import { startSitesApp, WORKSPACE, type SitesApp } from "./sites";
import { until } from "./until";
import { expectWebhookVerification, OPERATOR_EMAIL } from "./webhook-verification";

/**
 * The world of a connected-site test: the official-API stand-in (`api`, `control`) on the demo workspace, the
 * product pointed at it, and optionally the OAuth client, an email stand-in (`plunk`) and a public-API workspace
 * without some pages (they are private: only the official API reaches them). Polling is off (REVALIDATE_SECONDS 3600):
 * only webhooks and explicit syncs refresh, so a test sees exactly what it caused.
 */
export type ConnectedWorld = {
  api: NotionApiStub;
  control: ReturnType<typeof notionApiStubControl>;
  s: SitesApp;
  url: string;
  plunk: PlunkStub | null;
  /** Opens the verification window as the operator, points the stand-in's webhooks at the product and waits for the verification handshake to be accepted. */
  connectWebhooks(): Promise<void>;
  stop(): Promise<void>;
};

export type ConnectedWorldOptions = {
  /** The OAuth client's id and secret, so "Connect Notion" works. */
  oauth?: boolean;
  /** A Plunk stand-in for the product's email. */
  email?: boolean;
  /** Workspace files (e.g. "docs.json") the public-API stand-in leaves out. */
  privatePages?: string[];
  /** More variables (they win over the world's). */
  env?: Record<string, string>;
};

/** A copy of the demo workspace without these files, for the public-API stand-in. */
function publicWorkspaceWithout(files: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "public-ws-"));
  for (const entry of fs.readdirSync(WORKSPACE)) if (!files.includes(entry)) fs.cpSync(path.join(WORKSPACE, entry), path.join(dir, entry), { recursive: true });
  return dir;
}

export async function startConnectedWorld(opts: ConnectedWorldOptions = {}): Promise<ConnectedWorld> {
  const api = await createNotionApiStub({ dataDir: WORKSPACE });
  const control = notionApiStubControl(api.url);
  const plunk = opts.email ? await createPlunkStub() : null;
  const env: Record<string, string> = {
    ...(opts.oauth ? { NOTION_OAUTH_CLIENT_ID: api.clientId, NOTION_OAUTH_CLIENT_SECRET: api.clientSecret } : {}),
    NOTION_OFFICIAL_API_BASE: api.url,
    NOTION_FILE_HOSTS: api.url,
    ...(plunk ? { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>" } : {}),
    REVALIDATE_SECONDS: "3600",
    // The operator who opens the window in which a webhook verification token is taken.
    ADMIN_EMAILS: OPERATOR_EMAIL,
    ...opts.env,
  };
  let s: SitesApp;
  try {
    s = await startSitesApp([], { env, workspaceDir: opts.privatePages ? publicWorkspaceWithout(opts.privatePages) : undefined });
  } catch (err) {
    await api.close();
    await plunk?.close();
    throw err;
  }
  const url = s.app.url;
  return {
    api,
    control,
    s,
    url,
    plunk,
    connectWebhooks: async () => {
      await expectWebhookVerification(url);
      await control.webhooks({ url: `${url}/api/webhooks/notion` });
      await until(async () => (await control.deliveries()).deliveries.some((d) => d.kind === "verification" && d.status === 200));
    },
    stop: async () => {
      await s.stop();
      await plunk?.close();
      await api.close();
    },
  };
}

/**
 * Waits until nothing has reached the official-API stand-in for `quietMs`: a refresh the product began by itself (a
 * webhook's, or the first sync still running its after-publish hooks once its state says done) has ended, so what the
 * test changes next is met only by what the test does. "Sync now" shares a refresh already running, which read Notion
 * before the change and would answer with its result.
 */
export async function untilNotionQuiet(control: ReturnType<typeof notionApiStubControl>, quietMs = 1000, timeoutMs = 20_000): Promise<void> {
  let last = (await control.calls()).total;
  let since = Date.now();
  const end = Date.now() + timeoutMs;
  while (Date.now() - since < quietMs) {
    if (Date.now() > end) throw new Error(`the official-API stand-in was still being called after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
    const total = (await control.calls()).total;
    if (total !== last) [last, since] = [total, Date.now()];
  }
}
