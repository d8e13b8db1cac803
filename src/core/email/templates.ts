import { PRODUCT_NAME } from "@/lib/brand";
import { renderEmail, type RenderedEmail } from "./render-email";

/**
 * Every email the product sends (docs/product.md §1, §7): each returns a subject, an HTML body and its plain-text alternative.
 */

export function welcomeEmail(p: { appUrl: string; name?: string | null }): RenderedEmail {
  return renderEmail({
    subject: `Welcome to ${PRODUCT_NAME}`,
    preview: "Publish your first Notion page in a minute.",
    blocks: [
      { kind: "heading", text: `Welcome to ${PRODUCT_NAME}${p.name ? `, ${p.name}` : ""}!` },
      { kind: "paragraph", text: "Share a Notion page to the web, paste its link, and it becomes a fast website: a blog, a changelog, a roadmap, docs or a help desk." },
      { kind: "button", label: "Create your first site", url: `${p.appUrl}/new-site` },
      { kind: "paragraph", text: "Reply to this email if anything is unclear — a person reads every answer." },
    ],
  });
}

export function magicLinkEmail(p: { url: string; host: string }): RenderedEmail {
  return renderEmail({
    subject: `Sign in to ${PRODUCT_NAME}`,
    preview: "Your sign-in link, valid for 24 hours.",
    blocks: [
      { kind: "heading", text: `Sign in to ${PRODUCT_NAME}` },
      { kind: "paragraph", text: `Click the button to sign in to ${p.host}. The link works once and expires in 24 hours.` },
      { kind: "button", label: "Sign in", url: p.url },
    ],
    footer: [{ kind: "note", text: "If you did not ask for this email, you can ignore it: nobody can sign in without the link." }],
  });
}

/**
 * The double opt-in mail. Anyone can type any address into a subscribe form, so nothing in it is the owner's text:
 * a fixed subject, and the site named by its address on our domain or theirs.
 */
export function subscriberConfirmationEmail(p: { siteAddress: string; confirmUrl: string; accentColor?: string }): RenderedEmail {
  return renderEmail({
    subject: "Confirm your subscription",
    preview: "One click and you're subscribed.",
    accentColor: p.accentColor,
    blocks: [
      { kind: "heading", text: "Confirm your subscription" },
      { kind: "paragraph", text: `Someone — hopefully you — asked to get new posts from ${p.siteAddress} by email. Confirm with the button below.` },
      { kind: "button", label: "Confirm subscription", url: p.confirmUrl },
      { kind: "note", text: "The button works once, within 24 hours." },
    ],
    footer: [{ kind: "note", text: `If you did not subscribe, ignore this email: you will not hear from us again. Sent by ${PRODUCT_NAME} on behalf of ${p.siteAddress}.` }],
  });
}

export function cancellationReceivedEmail(p: { appUrl: string }): RenderedEmail {
  return renderEmail({
    subject: "We received your cancellation",
    blocks: [
      { kind: "heading", text: "Your cancellation is received" },
      { kind: "paragraph", text: `Thanks for telling us why you are leaving — it goes straight to the people who build ${PRODUCT_NAME}.` },
      { kind: "paragraph", text: "Your sites stay online; paid features stop at the end of the period you paid for." },
      { kind: "button", label: "Open your dashboard", url: `${p.appUrl}/dashboard` },
    ],
  });
}

export function cancellationReasonTeamEmail(p: { userEmail: string; reason: string; text: string; siteId?: string; subId?: string }): RenderedEmail {
  return renderEmail({
    subject: `Cancellation: ${p.reason} (${p.userEmail})`,
    blocks: [
      { kind: "heading", text: "A customer cancelled" },
      { kind: "paragraph", text: `Who: ${p.userEmail}` },
      { kind: "paragraph", text: `Reason: ${p.reason}` },
      ...(p.siteId ? [{ kind: "paragraph" as const, text: `Site: ${p.siteId}` }] : []),
      ...(p.subId ? [{ kind: "paragraph" as const, text: `Subscription: ${p.subId}` }] : []),
      { kind: "quote", text: p.text || "(no comment)" },
    ],
  });
}

