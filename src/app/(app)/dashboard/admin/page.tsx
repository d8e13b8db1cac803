import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireSession } from "@/auth/session";
import { getWebhookVerification } from "@/core/notion-connections/get-webhook-verification";
import { isOperator } from "@/core/users/is-operator";
import { notionHealth } from "@/notion/request-watch";
import { getRuntime } from "@/runtime";
import { ExpectVerificationButton } from "./expect-verification-button";

export const metadata: Metadata = { title: "Admin" };
export const dynamic = "force-dynamic";

/**
 * The operator's screen (ADMIN_EMAILS only; anyone else gets the 404 page, so the screen's existence isn't shown):
 * the Notion webhook verification token to paste into the integration's settings, and the watch on Notion.
 */
export default async function AdminPage() {
  const session = await requireSession();
  const runtime = getRuntime();
  if (!isOperator(runtime.env.ADMIN_EMAILS, session.user.email)) notFound();
  const verification = await getWebhookVerification(runtime.notionConnections);
  const health = notionHealth();
  const canary = runtime.notionWatch.canary?.status() ?? null;
  return (
    <div className="mx-auto max-w-3xl space-y-8 p-6">
      <h1 className="text-2xl font-semibold">Admin</h1>
      <section className="space-y-2">
        <h2 className="text-lg font-medium">Notion webhooks</h2>
        <p className="text-sm text-neutral-300">
          Webhook URL for your Notion integration: <code>{`${runtime.env.APP_URL}/api/webhooks/notion`}</code>
        </p>
        {verification.token ? (
          <>
            <p className="text-sm text-neutral-300">
              Verification token (received {verification.receivedAt?.toISOString()}) — paste it into the integration&apos;s Webhooks tab to verify the subscription:
            </p>
            <code data-testid="webhook-verification-token" className="block break-all rounded bg-neutral-900 p-3 text-sm">
              {verification.token}
            </code>
            <p className="text-sm text-neutral-300" data-testid="webhook-verification-state">
              {verification.confirmedAt
                ? `Signed events are arriving (the first at ${verification.confirmedAt.toISOString()}): connected sites follow Notion's webhooks.`
                : "Waiting for the first signed event from Notion: until one arrives, connected sites keep polling Notion at the usual pace."}
            </p>
          </>
        ) : (
          <p className="text-sm text-neutral-300" data-testid="webhook-verification-token">
            No verification token yet: choose “Expect Notion&apos;s verification request” below, then create the webhook subscription in Notion with the URL above (or use “Resend token” there) within 15 minutes; Notion then sends the token here.
          </p>
        )}
        {verification.expectingUntil ? (
          <p className="text-sm text-amber-300">Expecting Notion&apos;s verification request until {verification.expectingUntil.toISOString()}.</p>
        ) : null}
        <p className="text-sm text-neutral-400">
          A verification request is taken only in the 15 minutes after you ask for it here, so nobody else can choose the key that signs webhooks.
          {verification.token ? " Asking again replaces the stored token: events are refused until you verify the subscription in Notion with the new one." : ""}
        </p>
        <ExpectVerificationButton replaces={Boolean(verification.token)} />
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-medium">Notion status: {health.status === "ok" && canary?.ok !== false ? "ok" : "degraded"}</h2>
        {health.failing.map((f) => (
          <p key={`${f.api} ${f.endpoint}`} className="text-sm text-amber-300">
            {f.api} API, {f.endpoint}: {f.reason} (since {f.since})
          </p>
        ))}
        <p className="text-sm text-neutral-300">
          {canary
            ? `Canary page ${canary.pageId}: ${canary.ok === null ? "not checked yet" : canary.ok ? `ok (${canary.checkedAt})` : `failing at ${canary.endpoint ?? "?"}: ${canary.error}`}`
            : "No canary page (NOTION_CANARY_PAGE) set."}
        </p>
      </section>
    </div>
  );
}
