/** Subscribers, feedback, analytics and billing replies. */
import { sendCancellationReason, sendCancellationReasonInput } from "@/core/billing/send-cancellation-reason";
import { waitForSubscription, waitForSubscriptionInput } from "@/core/billing/wait-for-subscription";
import { getTextFeedback, getTextFeedbackInput } from "@/core/feedback/get-text-feedback";
import { getSiteAnalytics, getSiteAnalyticsInput } from "@/core/analytics/get-site-analytics";
import { getViewTrends } from "@/core/analytics/get-view-trends";
import { siteIdOnly, siteSubscribersToCsv } from "@/core/subscribers/site-subscribers-to-csv";
import { method } from "../method";
import { empty, billingEnabled } from "./shared";

export const audienceMethods = {
  sendCancellationReason: method({
    role: "owner",
    summary: "Records why the owner cancelled",
    params: sendCancellationReasonInput,
    result: "{received: true}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => sendCancellationReason({ db: ctx.runtime.db, email: ctx.runtime.email, teamEmail: ctx.runtime.env.TEAM_EMAIL, appUrl: ctx.runtime.env.APP_URL }, ctx.ownerId, p),
  }),
  siteSubscribersToCsv: method({
    role: "admin",
    summary: "The site's email subscribers as CSV",
    params: siteIdOnly,
    result: "{fileName, csv}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => siteSubscribersToCsv(ctx.runtime.db, ctx.ownerId, p),
    audit: { action: "subscribers.exported" },
  }),
  getTextFeedback: method({
    role: "viewer",
    summary: "Visitors' feedback on the site's pages, newest first",
    params: getTextFeedbackInput,
    result: "[{path, helpful, text, createdAt}]",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getTextFeedback(ctx.runtime.db, ctx.ownerId, p),
  }),
  getSiteAnalytics: method({
    role: "viewer",
    summary: "The built-in analytics of a range of whole UTC days (default the last 7, at most 400): past days from the hourly and daily rollups, today counted from the raw events when asked (a visit shows within seconds); `live`: visitors of the last 5 minutes",
    params: getSiteAnalyticsInput,
    result:
      "{builtIn, from, to, previousFrom, previousTo, updatedAt, live: {visitors, minutes}, totals: {visitors, pageviews, searches, questions, subscriptions, widgetOpens}, previous: (same), granularity: 'hour' | 'day', series: [{t, pageviews, visitors}], pages, referrers, sources, mediums, campaigns, devices, browsers, countries, zeroResultSearches, unansweredQuestions: [{value, count, visitors}], feedback: [{path, helpful, notHelpful}]}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => getSiteAnalytics(ctx.runtime.db, ctx.ownerId, p),
  }),
  getViewTrends: method({
    role: "self",
    readOnly: true,
    summary: "Page views of each of the owner's sites over the last 14 days, for the site cards' sparklines",
    params: empty,
    result: "[{siteId, days: string[], pageviews: number[]}]",
    run: (ctx) => getViewTrends(ctx.runtime.db, ctx.userId),
  }),
  waitForSubscription: method({
    role: "owner",
    summary: "Waits until the site's subscription is active (streams each check with Accept: text/event-stream)",
    params: waitForSubscriptionInput,
    result: "{siteId, active, billing: 'on' | 'off'}",
    errors: ["NOT_FOUND"],
    streaming: true,
    run: (ctx, p) => waitForSubscription({ db: ctx.runtime.db, billingEnabled: billingEnabled(ctx) }, ctx.ownerId, p, { signal: ctx.signal, onCheck: ctx.emit }),
  }),
};