/** To the owner, once per run of failed syncs: what Notion said, how to fix it, and that visitors are fine. */
export function syncFailingEmail(p: { siteName: string; siteAddress: string; error: string; failingSince: Date; settingsUrl: string }): RenderedEmail {
  return renderEmail({
    subject: `${p.siteName} can't be updated from Notion`,
    preview: p.error,
    blocks: [
      { kind: "heading", text: `${p.siteName} can't be updated from Notion` },
      { kind: "paragraph", text: `Since ${p.failingSince.toUTCString()}, every sync of ${p.siteAddress} has failed. Notion's answer:` },
      { kind: "quote", text: p.error },
      { kind: "paragraph", text: "Visitors keep seeing the last good version of your site. Once the cause is fixed, the next sync brings your edits in; “Sync now” on the site's General screen tries at once." },
      { kind: "button", label: "Open the site's settings", url: p.settingsUrl },
    ],
    footer: [{ kind: "note", text: "You get this email once per problem: not again until a sync has worked and then failed anew." }],
  });
}

/**
 * Notion refused a connection for good (its access was revoked): ONE email for the connection, naming every site
 * read through it, instead of one "can't be updated" email per site.
 */
export function connectionRefusedEmail(p: {
  workspaceName: string | null;
  notionReason: string;
  refusedAt: Date;
  kind: "oauth" | "internal";
  sites: { name: string; address: string }[];
  settingsUrl: string;
}): RenderedEmail {
  const workspace = p.workspaceName ? `your Notion workspace “${p.workspaceName}”` : "your Notion workspace";
  const count = p.sites.length === 1 ? "1 site" : `${p.sites.length} sites`;
  return renderEmail({
    subject: `Notion no longer accepts the connection to ${p.workspaceName ?? "your workspace"}: reconnect it`,
    preview: p.notionReason,
    blocks: [
      { kind: "heading", text: "Notion refused your connection" },
      { kind: "paragraph", text: `Since ${p.refusedAt.toUTCString()}, Notion refuses the connection ${PRODUCT_NAME} reads ${workspace} through, so ${count} can't be updated. Notion's answer:` },
      { kind: "quote", text: p.notionReason },
      ...p.sites.map((site) => ({ kind: "paragraph" as const, text: `• ${site.name} — ${site.address}` })),
      {
        kind: "paragraph",
        text:
          p.kind === "oauth"
            ? "Visitors keep seeing the last good version of each site. Click “Reconnect Notion” on a site's General screen and allow access again: every site above is updated at once."
            : "Visitors keep seeing the last good version of each site. Copy the integration's secret again (Notion → Settings → Connections → your integration → Configuration) and paste it on a site's General screen: every site above is updated at once.",
      },
      { kind: "button", label: "Reconnect Notion", url: p.settingsUrl },
    ],
    footer: [{ kind: "note", text: "You get this email once per refusal, for all the sites on this connection. Nothing is sent to Notion until you reconnect." }],
  });
}

/**
 * The double opt-in mail of a roadmap's votes and ideas. Like the subscription mail, anyone can trigger it, so it
 * carries no owner text: a fixed subject and the site named by its address.
 */
export function voterConfirmationEmail(p: { siteAddress: string; confirmUrl: string; accentColor?: string }): RenderedEmail {
  return renderEmail({
    subject: "Confirm your email to vote",
    preview: "One click and your vote counts.",
    accentColor: p.accentColor,
    blocks: [
      { kind: "heading", text: "Confirm your email" },
      { kind: "paragraph", text: `Someone — hopefully you — voted on the roadmap at ${p.siteAddress}. Confirm with the button below; after that, votes on this roadmap are one click from this browser.` },
      { kind: "button", label: "Confirm and vote", url: p.confirmUrl },
      { kind: "note", text: "The button works once, within 24 hours." },
    ],
    footer: [{ kind: "note", text: `If this was not you, ignore this email: nothing is counted without the link. Sent by ${PRODUCT_NAME} on behalf of ${p.siteAddress}.` }],
  });
}

