import { desc, eq } from "drizzle-orm";
import { subscriptions } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { PLANS, type PaidFeature } from "@/lib/plans";
import { featuresOf, pausedFeatures } from "./features-of";
import { isPlanId, type BillingDeps } from "./site-plan";

/** What the dashboard tells an owner whose paid plan ended: when, what is paused, and how to get it back. */
export type PlanLapse = { planName: string; endedAt: string; paused: PaidFeature[]; message: string };

/** How the lapse message names each paused feature (password is said separately: the site stays locked). */
const PAUSED_PHRASES: Record<Exclude<PaidFeature, "password">, string> = {
  customDomain: "your custom domain (visitors are sent to the site's own address)",
  aiChatbot: "the AI chatbot",
  widget: "the widget",
  analyticsCustomization: "Google Analytics or Plausible on your site",
  removeBadge: "hiding the badge",
  subscriberEmails: "new-post emails",
  ownerCode: "your own head and body code",
};

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

const joinPhrases = (xs: string[]) => (xs.length < 2 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);

export function planLapseMessage(planName: string, endedAt: Date, paused: readonly PaidFeature[]): string {
  const phrases = paused.filter((f): f is Exclude<PaidFeature, "password"> => f !== "password").map((f) => PAUSED_PHRASES[f]);
  const parts = [`Your ${planName} plan ended on ${DATE.format(endedAt)}.`];
  if (phrases.length) {
    const list = joinPhrases(phrases);
    parts.push(`${list[0]!.toUpperCase()}${list.slice(1)} ${phrases.length > 1 ? "are" : "is"} paused; your settings are kept.`);
  }
  if (paused.includes("password")) {
    parts.push(`Your site stays password-protected: the password still works for your visitors, and you can remove it, but changing it needs the ${planName} plan.`);
  }
  parts.push(paused.length ? "Renew to turn everything back on." : `Renew to use the ${planName} features again.`);
  return parts.join(" ");
}

/**
 * The site's lapsed plan, for its owner (someone else's site is NOT_FOUND): null when billing is off, the site has
 * a live paid plan, or it never had one. Nothing is deleted when a plan ends; this says what stopped applying.
 */
export async function getPlanLapse(deps: BillingDeps, ownerId: string, siteId: string, now = new Date()): Promise<PlanLapse | null> {
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  if (!deps.billingEnabled) return null;
  const features = await featuresOf(deps, site.id, now);
  if (features.plan !== "free") return null;
  const [last] = await deps.db.select().from(subscriptions).where(eq(subscriptions.siteId, site.id)).orderBy(desc(subscriptions.updatedAt)).limit(1);
  if (!last || !isPlanId(last.plan) || last.plan === "free") return null;
  const endedAt = last.endsAt && last.endsAt.getTime() <= now.getTime() ? last.endsAt : last.updatedAt;
  const paused = pausedFeatures(site, parseSiteSettings(site.settings), features);
  const planName = PLANS[last.plan].name;
  return { planName, endedAt: endedAt.toISOString(), paused, message: planLapseMessage(planName, endedAt, paused) };
}
