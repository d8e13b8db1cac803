"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useSession } from "next-auth/react";
import { useTopLoader } from "nextjs-toploader";
import { initializePaddle, type PaddleEventData } from "@paddle/paddle-js";
import type { PlanProduct } from "@/core/billing/get-products-for-change-plan";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { userRpc, siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { runAction } from "@/components/run-action";
import { formatPrice } from "@/lib/currency";
import { readPublicConfig, requirePublicValue } from "@/lib/public-config";
import { CONVERSION } from "@/integrations/tracking";
import { trackConversion } from "@/components/tracking/browser";
import { checkoutCustomData, purchaseOf } from "@/lib/checkout";

const intervalLabel = (p: PlanProduct) => (p.frequency === 1 ? `per ${p.interval}` : `every ${p.frequency} ${p.interval}s`);

/** Shown by the plan section from the moment the upgrade lands, and kept after the page refreshes to show Pro. */
export function UpgradedNotice() {
  return (
    <p role="status" className="rounded-md border border-emerald-700 bg-emerald-950 p-3 text-sm text-emerald-200">
      You&apos;re upgraded: every Pro feature is on for this site.
    </p>
  );
}

/**
 * Upgrading a site: Paddle's overlay checkout (sandbox outside production), then waiting — streamed — for the webhook
 * to land, so the owner sees "you're upgraded" as soon as the site really is.
 */
export function UpgradeOptions({ site, products, onUpgraded }: { site: SiteOverview; products: PlanProduct[]; onUpgraded: () => void }) {
  const { data: session } = useSession();
  const loader = useTopLoader();
  const router = useRouter();
  const [phase, setPhase] = useState<"idle" | "checkout" | "waiting" | "upgraded" | "timeout">("idle");
  const [checks, setChecks] = useState(0);
  const waiting = useRef<AbortController | null>(null);

  useEffect(() => () => waiting.current?.abort(), []);

  const waitForUpgrade = useCallback(async () => {
    setPhase("waiting");
    waiting.current = new AbortController();
    const result = await runAction(() =>
      siteRpc.stream("waitForSubscription", { siteId: site.siteId, timeoutMs: 60_000 }, () => setChecks((n) => n + 1), { signal: waiting.current!.signal }),
    );
    if (result?.active) {
      setPhase("upgraded");
      onUpgraded();
      router.refresh();
    } else setPhase("timeout");
  }, [router, site.siteId, onUpgraded]);

  const open = (product: PlanProduct) =>
    runAction(async () => {
      const config = readPublicConfig();
      const customData = checkoutCustomData({ userId: session?.user?.id, email: session?.user?.email, siteId: site.siteId });
      loader.start();
      setPhase("checkout");
      const paddle = await initializePaddle({
        environment: config.paddleEnv,
        token: requirePublicValue(config.paddleClientToken, "PADDLE_CLIENT_TOKEN"),
        eventCallback: (event: PaddleEventData) => {
          if (event.name === "checkout.loaded") {
            loader.done();
            trackConversion(config.tracking, CONVERSION.upgradeIntent, { plan: product.plan, priceId: product.priceId });
          } else if (event.name === "checkout.completed") {
            const purchase = purchaseOf(event.data);
            trackConversion(config.tracking, CONVERSION.upgrade, { plan: product.plan, value: purchase?.value ?? product.amount, currency: purchase?.currency ?? product.currency });
            void waitForUpgrade();
          } else if (event.name === "checkout.closed") {
            loader.done();
            setPhase((p) => (p === "checkout" ? "idle" : p));
          }
        },
      });
      if (!paddle) throw new Error("The payment page could not load, please try again");
      paddle.Checkout.open({
        items: [{ priceId: product.priceId, quantity: 1 }],
        ...(customData.email ? { customer: { email: customData.email } } : {}),
        customData,
      });
    }).catch(() => loader.done());

  // The notice itself is the plan section's: this list goes away once the refreshed page shows the Pro plan.
  if (phase === "upgraded") return null;
  if (phase === "waiting" || phase === "timeout") {
    return (
      <p role="status" className="text-sm text-neutral-300">
        {phase === "waiting"
          ? `Payment received, activating your plan… (${checks} ${checks === 1 ? "check" : "checks"})`
          : "Your payment went through, but the plan has not arrived yet. It usually does within a minute: reload this page soon."}
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {products.map((p) => (
        <li key={p.priceId} className="rounded-md border border-neutral-700 p-4">
          <p className="font-medium">{p.name}</p>
          <p className="mt-1 text-2xl font-semibold">
            {formatPrice(p.amount, p.currency)} <span className="text-sm font-normal text-neutral-400">{intervalLabel(p)}</span>
          </p>
          <Button className="mt-3" loading={phase === "checkout"} onClick={() => void open(p)}>
            Upgrade to {p.name} {p.interval === "year" ? "yearly" : "monthly"}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** A paying site moves between the catalogue's prices (monthly ↔ yearly) through Paddle's API. */
export function ChangePrice({ site, products, currentPriceId }: { site: SiteOverview; products: PlanProduct[]; currentPriceId: string | null }) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const others = products.filter((p) => p.priceId !== currentPriceId);
  if (!others.length) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {others.map((p) => (
        <Button
          key={p.priceId}
          variant="secondary"
          loading={pending === p.priceId}
          onClick={async () => {
            setPending(p.priceId);
            const done = await runAction(() => userRpc.call("changeSubscriptionPlan", { siteId: site.siteId, priceId: p.priceId }), { success: "Plan changed" });
            setPending(null);
            if (done) router.refresh();
          }}
        >
          Switch to {formatPrice(p.amount, p.currency)} {intervalLabel(p)}
        </Button>
      ))}
    </div>
  );
}