/** The confirmation of one suggested idea: its link sends that idea to the owner and nothing else (no owner or visitor text). */
export function ideaConfirmationEmail(p: { siteAddress: string; confirmUrl: string; accentColor?: string }): RenderedEmail {
  return renderEmail({
    subject: "Confirm your email to send your idea",
    preview: "One click and your idea reaches the team.",
    accentColor: p.accentColor,
    blocks: [
      { kind: "heading", text: "Confirm your idea" },
      { kind: "paragraph", text: `Someone — hopefully you — suggested an idea on the roadmap at ${p.siteAddress}. Confirm with the button below to send it to the team.` },
      { kind: "button", label: "Confirm and send the idea", url: p.confirmUrl },
      { kind: "note", text: "The button works once, within 24 hours." },
    ],
    footer: [{ kind: "note", text: `If this was not you, ignore this email: the idea is not sent without the link. Sent by ${PRODUCT_NAME} on behalf of ${p.siteAddress}.` }],
  });
}

/** The confirmation of one comment: its link publishes (or queues for the owner) that comment and nothing else. */
export function commentConfirmationEmail(p: { siteAddress: string; confirmUrl: string; accentColor?: string }): RenderedEmail {
  return renderEmail({
    subject: "Confirm your email to post your comment",
    preview: "One click and your comment is posted.",
    accentColor: p.accentColor,
    blocks: [
      { kind: "heading", text: "Confirm your comment" },
      { kind: "paragraph", text: `Someone — hopefully you — wrote a comment on ${p.siteAddress}. Confirm with the button below to post it; after that, comments from this browser need no email.` },
      { kind: "button", label: "Confirm and post", url: p.confirmUrl },
      { kind: "note", text: "The button works once, within 24 hours." },
    ],
    footer: [{ kind: "note", text: `If this was not you, ignore this email: nothing is posted without the link. Sent by ${PRODUCT_NAME} on behalf of ${p.siteAddress}.` }],
  });
}

/** "An item you voted for moved": sent once per status change to each voter (and the idea's author). */
export function roadmapStatusEmail(p: { siteName: string; title: string; fromStatus: string; toStatus: string; itemUrl: string; unsubscribeUrl: string; accentColor?: string; shippedIn?: { title: string; url: string }[] }): RenderedEmail {
  // A shipped item names the changelog entries that announce it.
  const entries = (p.shippedIn ?? []).slice(0, 3).flatMap((e) => [
    { kind: "paragraph" as const, text: `Shipped in ${e.title}` },
    { kind: "button" as const, label: `Read ${e.title}`, url: e.url },
  ]);
  return renderEmail({
    subject: `${p.title}: ${p.toStatus} — ${p.siteName}`,
    preview: `Moved from ${p.fromStatus} to ${p.toStatus}`,
    accentColor: p.accentColor,
    blocks: [
      { kind: "note", text: `Roadmap update from ${p.siteName}` },
      { kind: "heading", text: p.title },
      { kind: "paragraph", text: `An item you voted for moved from ${p.fromStatus} to ${p.toStatus}.` },
      { kind: "button", label: "See the item", url: p.itemUrl },
      ...entries,
    ],
    footer: [
      { kind: "note", text: `You get this email because you voted on the roadmap of ${p.siteName}.` },
      { kind: "button", label: "Unsubscribe", url: p.unsubscribeUrl },
    ],
  });
}

/** An approved idea someone voted for joined another item on the board: their vote went with it. */
export function ideaMergedEmail(p: { siteName: string; title: string; intoTitle: string; itemUrl: string; unsubscribeUrl: string; accentColor?: string }): RenderedEmail {
  return renderEmail({
    subject: `${p.title}: merged into ${p.intoTitle} — ${p.siteName}`,
    preview: `Your vote now counts for ${p.intoTitle}`,
    accentColor: p.accentColor,
    blocks: [
      { kind: "note", text: `Roadmap update from ${p.siteName}` },
      { kind: "heading", text: p.title },
      { kind: "paragraph", text: `The team merged this idea into ${p.intoTitle}. Your vote now counts for ${p.intoTitle}, and you hear from us when it moves.` },
      { kind: "button", label: `See ${p.intoTitle}`, url: p.itemUrl },
    ],
    footer: [
      { kind: "note", text: `You get this email because you voted on the roadmap of ${p.siteName}.` },
      { kind: "button", label: "Unsubscribe", url: p.unsubscribeUrl },
    ],
  });
}

