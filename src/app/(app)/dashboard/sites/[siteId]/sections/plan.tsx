"use client";

import { useEffect, useState } from "react";
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

/** SPEC §3: the pending-dialog setting (isOpen, subId, reason), so a cancellation in progress survives a reload. */
const PENDING_DIALOG_KEY = "pending-cancellation-dialog";

export function PlanSection({ site, billing }: { site: SiteOverview; billing: boolean }) {
  const [code, setCode] = useState("");
  const redeeming = useSave();
  const plan = site.plan;
  const label = !billing ? "Self-hosted: every feature is unlocked" : plan ? (plan.provider === "lifetime" ? "Lifetime deal" : `Paid (${plan.status})`) : "Free";
  return (
    <div className="space-y-6">
      <Panel title="Plan" description={<span data-testid="plan-label">{label}</span>}>
        {plan && plan.unitPrice ? (
          <p className="text-sm text-neutral-300">
            {plan.unitPrice} {plan.currency} per period
          </p>
        ) : null}
        {plan ? <CancelPlan site={site} /> : null}
      </Panel>
      <Panel title="Redeem a code" description="A lifetime-deal code gives this site a paid plan for good.">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void redeeming.save(() => userRpc.call("redeemCode", { code, siteId: site.siteId }), "Code redeemed").then((r) => r && setCode(""));
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
    </div>
  );
}

/** The cancellation dialog (state shape 2: isOpen, reason, subId, siteId): asks why before the plan is cancelled. */
function CancelPlan({ site }: { site: SiteOverview }) {
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
              .save(() => siteRpc.call("sendCancellationReason", { siteId: dialog.siteId, subId: dialog.subId || undefined, reason: dialog.reason, text }), "Thank you, we read every answer")
              .then((r) => r && close());
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
