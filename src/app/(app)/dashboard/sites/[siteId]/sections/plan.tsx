"use client";

import { useCallback, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import type { PlanProduct } from "@/core/billing/get-products-for-change-plan";
import { runAction } from "@/components/run-action";
import { formatPrice } from "@/lib/currency";
import { FEATURE_LABELS, PLANS } from "@/lib/plans";
import { ChangePrice, UpgradedNotice, UpgradeOptions } from "./plan-checkout";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc, userRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Dialog, useDialogState } from "@/components/dialog";
import { Panel, SelectField, TextArea, TextField } from "@/components/fields";
import { useSave } from "./use-save";

const REASONS = [
  { value: "too_expensive", label: "Too expensive" },
  { value: "missing_features", label: "Missing features" },
  { value: "switched_service", label: "Switched to another service" },
  { value: "unused", label: "I don't use it enough" },
  { value: "technical_issues", label: "Technical issues" },
  { value: "other", label: "Something else" },
] as const;
type Reason = (typeof REASONS)[number]["value"];

/** docs/product.md §3: the pending-dialog setting (isOpen, subId, reason), so a cancellation in progress survives a reload. */
const PENDING_DIALOG_KEY = "pending-cancellation-dialog";

export function PlanSection({ site, billing }: { site: SiteOverview; billing: boolean }) {
  const [code, setCode] = useState("");
  const redeeming = useSave();
  const router = useRouter();
  const [catalogue, setCatalogue] = useState<{ products: PlanProduct[] } | null>(null);
  const [upgraded, setUpgraded] = useState(false);
  const onUpgraded = useCallback(() => setUpgraded(true), []);
  const plan = site.plan;
  useEffect(() => {
    if (!billing) return;
    void runAction(() => userRpc.call("getProductsForChangePlan", { siteId: site.siteId }, { timeoutMs: 15_000 })).then((r) => r && setCatalogue(r));
  }, [billing, site.siteId]);
  const label = !billing
    ? "Self-hosted: every feature is unlocked"
    : plan
      ? plan.provider === "lifetime"
        ? "Pro — lifetime deal"
        : `Pro (${plan.status === "past_due" ? "payment past due" : plan.status})`
      : "Free";
  const date = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
  return (
    <div className="space-y-6">
      <Panel title="Plan" description={<span data-testid="plan-label">{label}</span>}>
        {upgraded ? <UpgradedNotice /> : null}
        {plan?.unitPrice && plan.currency ? (
          <p className="text-sm text-neutral-300">
            {formatPrice(Number(plan.unitPrice), plan.currency)} per billing period
            {plan.endsAt ? ` · ends on ${date(plan.endsAt)}` : plan.nextBilledAt ? ` · next payment on ${date(plan.nextBilledAt)}` : ""}
          </p>
        ) : null}
        {billing && !plan ? (
          <div className="space-y-3">
            <ul className="list-inside list-disc text-sm text-neutral-300">
              {PLANS.pro.features.map((f) => (
                <li key={f}>{FEATURE_LABELS[f]}</li>
              ))}
            </ul>
            {catalogue ? <UpgradeOptions site={site} products={catalogue.products} onUpgraded={onUpgraded} /> : <p className="text-sm text-neutral-400">Loading prices…</p>}
          </div>
        ) : null}
        {billing && plan?.provider === "paddle" && !plan.endsAt ? (
          <div className="flex flex-wrap items-center gap-2">
            {catalogue ? <ChangePrice site={site} products={catalogue.products} currentPriceId={plan.priceId} /> : null}
            <CancelPlan site={site} onCancelled={() => router.refresh()} />
          </div>
        ) : null}
      </Panel>
      {/* Self-hosted, every feature is already unlocked: a code would change nothing. */}
      {billing ? (
      <Panel title="Redeem a code" description="A lifetime-deal code gives this site the Pro plan for good.">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void redeeming.save(() => userRpc.call("redeemCode", { code, siteId: site.siteId }), "Code redeemed: this site is on Pro for good").then((r) => {
              if (!r) return;
              setCode("");
              router.refresh();
            });
          }}
        >
          <div className="min-w-0 flex-1">
            <TextField label="Code" autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} />
          </div>
          <Button type="submit" loading={redeeming.pending} disabled={code.trim().length < 4}>
            Redeem
          </Button>
        </form>
      </Panel>
      ) : null}
    </div>
  );
}

/** The cancellation dialog (state shape 2: isOpen, reason, subId, siteId): asks why before the plan is cancelled. */
function CancelPlan({ site, onCancelled }: { site: SiteOverview; onCancelled: () => void }) {
  const [dialog, open, close] = useDialogState<{ reason: Reason; subId: string; siteId: string }>({ reason: "too_expensive", subId: "", siteId: site.siteId });
  const [text, setText] = useState("");
  const sending = useSave();
  useEffect(() => {
    try {
      const pending = JSON.parse(localStorage.getItem(PENDING_DIALOG_KEY) ?? "null") as { isOpen: boolean; subId: string; reason: Reason; siteId?: string } | null;
      if (pending?.isOpen && pending.siteId === site.siteId) open({ reason: pending.reason, subId: pending.subId, siteId: site.siteId });
    } catch {
      localStorage.removeItem(PENDING_DIALOG_KEY);
    }
  }, [open, site.siteId]);
  useEffect(() => {
    if (dialog.isOpen) localStorage.setItem(PENDING_DIALOG_KEY, JSON.stringify({ isOpen: true, subId: dialog.subId, reason: dialog.reason, siteId: dialog.siteId }));
    else localStorage.removeItem(PENDING_DIALOG_KEY);
  }, [dialog]);
  return (
    <>
      <Button variant="secondary" onClick={() => open({ reason: "too_expensive", subId: "", siteId: site.siteId })}>
        Cancel plan
      </Button>
      <Dialog open={dialog.isOpen} onClose={close} title="Before you go">
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void sending
              .save(async () => {
                await siteRpc.call("sendCancellationReason", { siteId: dialog.siteId, subId: dialog.subId || undefined, reason: dialog.reason, text });
                return userRpc.call("cancelSubscription", { siteId: dialog.siteId }, { timeoutMs: 15_000 });
              }, "Your plan is cancelled: Pro stays on until the end of the period you paid for")
              .then((r) => {
                if (!r) return;
                close();
                onCancelled();
              });
          }}
        >
          <SelectField label="Why are you cancelling?" value={dialog.reason} options={[...REASONS]} onChange={(reason) => open({ reason, subId: dialog.subId, siteId: dialog.siteId })} />
          <TextArea label="Anything we should know?" value={text} onChange={setText} maxLength={2000} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Keep my plan
            </Button>
            <Button type="submit" loading={sending.pending}>
              Send and continue
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