/** An approved idea someone voted for was taken off the roadmap after all, with the team's reply. */
export function ideaDeclinedEmail(p: { siteName: string; title: string; reply: string; unsubscribeUrl: string; accentColor?: string }): RenderedEmail {
  return renderEmail({
    subject: `${p.title}: not planned — ${p.siteName}`,
    preview: `An answer from ${p.siteName}`,
    accentColor: p.accentColor,
    blocks: [
      { kind: "note", text: `Roadmap update from ${p.siteName}` },
      { kind: "heading", text: p.title },
      { kind: "paragraph", text: "The team decided not to build this idea after all, and took it off the roadmap." },
      ...(p.reply ? [{ kind: "quote" as const, text: p.reply }] : []),
    ],
    footer: [
      { kind: "note", text: `You get this email because you voted on the roadmap of ${p.siteName}.` },
      { kind: "button", label: "Unsubscribe", url: p.unsubscribeUrl },
    ],
  });
}

/** The owner's answer to a rejected idea, mailed to the idea's (confirmed) author. */
export function ideaRejectedEmail(p: { siteName: string; title: string; reply: string; accentColor?: string }): RenderedEmail {
  return renderEmail({
    subject: `About your idea: ${p.title}`,
    preview: `An answer from ${p.siteName}`,
    accentColor: p.accentColor,
    blocks: [
      { kind: "note", text: `Your idea on the roadmap of ${p.siteName}` },
      { kind: "heading", text: p.title },
      { kind: "paragraph", text: "The team decided not to add this idea to the roadmap." },
      ...(p.reply ? [{ kind: "quote" as const, text: p.reply }] : []),
    ],
  });
}

/** To the owner, once an hour at most: many wrong passwords on their protected site, and what happens next. */
export function passwordGuessingEmail(p: { siteName: string; siteAddress: string; wrongTries: number; minutes: number; limit: number; settingsUrl: string }): RenderedEmail {
  return renderEmail({
    subject: "Someone is guessing your site's password",
    preview: `${p.wrongTries} wrong passwords on ${p.siteName} within ${p.minutes} minutes.`,
    blocks: [
      { kind: "heading", text: `${p.wrongTries} wrong passwords on ${p.siteName}` },
      { kind: "paragraph", text: `Visitors of ${p.siteAddress} have entered ${p.wrongTries} wrong passwords within ${p.minutes} minutes. If that is not your readers mistyping, someone may be guessing.` },
      {
        kind: "paragraph",
        text: `After ${p.limit} wrong passwords in an hour the password form stops accepting tries until the hour ends; visitors who are already in stay in. You can lift that early on the site's Access screen. A long password (a few words) can't be guessed this way.`,
      },
      { kind: "button", label: "Open the site's settings", url: p.settingsUrl },
    ],
    footer: [{ kind: "note", text: "You get this email at most once an hour." }],
  });
}

/** A webhook endpoint turned off after failing again and again: which one, and where to turn it back on. */
export function webhookDisabledEmail(p: { url: string; siteAddress: string; manageUrl: string }): RenderedEmail {
  return renderEmail({
    subject: `A webhook of ${p.siteAddress} was turned off`,
    preview: "Its deliveries kept failing.",
    blocks: [
      { kind: "heading", text: "A webhook was turned off" },
      { kind: "paragraph", text: `Deliveries to ${p.url} failed again and again, so we stopped sending to it. Fix the endpoint, then make it anew; failed deliveries can be replayed.` },
      { kind: "button", label: "Open the site's settings", url: p.manageUrl },
    ],
  });
}

/** An invitation to help run a site: who asked, which role, and the one-use link (it signs the invitee in first). */
export function siteInvitationEmail(p: { siteName: string; inviterEmail: string; role: string; acceptUrl: string; expiresInDays: number }): RenderedEmail {
  return renderEmail({
    subject: `${p.inviterEmail} invited you to ${p.siteName} on ${PRODUCT_NAME}`,
    preview: `Join ${p.siteName} as ${p.role}.`,
    blocks: [
      { kind: "heading", text: `Join ${p.siteName}` },
      { kind: "paragraph", text: `${p.inviterEmail} invited you to help run ${p.siteName} on ${PRODUCT_NAME}, as ${p.role}. The link works once and expires in ${p.expiresInDays} days.` },
      { kind: "button", label: "Accept the invitation", url: p.acceptUrl },
    ],
    footer: [{ kind: "note", text: "If you don't know this person, ignore this email: nothing happens without the link." }],
  });
}
